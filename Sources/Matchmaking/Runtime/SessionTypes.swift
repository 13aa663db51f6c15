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

    /// The ids named, for `.peer` and `.peers`.
    var named: [PeerID] {
        switch self {
        case .host: [.host]
        case .peer(let id): [id]
        case .peers(let ids): ids
        case .all: []
        }
    }

    /// How a player writes it on the wire (absent = the host's game).
    var wire: WireRecipients? {
        switch self {
        case .host: nil
        case .peer(let id): .peers([id])
        case .peers(let ids): .peers(ids)
        case .all: .all
        }
    }
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
    /// When it arrived, on the receiver's monotonic clock in microseconds (``Press/now()``).
    /// Games judging who pressed first need it: the time a game task gets round to a message
    /// is later, and varies with load.
    public let receivedAt: Int64
    /// For a state of the real-time channel (latest-wins: only newer states of a key reach the
    /// game, over UDP or the reliable link), its key; nil for a reliable, ordered message.
    public let key: String?

    /// Creates a message; `receivedAt` defaults to now.
    public init(from: PeerID, body: RawJSON, senderName: String? = nil, receivedAt: Int64 = Press.now(), key: String? = nil) {
        self.from = from
        self.body = body
        self.senderName = senderName
        self.receivedAt = receivedAt
        self.key = key
    }

    /// Creates a message from a ``JSONValue`` body; `receivedAt` defaults to now.
    public init(from: PeerID, body: JSONValue, senderName: String? = nil, receivedAt: Int64 = Press.now()) {
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

/// Why a game message was not sent.
public enum SendError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The encoded message is larger than a frame may be (the frame cap less room for the
    /// envelope the message travels in).
    case tooLarge(bytes: Int, limit: Int)
    /// A real-time state's key is empty or longer than 32 bytes.
    case invalidKey(String)

    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit): "message of \(bytes) bytes exceeds the \(limit)-byte frame limit"
        case .invalidKey(let key): "state key \"\(key.prefix(40))\" must be 1 to \(StateMessage.maxKeyBytes) bytes"
        }
    }

    /// `body` when it fits a datagram (``Datagram/maxBody``) whatever its key, else the error.
    static func check(state body: RawJSON) throws(SendError) -> RawJSON {
        guard body.bytes.count <= Datagram.maxBody else { throw .tooLarge(bytes: body.bytes.count, limit: Datagram.maxBody) }
        return body
    }

    /// `key` when it may name a real-time state, else the error.
    static func check(key: String) throws(SendError) -> String {
        guard StateMessage.isValid(key: key) else { throw .invalidKey(key) }
        return key
    }

    /// Room left in a frame for the `app` envelope (`{"body":…,"from":N,"to":[…],"type":"app"}`).
    static let envelope = 64

    /// `body` when it fits a frame of `maxFrame` bytes with its envelope, else the error.
    static func check(_ body: RawJSON, maxFrame: Int) throws(SendError) -> RawJSON {
        let limit = maxFrame - envelope
        guard body.bytes.count <= limit else { throw .tooLarge(bytes: body.bytes.count, limit: limit) }
        return body
    }
}
