import NIOCore
import NIOWebSocket

/// The host's end of a host page's WebSocket (`/host/ws`). The first message must unlock it
/// (``HostPage/answer(toFirst:from:at:)``): the right PIN or a token; any other answer is sent
/// and the connection closed (one try per connection), as is a connection that sends nothing
/// within ``firstMessageTimeout``. Once unlocked the page watches the ``ScreenFeed`` as a host
/// page, and each message it sends is a host command (a message that is none is answered
/// `{"type":"error","text":…}`).
final class HostPageLink: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// Time a page has to send its first message.
    static let firstMessageTimeout = TimeAmount.seconds(10)

    private let page: HostPage
    private var unlocked = false
    private var closing = false
    private var deadline: Scheduled<Void>?

    init(page: HostPage) { self.page = page }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: Self.firstMessageTimeout) { channel.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard frame.opcode == .text || frame.opcode == .binary else {
            WebSocketFrame.answerControl(frame, context: context)
            return
        }
        guard !closing else { return }
        let message = frame.unmaskedData
        if unlocked {
            if let error = page.command(message) { write(error.json, context: context) }
            return
        }
        let address = context.channel.remoteAddress?.ipAddress ?? "?"
        let answer = page.answer(toFirst: message, from: address, at: .now())
        write(answer.json, context: context)
        guard case .unlocked = answer else {
            closing = true
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.close(.policyViolation, allocator: channel.allocator)))
                .whenComplete { _ in channel.close(promise: nil) }
            return
        }
        unlocked = true
        deadline?.cancel()
        deadline = nil
        page.feed.add(context.channel, as: .hostPage)
    }

    /// A message too large (or any other error): the page is closed; it reconnects with its token.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if unlocked { page.feed.remove(context.channel) }
        context.fireChannelInactive()
    }

    private func write(_ json: String, context: ChannelHandlerContext) {
        let frame = WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(string: json))
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }
}
