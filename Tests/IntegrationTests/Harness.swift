import Foundation
import Logging
import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import Matchmaking

/// A host on a free loopback port. Heartbeats are frequent (clock tests get samples fast) but
/// the timeouts are generous: suites run in parallel on 2 cores, where a hand-written client can
/// stall past half a second between serverHello and clientHello; only the liveness tests, which
/// pass their own, should ever see a timeout.
struct TestHost {
    let server: MatchmakingServer
    let port: Int
    let host: String

    static func start(
        capacity: Int = 8, joinCode: String? = nil, host: String = "127.0.0.1",
        heartbeat: HeartbeatConfiguration = .init(interval: .milliseconds(100), timeout: .seconds(3)),
        handshakeTimeout: TimeAmount = .seconds(5), sendBufferLimit: Int = 1 << 20,
        maxPendingHandshakes: Int = 1024
    ) async throws -> TestHost {
        var configuration = ServerConfiguration(name: "Test Host")
        configuration.capacity = capacity
        configuration.joinCode = joinCode
        configuration.host = host
        configuration.port = 0
        configuration.handshakeTimeout = handshakeTimeout
        configuration.heartbeat = heartbeat
        configuration.sendBufferLimit = sendBufferLimit
        configuration.maxPendingHandshakes = maxPendingHandshakes
        var logger = Logger(label: "test.server")
        logger.logLevel = .critical
        let server = try MatchmakingServer(configuration: configuration, logger: logger)
        let address = try await server.start()
        return TestHost(server: server, port: address.port!, host: host)
    }

    func join(_ name: String, code: String? = nil) async throws(JoinError) -> PlayerSession {
        var logger = Logger(label: "test.client")
        logger.logLevel = .critical
        return try await MatchmakingClient.join(
            .tcp(host: host, port: port), configuration: ClientConfiguration(playerName: name, joinCode: code), logger: logger)
    }
}

/// The next element of a stream, or nil after `seconds`.
func next<Element: Sendable, Stream: AsyncSequence<Element, Never> & Sendable>(
    _ stream: Stream, within seconds: Double = 5
) async -> Element? {
    await withTaskGroup(of: Element?.self) { group in
        group.addTask {
            var iterator = stream.makeAsyncIterator()
            return await iterator.next(isolation: nil)
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let first = await group.next()!
        group.cancelAll()
        return first
    }
}

/// Collects `count` elements of a stream (fewer if it ends or `seconds` pass).
func collect<Element: Sendable, Stream: AsyncSequence<Element, Never> & Sendable>(
    _ count: Int, from stream: Stream, within seconds: Double = 5
) async -> [Element] {
    let box = Box<[Element]>([])
    await withTaskGroup(of: Void.self) { group in
        group.addTask {
            for await item in stream {
                if box.mutate({ $0.append(item); return $0.count >= count }) { return }
            }
        }
        group.addTask { try? await Task.sleep(for: .seconds(seconds)) }
        await group.next()
        group.cancelAll()
    }
    return box.mutate { $0 }
}

/// A locked value shared between tasks.
final class Box<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    func mutate<R: Sendable>(_ body: (inout Value) -> R) -> R { value.withLock { body(&$0) } }
}

/// Polls `condition` until it holds or `seconds` pass.
func eventually(within seconds: Double = 5, _ condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return await condition()
}

/// A numbered game message for ordering tests.
struct Numbered: Codable, Hashable, Sendable {
    var lane: String
    var n: Int
}

/// The session's messages alone, for tests that look at nothing else (each iteration consumes
/// the one input stream and skips joins and leaves).
extension HostSession {
    var messages: AsyncCompactMapSequence<AsyncStream<SessionInput>, SessionMessage> { inputs.compactMap { $0.message } }
    var events: AsyncFilterSequence<AsyncStream<SessionInput>> { inputs.filter { $0.message == nil } }
}

extension PlayerSession {
    var messages: AsyncCompactMapSequence<AsyncStream<SessionInput>, SessionMessage> { inputs.compactMap { $0.message } }
    var events: AsyncFilterSequence<AsyncStream<SessionInput>> { inputs.filter { $0.message == nil } }
}
