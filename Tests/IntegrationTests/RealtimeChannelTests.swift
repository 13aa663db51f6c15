import Foundation
import Logging
import NIOCore
import NIOPosix
import Testing

@testable import Matchmaking

/// The real-time channel end to end on loopback: states over UDP once the probes show the path
/// works both ways, over the link (coalesced) when datagrams are off, latest-wins either way;
/// forged and replayed datagrams are dropped and counted.
@Suite struct RealtimeChannelTests {
    struct Court: Codable, Hashable { var tick: Int }

    /// Reads the session's inputs until a state with `key` arrives whose tick is at least `tick`;
    /// the ticks read, in order (those read so far when `seconds` pass first). The bound is
    /// generous: a loaded CI machine stretches every sleep of the senders.
    static func awaitState(_ inputs: AsyncStream<SessionInput>, key: String, tick: Int, within seconds: Double = 20) async -> [Int] {
        let ticks = Box<[Int]>([])
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await input in inputs {
                    guard let message = input.message, message.key == key, let court = try? message.decode(Court.self) else { continue }
                    ticks.mutate { $0.append(court.tick) }
                    if court.tick >= tick { return }
                }
            }
            group.addTask { try? await Task.sleep(for: .seconds(seconds)) }
            await group.next()
            group.cancelAll()
        }
        return ticks.mutate { $0 }
    }

    static func join(_ host: TestHost, _ name: String, datagrams: Bool = true) async throws -> PlayerSession {
        var configuration = ClientConfiguration(playerName: name)
        configuration.datagrams = datagrams
        var logger = Logger(label: "test.client")
        logger.logLevel = .critical
        return try await MatchmakingClient.join(.tcp(host: host.host, port: host.port), configuration: configuration, logger: logger)
    }

    @Test func statesTravelOverUDPBothWaysOnceThePathWorks() async throws {
        let host = try await TestHost.start()
        let port = try #require(host.server.datagramPort, "the host opened a UDP port")
        #expect(port == host.port, "on the TCP port's number when free")
        let ann = try await Self.join(host, "Ann")
        #expect(ann.version == WireCodec.supportedVersions.last)

        // Within a few probes, the client hears the host's answers: its states go over UDP.
        let deadline = ContinuousClock.now + .seconds(5)
        while !ann.usesDatagrams, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(ann.usesDatagrams, "the client sends over UDP once the host answers its probes; drops \(host.server.datagramDrops)")

        // Host to player: a stream of states arrives, in increasing order only.
        let sending = Task {
            for tick in 1...10_000 {  // until the player has read 300 (about 1.5 s; longer on a loaded machine)
                try? host.server.session.sendState(Court(tick: tick), key: "court", to: .all)
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        let ticks = await Self.awaitState(ann.inputs, key: "court", tick: 300)
        sending.cancel()
        #expect(ticks.last ?? 0 >= 300, "\(ticks.count) states read, the last \(ticks.last ?? 0)")
        #expect(ticks == ticks.sorted() && Set(ticks).count == ticks.count, "latest-wins: never an older or repeated state")

        // Player to host: states reach the host's game with the key.
        for tick in 1...5 { try ann.sendState(Court(tick: tick), key: "paddle") }
        let got = await Self.awaitState(host.server.session.inputs, key: "paddle", tick: 5)
        #expect(got.last == 5)
        #expect(got == got.sorted())
        await ann.quit()
        await host.server.shutdown()
    }

    @Test func withoutDatagramsStatesGoOverTheLink() async throws {
        let host = try await TestHost.start()
        let bob = try await Self.join(host, "Bob", datagrams: false)
        for tick in 1...50 { try host.server.session.sendState(Court(tick: tick), key: "court", to: .all) }
        let ticks = await Self.awaitState(bob.inputs, key: "court", tick: 50)
        #expect(ticks.last == 50, "the newest state arrives over the link")
        #expect(!bob.usesDatagrams)
        try bob.sendState(Court(tick: 9), key: "paddle")
        #expect(await Self.awaitState(host.server.session.inputs, key: "paddle", tick: 9).last == 9)
        await bob.quit()
        await host.server.shutdown()
    }

    @Test func forgedReplayedAndMalformedDatagramsAreDroppedAndTheGameGoesOn() async throws {
        let host = try await TestHost.start()
        let ann = try await Self.join(host, "Ann")
        let socket = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let target = try SocketAddress(ipAddress: "127.0.0.1", port: host.server.datagramPort!)
        func send(_ bytes: [UInt8]) async throws {
            try await socket.writeAndFlush(AddressedEnvelope(remoteAddress: target, data: ByteBuffer(bytes: bytes))).get()
        }
        let wrongKey = [UInt8](repeating: 7, count: 32)
        let forged = Datagram(kind: .state, hearing: true, sender: ann.me.id, seq: 1_000, key: "paddle", body: Array(#"{"tick":99}"#.utf8))
        try await send(forged.sealed(with: .init(data: wrongKey)))  // bad tag
        try await send([1, 2, 3])  // truncated
        try await send([UInt8](repeating: 0, count: 1500))  // oversized
        var unknown = forged
        unknown.sender = PeerID(rawValue: 77)
        try await send(unknown.sealed(with: .init(data: wrongKey)))  // nobody with that id
        let deadline = ContinuousClock.now + .seconds(5)
        while host.server.datagramDrops.values.reduce(0, +) < 4, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        let drops = host.server.datagramDrops
        #expect(drops[.badTag] == 1 && drops[.truncated] == 1 && drops[.oversized] == 1 && drops[.unknownSender] == 1)

        // The player's own states still arrive, and the forged one never did.
        try ann.sendState(Court(tick: 1), key: "paddle")
        let got = await Self.awaitState(host.server.session.inputs, key: "paddle", tick: 1)
        #expect(got == [1])
        await ann.quit()
        socket.close(promise: nil)
        await host.server.shutdown()
    }
}
