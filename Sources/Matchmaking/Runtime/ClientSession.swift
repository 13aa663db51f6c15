import FoundationEssentials
import NIOConcurrencyHelpers
import NIOCore

/// A client's admitted connection: who it is, who else is here, the game's messages, and how it
/// ended. Thread-safe; each stream supports one consumer.
public final class ClientSession: Sendable {
    /// The client's own player.
    public let me: Peer
    /// The host's own player (id 0).
    public let host: Peer
    /// The players present when the client was admitted.
    public let initialPeers: [Peer]
    /// The protocol version in use.
    public let version: Int
    /// The game the host runs, as its `serverHello` said (`lobby`, `trivia`, ...).
    public let game: String
    /// Game messages from the host and other players.
    public let messages: AsyncStream<SessionMessage>
    /// Other players joining and leaving.
    public let events: AsyncStream<ClientEvent>
    private let channel: any Channel
    private let endedFuture: EventLoopFuture<EndReason>
    private let clockBox: NIOLockedValueBox<ClockEstimate?>

    init(
        welcome: Welcome, game: String, channel: any Channel, messages: AsyncStream<SessionMessage>, events: AsyncStream<ClientEvent>,
        ended: EventLoopFuture<EndReason>, clock: NIOLockedValueBox<ClockEstimate?>
    ) {
        self.me = welcome.you
        self.host = welcome.host
        self.initialPeers = welcome.peers
        self.version = welcome.version
        self.game = game
        self.channel = channel
        self.messages = messages
        self.events = events
        self.endedFuture = ended
        self.clockBox = clock
    }

    /// Who a client's message goes to.
    public enum Destination: Hashable, Sendable {
        /// The host's game (the default).
        case host
        /// Everyone but this client, the host's game included.
        case all
        /// These players (``PeerID/host`` is the host's game).
        case peers([PeerID])

        var wire: WireRecipients? {
            switch self {
            case .host: nil
            case .all: .all
            case .peers(let ids): .peers(ids)
            }
        }
    }

    /// Sends a game message (any `Encodable`, as JSON; a ``RawJSON`` as it is); reliable and ordered.
    public func send<Message: Encodable>(_ message: Message, to destination: Destination = .host) throws {
        let body = try RawJSON(encoding: message)
        channel.writeAndFlush(AppPayload.frame(body: body.bytes, from: nil, recipients: destination.wire), promise: nil)
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
