import NIOCore
import NIOPosix
import NIOSSL

@testable import SecureLink

/// A man in the middle for tests: accepts TLS with a certificate of its own, opens TLS to the
/// real host (accepting whatever key it shows) and passes the bytes both ways.
struct TLSRelay {
    let port: Int
    let channel: any Channel

    static func start(to hostPort: Int, identity: HostIdentity) async throws -> TLSRelay {
        var server = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(identity.certificate)], privateKey: .privateKey(identity.privateKey))
        server.minimumTLSVersion = .tlsv13
        let serverContext = try NIOSSLContext(configuration: server)
        var client = TLSConfiguration.makeClientConfiguration()
        client.certificateVerification = .none
        let clientContext = try NIOSSLContext(configuration: client)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { inbound in
                inbound.eventLoop.makeCompletedFuture {
                    let toPlayer = Glue()
                    try inbound.pipeline.syncOperations.addHandlers(NIOSSLServerHandler(context: serverContext), toPlayer)
                    ClientBootstrap(group: inbound.eventLoop)
                        .channelInitializer { outbound in
                            outbound.eventLoop.makeCompletedFuture {
                                let toHost = Glue()
                                try outbound.pipeline.syncOperations.addHandlers(
                                    try NIOSSLClientHandler(context: clientContext, serverHostname: nil), toHost)
                                toHost.pair(with: toPlayer)
                            }
                        }
                        .connect(host: "127.0.0.1", port: hostPort)
                        .whenFailure { _ in inbound.close(promise: nil) }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TLSRelay(port: channel.localAddress!.port!, channel: channel)
    }
}

/// One end of a relay: what it reads is written to its partner, and a close closes both. Both
/// ends live on one event loop, so no locks.
final class Glue: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    private var partner: Glue?
    private var context: ChannelHandlerContext?
    private var pending: [ByteBuffer] = []

    /// Joins two ends (on their shared event loop); what either read meanwhile goes across now.
    func pair(with other: Glue) {
        partner = other
        other.partner = self
        for buffer in pending { other.write(buffer) }
        for buffer in other.pending { write(buffer) }
        pending = []
        other.pending = []
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        if let partner { partner.write(buffer) } else { pending.append(buffer) }
    }

    private func write(_ buffer: ByteBuffer) { context?.writeAndFlush(NIOAny(buffer), promise: nil) }

    func channelInactive(context: ChannelHandlerContext) {
        partner?.context?.close(promise: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { context.close(promise: nil) }
}
