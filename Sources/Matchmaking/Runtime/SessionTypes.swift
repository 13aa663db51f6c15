extension Recipients {
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
