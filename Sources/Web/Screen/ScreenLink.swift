import NIOCore
import NIOWebSocket

/// The host's end of a TV page's WebSocket: registers the channel with the ``ScreenFeed``
/// (which writes to it), tells it when the socket takes writes again, answers pings and closes,
/// and ignores anything else the page sends.
final class ScreenLink: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let feed: ScreenFeed
    private var added = false

    init(feed: ScreenFeed) { self.feed = feed }

    func handlerAdded(context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        added = true
        let local = context.channel.remoteAddress.map(WebServer.isLoopback) ?? false
        feed.add(context.channel, as: .screen(local: local))
    }

    /// The socket takes writes again: the feed writes the states that waited (``ScreenFeed/writable(_:)``).
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if added { feed.writable(context.channel) }
        context.fireChannelWritabilityChanged()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        WebSocketFrame.answerControl(unwrapInboundIn(data), context: context)
    }

    /// A message too large (or any other error): the screen is closed; it reconnects afresh.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if added { feed.remove(context.channel) }
        context.fireChannelInactive()
    }
}
