import NIOCore

/// The client's end of its link in a NIO pipeline (below it, the ``FrameDecoder``): decodes each
/// frame and carries it to the ``ClientRunner``, with the link's opening and closing. It holds no
/// state and decides nothing.
final class ClientLinkHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let runner: ClientRunner
    private let codec = WireCodec()

    init(runner: ClientRunner) { self.runner = runner }

    func channelActive(context: ChannelHandlerContext) {
        runner.transportOpened(context.channel)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let now = context.eventLoop.now
        do throws(ProtocolViolation) {
            let message = try codec.decode(unwrapInboundIn(data))
            runner.event { machine, _ in machine.received(message, now: now) }
        } catch {
            runner.violation(error)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let secured = event as? LinkSecured {
            runner.event { machine, _ in machine.secured(channelBinding: secured.channelBinding) }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let refused = error as? LinkRefused {
            runner.event { machine, _ in machine.linkRefused(refused.description) }
        } else if let violation = error as? ProtocolViolation {
            runner.violation(violation)
        } else if case ByteToMessageDecoderError.dataReceivedInErrorState? = error as? ByteToMessageDecoderError {
            // More bytes after the frame that broke the protocol, which was answered already.
        } else {
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        runner.event { machine, _ in machine.transportClosed() }
        context.fireChannelInactive()
    }
}
