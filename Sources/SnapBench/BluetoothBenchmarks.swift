import Discovery
import FoundationEssentials
import Logging
import Matchmaking
import Rendezvous
import NIOCore
import NIOPosix
import ServiceLifecycle

/// A bulk game message: `text` is the payload.
struct Blob: Codable, Sendable {
    var seq: Int
    var text: String
}

/// Benchmarks over real RFCOMM between two local controllers (run inside the VM of
/// scripts/testbed-bt): the host serves on `hostAdapter` through bluetoothd (BluetoothHosting,
/// exactly as `snap-host serve`), the client joins from `clientAdapter`. Baseline for the round
/// trip: raw RFCOMM sockets between the same controllers (kernel listener on another channel).
enum BluetoothBenchmarks {
    struct Host {
        let server: MatchmakingServer
        let group: ServiceGroup
        let run: Task<Void, any Error>
        let address: BluetoothAddress
        /// One element per `Blob` the host's game got.
        let blobs: AsyncStream<Void>
        let game: Task<Void, Never>
    }

    static let channel = 7
    static let rawChannel = 12
    static let rawThroughputChannel = 11

    static func logger() -> Logger {
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        return logger
    }

    /// Starts a host that serves on `adapter` over RFCOMM and returns once it accepts there.
    static func startHost(adapter: String) async throws -> Host {
        var configuration = ServerConfiguration(name: "Bench Host")
        configuration.capacity = 8
        configuration.host = "127.0.0.1"
        configuration.port = 0
        let server = try MatchmakingServer(configuration: configuration, logger: logger())
        _ = try await server.start()
        let (listening, ready) = AsyncStream.makeStream(of: BluetoothAdapter.self)
        let hosting = BluetoothHosting(server: server, adapter: adapter, channel: channel, logger: logger()) { local, _ in
            ready.yield(local)
            ready.finish()
        }
        let group = ServiceGroup(configuration: .init(services: [.init(service: server), .init(service: hosting)], logger: logger()))
        let run = Task { try await group.run() }
        var iterator = listening.makeAsyncIterator()
        guard let local = await iterator.next() else { throw BenchError("the host never listened on Bluetooth") }
        // The host's game, one consumer of the session's messages for the whole run (a consumer
        // task that is cancelled ends an AsyncStream for good): counts each `Blob`, echoes the
        // rest to its sender.
        let session = server.session
        let (blobs, blobSink) = AsyncStream.makeStream(of: Void.self)
        let game = Task {
            for await case .message(let message) in session.inputs {
                if (try? message.decode(Blob.self)) != nil {
                    blobSink.yield(())
                } else {
                    try? session.send(message.body, to: .peer(message.from))
                }
            }
        }
        return Host(server: server, group: group, run: run, address: local.address, blobs: blobs, game: game)
    }

    static func stop(_ host: Host) async {
        host.game.cancel()
        await host.group.triggerGracefulShutdown()
        _ = try? await host.run.value
    }

    static func join(_ host: Host, from adapter: String, name: String) async throws -> PlayerSession {
        try await MatchmakingClient.join(
            .rfcomm(address: host.address.description, channel: channel, adapter: adapter), configuration: .init(playerName: name),
            logger: logger())
    }

    /// Round trip of one small message through the session (client -> host game -> client).
    static func sessionRoundTrip(_ host: Host, from adapter: String, rounds: Int) async throws -> [UInt64] {
        let client = try await join(host, from: adapter, name: "Pinger")
        let samples = try await echoRoundTrips(client, rounds: rounds)
        await client.quit()
        return samples
    }

    /// Payload bytes per second from client to host game: `count` messages of `size` bytes of
    /// text, timed from the first send until the host's game has the last one.
    static func sessionThroughput(_ host: Host, from adapter: String, count: Int, size: Int) async throws -> Double {
        let client = try await join(host, from: adapter, name: "Sender")
        let text = String(repeating: "x", count: size)
        let start = now()
        for seq in 0..<count { try client.send(Blob(seq: seq, text: text)) }
        var received = 0
        for await _ in host.blobs {
            received += 1
            if received == count { break }
        }
        guard received == count else { throw BenchError("the host got \(received) of \(count) messages") }
        let end = now()
        await client.quit()
        return Double(count * size) / (Double(end - start) / 1e9)
    }

    /// Round trip of `size` bytes over raw RFCOMM sockets between the same controllers: the
    /// baseline (kernel RFCOMM, no framing, no JSON, no NIO).
    static func rawRoundTrip(hostAdapter: String, clientAdapter: String, rounds: Int, size: Int) throws -> [UInt64] {
        let local = try BluetoothAdapter(named: hostAdapter)
        let listener = try RFCOMMListener(adapter: local, channel: rawChannel, logger: logger()) { fd, _ in
            // Echo on the listener's own thread: read what comes, write it back.
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                var sent = 0
                while sent < n {
                    let m = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + sent, n - sent) }
                    if m <= 0 { break }
                    sent += m
                }
            }
            close(fd)
        }
        defer { listener.close() }
        let fd = try RFCOMM.connect(to: local.address, channel: rawChannel, adapter: try BluetoothAdapter(named: clientAdapter))
        defer { close(fd) }
        var out = [UInt8](repeating: 7, count: size)
        var input = [UInt8](repeating: 0, count: size)
        var samples: [UInt64] = []
        for round in 0..<(rounds + rounds / 10) {
            let start = now()
            guard out.withUnsafeMutableBytes({ write(fd, $0.baseAddress!, size) }) == size else { throw BenchError("raw write failed") }
            var got = 0
            while got < size {
                let n = input.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, size - got) }
                guard n > 0 else { throw BenchError("raw read failed") }
                got += n
            }
            if round >= rounds / 10 { samples.append(now() - start) }
        }
        return samples
    }

    /// Payload bytes per second over raw RFCOMM sockets between the same controllers, measured
    /// as ``sessionThroughput(_:from:count:size:)`` is: `count` writes of `size` bytes, timed from
    /// the first write until the receiver has every byte (it answers one byte then).
    static func rawThroughput(hostAdapter: String, clientAdapter: String, count: Int, size: Int) throws -> Double {
        let local = try BluetoothAdapter(named: hostAdapter)
        let expected = count * size
        let listener = try RFCOMMListener(adapter: local, channel: rawThroughputChannel, logger: logger()) { fd, _ in
            var buffer = [UInt8](repeating: 0, count: 65536)
            var total = 0
            while total < expected {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                total += n
            }
            var done: UInt8 = 1
            _ = write(fd, &done, 1)
            close(fd)
        }
        defer { listener.close() }
        let fd = try RFCOMM.connect(to: local.address, channel: rawThroughputChannel, adapter: try BluetoothAdapter(named: clientAdapter))
        defer { close(fd) }
        var out = [UInt8](repeating: 120, count: size)
        let start = now()
        for _ in 0..<count {
            var sent = 0
            while sent < size {
                let n = out.withUnsafeMutableBytes { write(fd, $0.baseAddress! + sent, size - sent) }
                guard n > 0 else { throw BenchError("raw write failed") }
                sent += n
            }
        }
        var done: UInt8 = 0
        guard read(fd, &done, 1) == 1 else { throw BenchError("the raw receiver did not get every byte") }
        return Double(expected) / (Double(now() - start) / 1e9)
    }
}
