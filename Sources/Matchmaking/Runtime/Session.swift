import FoundationEssentials

/// What a game layer gets from the host: the players, their messages, their comings and goings,
/// and their clocks. Thread-safe; each stream supports one consumer.
public final class Session: Sendable {
    private let core: ServerCore

    init(core: ServerCore) { self.core = core }

    /// Errors from sending.
    public enum SendError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The encoded message is larger than a frame may be.
        case tooLarge(bytes: Int, limit: Int)

        public var description: String {
            switch self {
            case .tooLarge(let bytes, let limit): "message of \(bytes) bytes exceeds the \(limit)-byte frame limit"
            }
        }
    }

    /// The host's own player (id 0, the host's name).
    public var localPeer: Peer { core.localPeer }
    /// The admitted clients, in order of admission.
    public var peers: [Peer] { core.players }
    /// Game messages sent to the host's game, in arrival order per sender.
    public var messages: AsyncStream<SessionMessage> { core.messages }
    /// Joins and leaves, in the order they happened.
    public var events: AsyncStream<SessionEvent> { core.events }
    /// The server's configuration.
    public var configuration: ServerConfiguration { core.configuration }

    /// Sends a game message (any `Encodable`, as JSON) from the host's own player. Delivery is
    /// reliable and ordered per recipient; unknown ids are skipped. A ``RawJSON`` (such as a
    /// received ``SessionMessage/body``) is sent as it is, without encoding it again.
    public func send<Message: Encodable>(_ message: Message, to recipients: Recipients) throws {
        let body = try RawJSON(encoding: message)
        let limit = core.configuration.maxFrame - 64
        guard body.bytes.count <= limit else { throw SendError.tooLarge(bytes: body.bytes.count, limit: limit) }
        core.send(body: body, to: recipients)
    }

    /// The clock estimate of a player (offset and round trip from the heartbeats), or nil
    /// before the first pong.
    public func clock(of peer: PeerID) -> ClockEstimate? { core.clock(of: peer) }

    /// A game started: without late joiners, new players are denied `inProgress` until it ends.
    public func gameStarted(lateJoinersAllowed: Bool) { core.gameStarted(lateJoinersAllowed: lateJoinersAllowed) }

    /// The game ended: new players are admitted again.
    public func gameEnded() { core.gameEnded() }
}
