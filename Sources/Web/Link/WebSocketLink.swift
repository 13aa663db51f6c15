import NIOCore
import NIOWebSocket

/// A WebSocket as a host link: one text or binary message is one frame's payload.
///
/// Inbound it hands each whole message (``NIOWebSocketFrameAggregator`` below joins fragments)
/// up as a `ByteBuffer`, answers pings, and closes on a close frame. Outbound it takes what the
/// host writes (one or more frames, each with its 4-byte length prefix) and sends each frame's
/// payload as one text message; the host's half-close after a farewell becomes a close message
/// (1000) and then the half-close, so a browser reads the `bye` or `deny` and then the close.
final class WebSocketLink: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = WebSocketFrame

    private var sentClose = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .binary:
            context.fireChannelRead(wrapInboundOut(frame.unmaskedData))
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            sendClose(context: context, code: .normalClosure)
            context.close(promise: nil)
        default:
            break
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        var frames = unwrapOutboundIn(data)
        guard !sentClose else {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        // Each frame is written once the next is found, so the last one carries the promise
        // (no array per write: a broadcast makes one write per player).
        var pending: ByteBuffer?
        while let length = frames.readInteger(as: UInt32.self), let payload = frames.readSlice(length: Int(length)) {
            if let previous = pending { context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: previous)), promise: nil) }
            pending = payload
        }
        guard let last = pending else {
            promise?.succeed()
            return
        }
        context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: last)), promise: promise)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if mode != .input { sendClose(context: context, code: .normalClosure) }
        context.close(mode: mode, promise: promise)
    }

    private func sendClose(context: ChannelHandlerContext, code: WebSocketErrorCode) {
        guard !sentClose, context.channel.isActive else { return }
        sentClose = true
        context.writeAndFlush(wrapOutboundOut(.close(code, allocator: context.channel.allocator)), promise: nil)
    }
}

extension WebSocketFrame {
    /// A close message with `code` (the links' and the screens' goodbye).
    static func close(_ code: WebSocketErrorCode, allocator: ByteBufferAllocator) -> WebSocketFrame {
        var data = allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        return WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
    }

    /// Answers a control message of a page that only watches or commands (a screen, a host
    /// page): a ping with a pong, a close with a close and the end of the connection; anything
    /// else is ignored.
    static func answerControl(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        let channel = context.channel
        switch frame.opcode {
        case .ping:
            channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData), promise: nil)
        case .connectionClose:
            channel.writeAndFlush(WebSocketFrame.close(.normalClosure, allocator: channel.allocator))
                .whenComplete { _ in channel.close(promise: nil) }
        default:
            break
        }
    }
}
