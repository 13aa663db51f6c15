/// Who a game message goes to, on the host and on a player alike.
public enum Recipients: Hashable, Sendable {
    /// The host's game (``PeerID/host``). When the host's game sends it, the message comes back to
    /// it as if a player had sent it.
    case host
    /// One participant.
    case peer(PeerID)
    /// Several participants (duplicates are delivered once; ``PeerID/host`` is the host's game).
    case peers([PeerID])
    /// Everyone in the session but the sender: every player, and the host's game when a player sends.
    case all
}

/// A game message as a game layer receives it.
public struct SessionMessage: Hashable, Sendable {
    /// Who sent it (``PeerID/host`` for the host's game).
    public let from: PeerID
    /// The payload, as the JSON bytes it came in (``RawJSON/value`` parses it when needed).
    public let body: RawJSON
    /// The sender's name when the message arrived (on the host), so a message from a player who
    /// left right after sending it can still be attributed.
    public let senderName: String?
    /// When it arrived, on the receiver's monotonic clock in microseconds (``MonotonicClock/now()``).
    /// Games judging who pressed first need it: the time a game task gets round to a message
    /// is later, and varies with load.
    public let receivedAt: Int64
    /// For a state of the real-time channel (latest-wins: only newer states of a key reach the
    /// game, over UDP or the reliable link), its key; nil for a reliable, ordered message.
    public let key: String?

    /// Creates a message; `receivedAt` defaults to now.
    public init(from: PeerID, body: RawJSON, senderName: String? = nil, receivedAt: Int64 = MonotonicClock.now(), key: String? = nil) {
        self.from = from
        self.body = body
        self.senderName = senderName
        self.receivedAt = receivedAt
        self.key = key
    }

    /// Creates a message from a ``JSONValue`` body; `receivedAt` defaults to now.
    public init(from: PeerID, body: JSONValue, senderName: String? = nil, receivedAt: Int64 = MonotonicClock.now()) {
        self.init(from: from, body: RawJSON(body), senderName: senderName, receivedAt: receivedAt)
    }

    /// Decodes the payload as the game's own type, in one pass over its bytes.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T { try body.decode(type) }
}

/// What a game layer hears from the session, in the order it happened: players coming and
/// going, and their messages. The host's game and every player get the same kind of stream.
public enum SessionInput: Hashable, Sendable {
    /// A player was admitted.
    case joined(Peer)
    /// A player left, and why.
    case left(Peer, ByeReason)
    /// A player's link dropped; its seat is kept for the resume grace period (a `left` follows
    /// if it does not come back). Its messages cannot reach it meanwhile.
    case away(Peer)
    /// A player who was away took its seat back; whatever it missed must be told again.
    case back(Peer)
    /// A game message arrived.
    case message(SessionMessage)

    /// The message, when this input is one.
    public var message: SessionMessage? {
        if case .message(let message) = self { return message }
        return nil
    }
}

