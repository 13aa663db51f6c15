import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP listening socket: the game port's (``MatchmakingServer``) or the web port's. Binds with
/// the host's limits, falls back to `0.0.0.0` when `::` cannot be bound (no IPv6), keeps the
/// socket, and closes it once.
package final class Listener: Sendable {
    private let group: any EventLoopGroup
    private let logger: Logger
    private let channel = NIOLockedValueBox<(any Channel)?>(nil)

    /// A listener on `group`'s loops; nothing is bound until ``bind(host:port:limits:pipeline:)``.
    package init(group: any EventLoopGroup, logger: Logger) {
        self.group = group
        self.logger = logger
    }

    /// Binds `host`:`port` and accepts connections, each set up by `pipeline` on its own loop;
    /// returns the address bound (a real port, with port 0). On `::` where that fails (no IPv6),
    /// binds `0.0.0.0` instead and logs it. From `limits`: the backlog (its pending-handshake
    /// cap) and each connection's send buffer (`sendBufferLimit`).
    package func bind(
        host: String, port: Int, limits: ServerConfiguration,
        pipeline: @escaping @Sendable (any Channel) throws -> Void
    ) async throws -> SocketAddress {
        // The listen backlog is the pending-handshake cap: below it, connections past a full
        // accept queue would sit unaccepted (no serverHello, no deadline running) for seconds in
        // a burst.
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: Int32(clamping: limits.maxPendingHandshakes))
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .childChannelOption(
                .writeBufferWaterMark, value: .init(low: limits.sendBufferLimit / 2, high: limits.sendBufferLimit))
            .childChannelInitializer { channel in channel.eventLoop.makeCompletedFuture { try pipeline(channel) } }
        let bound: any Channel
        do {
            bound = try await bootstrap.bind(host: host, port: port).get()
        } catch where host == "::" {
            logger.notice("IPv6 unavailable, listening on IPv4 only", metadata: ["port": "\(port)", "error": "\(error)"])
            bound = try await bootstrap.bind(host: "0.0.0.0", port: port).get()
        }
        channel.withLockedValue { $0 = bound }
        return bound.localAddress!
    }

    /// The address bound; nil before ``bind(host:port:limits:pipeline:)`` and after ``close()``.
    package var localAddress: SocketAddress? { channel.withLockedValue { $0?.localAddress } }

    /// Stops accepting connections (those accepted stay open). Closing again does nothing.
    package func close() async {
        let listening = channel.withLockedValue { channel -> (any Channel)? in
            defer { channel = nil }
            return channel
        }
        try? await listening?.close()
    }
}
