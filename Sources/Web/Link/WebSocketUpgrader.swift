import NIOCore
import NIOHTTP1
import NIOWebSocket

/// The web port's WebSocket upgrader. NIO's upgrader does the handshake (the key, the version,
/// the 101's `Sec-WebSocket-Accept`, the host's own check of the path and origin) and sets up the
/// screens' and host pages' sockets, whose links write `WebSocketFrame`s through NIO's encoder. A
/// player's socket (``Assets/playerSocket``) gets NIO's decoder but no encoder and no error
/// handler: its ``WebSocketLink`` writes its messages' bytes itself (``ServerFrames``) and
/// answers protocol errors itself. (NIO's encoder cannot be taken out of a pipeline once added.)
final class WebSocketUpgrader: HTTPServerProtocolUpgrader, Sendable {
    let supportedProtocol = "websocket"
    let requiredUpgradeHeaders: [String] = []
    private let nio: NIOWebSocketServerUpgrader
    private let maxFrame: Int
    private let player: @Sendable (any Channel) throws -> Void

    /// An upgrader accepting what `nio` accepts; a player's socket, with frames up to `maxFrame`
    /// bytes, is handed to `player` with NIO's decoder in place.
    init(nio: NIOWebSocketServerUpgrader, maxFrame: Int, player: @escaping @Sendable (any Channel) throws -> Void) {
        self.nio = nio
        self.maxFrame = maxFrame
        self.player = player
    }

    func buildUpgradeResponse(
        channel: any Channel, upgradeRequest: HTTPRequestHead, initialResponseHeaders: HTTPHeaders
    ) -> EventLoopFuture<HTTPHeaders> {
        nio.buildUpgradeResponse(channel: channel, upgradeRequest: upgradeRequest, initialResponseHeaders: initialResponseHeaders)
    }

    func upgrade(context: ChannelHandlerContext, upgradeRequest: HTTPRequestHead) -> EventLoopFuture<Void> {
        guard Assets.path(of: upgradeRequest.uri) == Assets.playerSocket else {
            return nio.upgrade(context: context, upgradeRequest: upgradeRequest)
        }
        let channel = context.channel
        return channel.eventLoop.makeCompletedFuture { [maxFrame, player] in
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: maxFrame)))
            try player(channel)
        }
    }
}
