import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP proxy on loopback that holds every byte for `delay` in each direction, in order: a
/// player on a slow link, for the fairness tests. ``holdUpstream()`` keeps what the player sends
/// in the proxy until ``releaseUpstream()``: a test makes another player's message arrive first
/// however late a loaded machine runs it.
final class DelayProxy: Sendable {
    let port: Int
    private let listener: any Channel
    /// The player-to-host forwarder of each connection so far, with its event loop.
    private typealias Upstream = NIOLockedValueBox<[(loop: any EventLoop, forwarder: NIOLoopBound<DelayForwarder>)]>
    private let upstream: Upstream

    private init(listener: any Channel, upstream: Upstream) {
        self.listener = listener
        self.port = listener.localAddress!.port!
        self.upstream = upstream
    }

    static func start(to targetPort: Int, delay: TimeAmount) async throws -> DelayProxy {
        let upstream = Upstream([])
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { inbound in
                ClientBootstrap(group: inbound.eventLoop)
                    .channelOption(.tcpOption(.tcp_nodelay), value: 1)
                    .connect(host: "127.0.0.1", port: targetPort)
                    .flatMapThrowing { outbound in
                        let toHost = DelayForwarder(peer: outbound, delay: delay)
                        upstream.withLockedValue { $0.append((inbound.eventLoop, NIOLoopBound(toHost, eventLoop: inbound.eventLoop))) }
                        try inbound.pipeline.syncOperations.addHandler(toHost)
                        try outbound.pipeline.syncOperations.addHandler(DelayForwarder(peer: inbound, delay: delay))
                    }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return DelayProxy(listener: listener, upstream: upstream)
    }

    /// From now on, what the players send stays in the proxy (their delay still counts).
    func holdUpstream() async throws { try await setHeld(true) }

    /// Lets what the players sent through: what is already due goes at once, in order.
    func releaseUpstream() async throws { try await setHeld(false) }

    private func setHeld(_ held: Bool) async throws {
        for (loop, forwarder) in upstream.withLockedValue({ $0 }) {
            try await loop.submit { forwarder.value.setHeld(held) }.get()
        }
    }

    func close() async { try? await listener.close() }
}

/// Forwards what one side reads to the other side `delay` later (or once released, if held
/// longer). Both channels share an event loop.
final class DelayForwarder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let peer: any Channel
    private let delay: TimeAmount
    private var queue: [(due: NIODeadline, bytes: ByteBuffer)] = []
    private var held = false

    init(peer: any Channel, delay: TimeAmount) {
        self.peer = peer
        self.delay = delay
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let due = NIODeadline.now() + delay
        queue.append((due, unwrapInboundIn(data)))
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(deadline: due) { bound.value.flushDue() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        let peer = self.peer
        context.eventLoop.scheduleTask(in: delay + .milliseconds(1)) { peer.close(promise: nil) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    fileprivate func setHeld(_ held: Bool) {
        self.held = held
        flushDue()
    }

    private func flushDue() {
        guard !held else { return }
        let now = NIODeadline.now()
        var wrote = false
        while let first = queue.first, first.due <= now {
            queue.removeFirst()
            peer.write(first.bytes, promise: nil)
            wrote = true
        }
        if wrote { peer.flush() }
    }
}
