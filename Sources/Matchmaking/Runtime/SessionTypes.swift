/// Who a host-side message goes to.
public enum Recipients: Hashable, Sendable {
    /// One player.
    case peer(PeerID)
    /// Several players (duplicates are delivered once).
    case peers([PeerID])
    /// Every admitted client (not the host's own player).
    case all
    /// The host's own player: it receives the message as if a client had sent it.
    case host
}

/// A game message as a game layer receives it.
public struct SessionMessage: Hashable, Sendable {
    /// Who sent it (``PeerID/host`` for the host's own player).
    public let from: PeerID
    /// The payload, as the JSON bytes it came in (``RawJSON/value`` parses it when needed).
    public let body: RawJSON
    /// The sender's name when the message arrived (on the host), so a message from a player who
    /// left right after sending it can still be attributed.
    public let senderName: String?
    /// When it arrived, on the receiver's monotonic clock in microseconds (``Press/now()``).
    /// Games judging who pressed first need it: the time a game task gets round to a message
    /// is later, and varies with load.
    public let receivedAt: Int64

    /// Creates a message; `receivedAt` defaults to now.
    public init(from: PeerID, body: RawJSON, senderName: String? = nil, receivedAt: Int64 = Press.now()) {
        self.from = from
        self.body = body
        self.senderName = senderName
        self.receivedAt = receivedAt
    }

    /// Creates a message from a ``JSONValue`` body; `receivedAt` defaults to now.
    public init(from: PeerID, body: JSONValue, senderName: String? = nil, receivedAt: Int64 = Press.now()) {
        self.init(from: from, body: RawJSON(body), senderName: senderName, receivedAt: receivedAt)
    }

    /// Decodes the payload as the game's own type, in one pass over its bytes.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T { try body.decode(type) }
}

/// A change in who is present.
public enum SessionEvent: Hashable, Sendable {
    /// A player was admitted.
    case joined(Peer)
    /// A player left, and why.
    case left(Peer, ByeReason)
}

/// What a host's advertisements show; published on every change.
public struct ServerStatus: Hashable, Sendable {
    /// The name in use (after any DNS-SD collision rename).
    public var name: String
    /// Players admitted now.
    public var players: Int
    /// Most players admitted.
    public var capacity: Int
    /// Whether a game is running.
    public var isPlaying: Bool
}
