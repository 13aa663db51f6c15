import NIOCore
import NIOPosix

/// A TCP proxy on loopback that holds every byte for `delay` in each direction, in order: a
/// player on a slow link, for the fairness tests.
final class DelayProxy: Sendable {
    let port: Int
    private let listener: any Channel

    private init(listener: any Channel) {
        self.listener = listener
        self.port = listener.localAddress!.port!
    }

    static func start(to targetPort: Int, delay: TimeAmount) async throws -> DelayProxy {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { inbound in
                ClientBootstrap(group: inbound.eventLoop)
                    .channelOption(.tcpOption(.tcp_nodelay), value: 1)
                    .connect(host: "127.0.0.1", port: targetPort)
                    .flatMapThrowing { outbound in
                        try inbound.pipeline.syncOperations.addHandler(DelayForwarder(peer: outbound, delay: delay))
                        try outbound.pipeline.syncOperations.addHandler(DelayForwarder(peer: inbound, delay: delay))
                    }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return DelayProxy(listener: listener)
    }

    func close() async { try? await listener.close() }
}

/// Forwards what one side reads to the other side `delay` later. Both channels share an event loop.
private final class DelayForwarder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let peer: any Channel
    private let delay: TimeAmount
    private var queue: [(due: NIODeadline, bytes: ByteBuffer)] = []

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

    private func flushDue() {
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
