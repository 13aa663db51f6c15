import FoundationEssentials
import NIOCore

/// A player's admitted connection: who it is, who else is here, the game's messages, and how it
/// ended. Thread-safe; the input stream supports one consumer.
public final class PlayerSession: Sendable {
    /// The client's own player.
    public let me: Peer
    /// The host's game as a participant (id 0, the host's name).
    public let host: Peer
    /// The players present when the client was admitted (from protocol version 4, the listed
    /// ones: see ``initialPlayerCount``).
    public let initialPeers: [Peer]
    /// The protocol version in use.
    public let version: Int
    /// The game the host runs, as its `serverHello` said (`lobby`, `trivia`, ...).
    public let game: GameName
    /// The largest frame the host takes, as its `serverHello` said.
    public let maxFrame: Int
    /// The host's id for this run, as its `serverHello` said (resume tokens are kept by it).
    public let hostID: UUID
    /// The secret that takes this seat back if the link drops (version 2; nil when the host
    /// keeps no seats). Keep it private: whoever holds it can play as this player.
    public let resumeToken: String?
    /// Whether this session took back a seat held for the client (same id, name and game state).
    /// How many players the session had when this one was admitted, itself included. Before
    /// protocol version 4 everyone but this player is in ``initialPeers``; from version 4 only the
    /// listed players are (docs/PROTOCOL.md, "Version 4").
    public let initialPlayerCount: Int
    public let resumed: Bool
    /// Other players joining and leaving, and game messages from the host and other players, in
    /// the order they came (one consumer).
    public let inputs: AsyncStream<SessionInput>
    private let runner: ClientRunner

    init(welcome: Welcome, hello: ServerHello, runner: ClientRunner, inputs: AsyncStream<SessionInput>) {
        self.me = welcome.you
        self.host = welcome.host
        self.initialPeers = welcome.peers
        self.initialPlayerCount = welcome.players ?? welcome.peers.count + 1
        self.version = welcome.version
        self.game = hello.game
        self.maxFrame = hello.maxFrame
        self.hostID = hello.serverId
        self.resumeToken = welcome.resumeToken
        self.resumed = welcome.resumed ?? false
        self.runner = runner
        self.inputs = inputs
    }

    /// Sends a game message (any `Encodable`, as JSON; a ``/Vocabulary/RawJSON`` as it is); reliable and
    /// ordered. Throws ``SendError/tooLarge(bytes:limit:)`` for a message the host would refuse.
    public func send<Message: Encodable>(_ message: Message, to recipients: Recipients = .host) throws {
        let body = try SendError.check(RawJSON(encoding: message), maxFrame: maxFrame)
        runner.sendApp(AppPayload.frame(body: body.bytes, from: nil, recipients: recipients.wire))
    }

    /// Sends a real-time state to the host's game (version 3; ignored below it): latest-wins,
    /// numbered per `key` (1 to 32 bytes), over UDP while that works and over the link
    /// otherwise. Only a newer state of a key ever reaches the host's game; one that is
    /// overtaken may never arrive. Throws ``SendError/tooLarge(bytes:limit:)`` past
    /// ``Datagram/maxBody`` bytes.
    public func sendState<Message: Encodable>(_ message: Message, key: String) throws {
        let body = try SendError.check(state: RawJSON(encoding: message))
        runner.sendState(body, key: try SendError.check(key: key))
    }

    /// Whether real-time states travel over UDP now (false: over the link).
    public var usesDatagrams: Bool { runner.usesDatagrams }

    /// The estimate of the host's clock relative to ours, from the heartbeats.
    public var hostClock: ClockEstimate? { runner.hostClock }

    /// The other players present now, in order of admission.
    public var peers: [Peer] { runner.peers }

    /// Says `bye userQuit` and closes; returns how the connection ended (which may be something
    /// else if it had already ended).
    @discardableResult
    public func quit() async -> EndReason {
        runner.quit()
        return await ended()
    }

    /// Waits until the connection ends and says why.
    public func ended() async -> EndReason {
        (try? await runner.ended.get()) ?? .connectionDropped
    }
}
