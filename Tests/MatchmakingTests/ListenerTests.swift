import Glibc
import InMemoryLogging
import Logging
import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import Matchmaking

/// The listening socket of both ports: bind (port 0 gives a real port), accept, close once, and
/// `::` falling back to `0.0.0.0`.
@Suite struct ListenerTests {
    /// A listener whose accepted connections are kept, and whose log lines too.
    final class Probe: Sendable {
        let log = InMemoryLogHandler()
        let accepted = Mutex<[any Channel]>([])
        let listener: Listener

        init() {
            let handler = log
            listener = Listener(group: MultiThreadedEventLoopGroup.singleton, logger: Logger(label: "test") { _ in handler })
        }

        func bind(host: String, port: Int = 0) async throws -> SocketAddress {
            var limits = ServerConfiguration(name: "Test Host")
            limits.maxPendingHandshakes = 8
            return try await listener.bind(host: host, port: port, limits: limits) { [self] channel in
                accepted.withLock { $0.append(channel) }
            }
        }

        /// The fallback notices logged: their port metadata.
        var fallbacks: [String] {
            log.entries.filter { $0.message == "IPv6 unavailable, listening on IPv4 only" }.map { "\($0.metadata["port"] ?? "")" }
        }
    }

    static let group = MultiThreadedEventLoopGroup.singleton

    static func connect(_ host: String, _ port: Int) async throws -> any Channel {
        try await ClientBootstrap(group: group).connect(host: host, port: port).get()
    }

    /// Connects, sees the connection accepted, closes twice, and is refused afterwards; the
    /// connection accepted before the close stays open.
    @Test(arguments: ["::", "127.0.0.1"])
    func bindsAcceptsAndClosesOnce(host: String) async throws {
        let probe = Probe()
        let address = try await probe.bind(host: host)
        let port = try #require(address.port)
        #expect(port != 0)
        #expect(probe.listener.localAddress == address)
        let dualStack = address.ipAddress == "::"
        if host == "::" {
            // Where IPv6 is unavailable `::` falls back, and says so.
            #expect(dualStack || address.ipAddress == "0.0.0.0", "\(address)")
            #expect(probe.fallbacks == (dualStack ? [] : ["0"]))
        } else {
            #expect(address.ipAddress == "127.0.0.1")
            #expect(probe.fallbacks == [])
        }
        let reachesIPv6 = await Self.hasIPv6Loopback
        let targets = dualStack && reachesIPv6 ? ["127.0.0.1", "::1"] : ["127.0.0.1"]
        for (index, target) in targets.enumerated() {
            let client = try await Self.connect(target, port)
            try await Self.waitUntil { probe.accepted.withLock { $0.count } == index + 1 }
            try await client.close()
        }
        let open = try await Self.connect("127.0.0.1", port)
        try await Self.waitUntil { probe.accepted.withLock { $0.count } == targets.count + 1 }
        let child = try #require(probe.accepted.withLock { $0.last })
        // Handed over by the child initializer, before it is active: wait for that first.
        try await Self.waitUntil { child.isActive }

        await probe.listener.close()
        #expect(probe.listener.localAddress == nil)
        await probe.listener.close()
        #expect(child.isActive, "a connection accepted before the close stays open")
        #expect(open.isActive)
        try await open.close()
        for target in targets {
            do {
                let late = try await Self.connect(target, port)
                try? await late.close()
                Issue.record("\(target):\(port) accepted a connection after the close")
            } catch {
                #expect(TransportFailure.reason(error) == "connection refused", "\(target): \(error)")
            }
        }
    }

    /// `::` that cannot be bound falls back to `0.0.0.0` on the same port, and says so once.
    /// Where IPv6 works, an IPv6-only socket already listening on the port makes `::` fail.
    @Test func anUnbindableIPv6AnyFallsBackToIPv4() async throws {
        let holder = try? await Self.ipv6OnlyListener()  // nil: `::` cannot be bound here anyway
        let port = holder?.localAddress?.port ?? 0
        let probe = Probe()
        let address = try await probe.bind(host: "::", port: port)
        #expect(address.ipAddress == "0.0.0.0")
        if port != 0 { #expect(address.port == port) }
        #expect(probe.fallbacks == ["\(port)"])
        let client = try await Self.connect("127.0.0.1", try #require(address.port))
        try await Self.waitUntil { probe.accepted.withLock { $0.count } == 1 }
        try await client.close()
        await probe.listener.close()
        try await holder?.close()
    }

    /// A socket listening on `[::]` and a free port, for IPv6 only (NIO's default is both).
    static func ipv6OnlyListener() async throws -> any Channel {
        try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socket(SocketOptionLevel(IPPROTO_IPV6), SocketOptionName(IPV6_V6ONLY)), value: 1)
            .bind(host: "::", port: 0).get()
    }

    /// Whether `::1` can be bound (and so reached) here.
    static var hasIPv6Loopback: Bool {
        get async {
            guard let channel = try? await ServerBootstrap(group: group).bind(host: "::1", port: 0).get() else { return false }
            try? await channel.close()
            return true
        }
    }

    /// Waits (at most 5 s) until `condition` holds.
    static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }
}
