import NIOCore

/// The host's end of a link in a NIO pipeline: below it, something that turns the transport's
/// bytes into whole frame payloads (``FrameDecoder`` on a stream, one message per frame on a
/// WebSocket); it decodes each and carries it
/// to the ``HostRunner``, with the link's opening, closing and back-pressure. It holds no state
/// but the link's id, and decides nothing.
final class HostLinkHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let runner: HostRunner
    private let label: String
    private let channelBinding: [UInt8]
    private let codec = WireCodec()
    private var id: LinkID?

    /// `label` names the peer in logs: an IP address and port, `rfcomm AA:BB:...`, `local`.
    /// `channelBinding`: what the join-code proof is bound to (a TLS link's certificate hash;
    /// empty on a plain link).
    init(runner: HostRunner, label: String, channelBinding: [UInt8] = []) {
        self.runner = runner
        self.label = label
        self.channelBinding = channelBinding
    }

    /// Added to a channel that is already open (a WebSocket after its HTTP upgrade): the link
    /// opens now; otherwise when the channel becomes active.
    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive, id == nil { id = runner.linkOpened(context.channel, label: label, channelBinding: channelBinding) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if id == nil { id = runner.linkOpened(context.channel, label: label, channelBinding: channelBinding) }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let id else { return }
        let now = context.eventLoop.now
        let frame = Result { () throws(ProtocolViolation) in try codec.decode(unwrapInboundIn(data)) }
        runner.received(frame, on: id, now: now)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let id, let violation = error as? ProtocolViolation {
            runner.received(.failure(violation), on: id, now: context.eventLoop.now)
        } else if case ByteToMessageDecoderError.dataReceivedInErrorState? = error as? ByteToMessageDecoderError {
            // More bytes after a frame that broke the protocol: the machine has answered that one
            // (a farewell, then a half-close). Closing now could reset the connection and lose
            // the farewell the peer has not read yet.
        } else {
            runner.logger.debug("connection error", metadata: ["remote": "\(label)", "error": "\(error)"])
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let id { runner.linkClosed(id) }
        id = nil
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if let id, !context.channel.isWritable { runner.sendBufferFull(id) }
        context.fireChannelWritabilityChanged()
    }
}
