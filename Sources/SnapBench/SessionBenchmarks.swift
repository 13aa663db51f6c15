import FoundationEssentials
import Logging
import Matchmaking
import NIOCore
import NIOPosix

/// A small game message: about as big as a buzzer press.
struct Press: Codable, Sendable {
    var seq: Int
    var at: Int64
}

/// Benchmarks through the real server, client and session on loopback.
enum SessionBenchmarks {
    static func startHost(capacity: Int, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async throws -> (MatchmakingServer, Int) {
        var configuration = ServerConfiguration(name: "Bench Host")
        configuration.capacity = capacity
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.maxPendingHandshakes = 4096
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        let server = try MatchmakingServer(configuration: configuration, group: group, logger: logger)
        let address = try await server.start()
        return (server, address.port!)
    }

    static func join(_ port: Int, _ name: String, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async throws -> PlayerSession {
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        return try await MatchmakingClient.join(
            .tcp(host: "127.0.0.1", port: port), configuration: .init(playerName: name), group: group, logger: logger)
    }

    /// Where the two ends of the round trip run.
    enum Placement: String {
        /// The host on one event loop, the client on the other: two threads, like the raw TCP
        /// baseline (each side's task resumes on its own channel's loop).
        case separateLoops = "separate loops"
        /// Host and client on the same event loop: one thread does all of it.
        case oneLoop = "one loop"
    }

    /// Client sends a message to the host's game, which echoes it back to the sender. The
    /// host's game task and the client's task resume on the loop of the channel that woke them
    /// (NIO runs Swift Concurrency), so `placement` decides the threads of both.
    static func roundTrip(rounds: Int, placement: Placement) async throws -> [UInt64] {
        let loops = Array(MultiThreadedEventLoopGroup.singleton.makeIterator())
        let hostLoop = loops[0]
        let clientLoop = placement == .oneLoop ? hostLoop : loops[1 % loops.count]
        let (server, port) = try await startHost(capacity: 8, group: hostLoop)
        let session = server.session
        let echo = Task {
            for await case .message(let message) in session.inputs { try? session.send(message.body, to: .peer(message.from)) }
        }
        let client = try await join(port, "Pinger", group: clientLoop)
        let samples = try await echoRoundTrips(client, rounds: rounds)
        await client.quit()
        await server.shutdown()
        echo.cancel()
        return samples
    }

    /// Time from opening the connection to having the welcome, one client at a time; each
    /// leaves again after its sample, so the host always has `resident` other players.
    static func handshake(count: Int, resident: Int) async throws -> [UInt64] {
        let (server, port) = try await startHost(capacity: 10_000)
        var others: [PlayerSession] = []
        for index in 0..<resident { others.append(try await join(port, "R\(index)")) }
        var samples: [UInt64] = []
        for index in 0..<(count + count / 10) {
            let start = now()
            let session = try await join(port, "P\(index)")
            if index >= count / 10 { samples.append(now() - start) }
            await session.quit()
        }
        await server.shutdown()
        _ = others
        return samples
    }

    /// One message from the host to all of `clients` connected players: time until the last
    /// one has it, repeated `rounds` times.
    static func fanOut(clients: Int, rounds: Int) async throws -> [UInt64] {
        let (server, port) = try await startHost(capacity: clients)
        var sessions: [PlayerSession] = []
        for index in 0..<clients { sessions.append(try await join(port, "F\(index)")) }
        var samples: [UInt64] = []
        for round in 0..<rounds {
            let start = Box(UInt64(0))
            let last = try await withThrowingTaskGroup(of: UInt64.self) { group in
                for session in sessions {
                    group.addTask {
                        var iterator = session.inputs.makeAsyncIterator()
                        while let input = await iterator.next(), input.message == nil {}  // skip joins
                        return now()
                    }
                }
                try await Task.sleep(for: .milliseconds(50))  // let every receiver wait first
                start.value = now()
                try server.session.send(Press(seq: round, at: 0), to: .all)
                return try await group.reduce(0, max)
            }
            samples.append(last - start.value)
        }
        await server.shutdown()
        return samples
    }
}

/// A value written before and read after a task group (no concurrent access).
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Times `rounds` round trips of a small message to an echoing host (after `rounds / 10`
/// warm-up rounds that are not kept), in nanoseconds.
func echoRoundTrips(_ client: PlayerSession, rounds: Int) async throws -> [UInt64] {
    var replies = client.inputs.makeAsyncIterator()
    var samples: [UInt64] = []
    samples.reserveCapacity(rounds)
    for round in 0..<(rounds + rounds / 10) {
        let start = now()
        try client.send(Press(seq: round, at: 0))
        while let input = await replies.next(), input.message == nil {}  // skip joins and leaves
        if round >= rounds / 10 { samples.append(now() - start) }
    }
    return samples
}
