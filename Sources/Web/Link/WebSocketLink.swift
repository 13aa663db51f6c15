import NIOCore
import NIOWebSocket

/// A WebSocket as a host link: one text or binary message is one frame's payload.
///
/// Inbound it hands each whole message (``NIOWebSocketFrameAggregator`` before it joins
/// fragments) up as a `ByteBuffer`, answers pings, and closes on a close message or a protocol
/// error (with the close code RFC 6455 gives it). Outbound it takes what the host writes (one or
/// more frames, each with its 4-byte length prefix) and writes the bytes of one text message per
/// frame to the socket itself (``ServerFrames``): NIO's `WebSocketFrameEncoder` is not in this
/// pipeline, so a message costs no `WebSocketFrame`, no separate header and no extra handler, and
/// a broadcast's messages are framed once per event loop and shared by every link
/// (``ServerFrames/Cache``). The host's half-close after a farewell becomes a close message
/// (1000) and then the half-close, so a browser reads the `bye` or `deny` and then the close.
final class WebSocketLink: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let cache: ServerFrames.Cache
    private var sentClose = false

    /// A link framing the host's writes with `cache`, its event loop's (a fresh one serves a
    /// link alone).
    init(cache: ServerFrames.Cache = ServerFrames.Cache()) {
        self.cache = cache
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .binary:
            context.fireChannelRead(wrapInboundOut(frame.unmaskedData))
        case .ping:
            let pong = ServerFrames.message(.pong, payload: frame.unmaskedData, allocator: context.channel.allocator)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            sendClose(context: context, code: .normalClosure)
            context.close(promise: nil)
        default:
            break
        }
    }

    /// A protocol error from NIO's decoder or aggregator (a message too large, a bad fragment):
    /// the close message with its code, then the end of the connection (what NIO's
    /// `WebSocketProtocolErrorHandler` does where its encoder is in the pipeline).
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let code = Self.closeCode(for: error) {
            sendClose(context: context, code: code)
            context.close(promise: nil)
        }
        context.fireErrorCaught(error)
    }

    /// The close code RFC 6455 §7.4.1 gives a protocol error: 1009 for a message too large,
    /// 1002 for the rest; nil for an error that is not the WebSocket's.
    static func closeCode(for error: any Error) -> WebSocketErrorCode? {
        switch error {
        case NIOWebSocketError.invalidFrameLength, NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge:
            .messageTooLarge
        case is NIOWebSocketError, is NIOWebSocketFrameAggregator.Error:
            .protocolError
        default:
            nil
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !sentClose else {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        guard let messages = cache.text(fromHostFrames: unwrapOutboundIn(data), allocator: context.channel.allocator) else {
            promise?.succeed()
            return
        }
        context.write(wrapOutboundOut(messages), promise: promise)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if mode != .input { sendClose(context: context, code: .normalClosure) }
        context.close(mode: mode, promise: promise)
    }

    private func sendClose(context: ChannelHandlerContext, code: WebSocketErrorCode) {
        guard !sentClose, context.channel.isActive else { return }
        sentClose = true
        context.writeAndFlush(wrapOutboundOut(ServerFrames.close(code, allocator: context.channel.allocator)), promise: nil)
    }
}

extension WebSocketFrame {
    /// A close message with `code` (the screens' and host pages' goodbye, through NIO's encoder).
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
