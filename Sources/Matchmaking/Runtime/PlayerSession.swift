import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// A client's admitted connection: who it is, who else is here, the game's messages, and how it
/// ended. Thread-safe; each stream supports one consumer.
public final class PlayerSession: Sendable {
    /// The client's own player.
    public let me: Peer
    /// The host's own player (id 0).
    public let host: Peer
    /// The players present when the client was admitted.
    public let initialPeers: [Peer]
    /// The protocol version in use.
    public let version: Int
    /// The game the host runs, as its `serverHello` said (`lobby`, `trivia`, ...).
    public let game: GameName
    /// Other players joining and leaving, and game messages from the host and other players, in
    /// the order they came (one consumer).
    public let inputs: AsyncStream<SessionInput>
    private let channel: any Channel
    private let endedFuture: EventLoopFuture<EndReason>
    private let clockBox: NIOLockedValueBox<ClockEstimate?>

    init(
        welcome: Welcome, game: GameName, channel: any Channel, inputs: AsyncStream<SessionInput>,
        ended: EventLoopFuture<EndReason>, clock: NIOLockedValueBox<ClockEstimate?>
    ) {
        self.me = welcome.you
        self.host = welcome.host
        self.initialPeers = welcome.peers
        self.version = welcome.version
        self.game = game
        self.channel = channel
        self.inputs = inputs
        self.endedFuture = ended
        self.clockBox = clock
    }

    /// Sends a game message (any `Encodable`, as JSON; a ``RawJSON`` as it is); reliable and ordered.
    public func send<Message: Encodable>(_ message: Message, to recipients: Recipients = .host) throws {
        let body = try RawJSON(encoding: message)
        channel.writeAndFlush(AppPayload.frame(body: body.bytes, from: nil, recipients: recipients.wire), promise: nil)
    }

    /// The estimate of the host's clock relative to ours, from the heartbeats.
    public var hostClock: ClockEstimate? { clockBox.withLockedValue { $0 } }

    /// Says `bye userQuit` and closes; returns how the connection ended (which may be something
    /// else if it had already ended).
    @discardableResult
    public func quit() async -> EndReason {
        channel.pipeline.fireUserInboundEventTriggered(ClientQuitEvent())
        return await ended()
    }

    /// Waits until the connection ends and says why.
    public func ended() async -> EndReason {
        (try? await endedFuture.get()) ?? .connectionDropped
    }
}
