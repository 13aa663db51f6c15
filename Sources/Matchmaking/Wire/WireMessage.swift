import FoundationEssentials

/// Every message of protocol versions 1 to 3 (docs/PROTOCOL.md; `away` and `back` are version 2's, `state` version 3's). On the wire each is one JSON object
/// with a `type` member, inside one length-prefixed frame.
public enum WireMessage: Hashable, Sendable {
    /// Host → client, first frame on every connection.
    case serverHello(ServerHello)
    /// Client → host, the answer to `serverHello`.
    case clientHello(ClientHello)
    /// Host → client: admitted.
    case welcome(Welcome)
    /// Host → client: refused, with a reason; the host closes next.
    case deny(Deny)
    /// Host → clients: a player was admitted.
    case joined(Joined)
    /// Host → clients: a player left.
    case left(Left)
    /// Either way: a heartbeat carrying the sender's clock.
    case ping(Ping)
    /// Either way: the answer to a ping, carrying both clocks.
    case pong(Pong)
    /// Either way: a game's message.
    case app(AppMessage)
    /// Either way: an orderly goodbye; the sender closes next.
    case bye(Bye)
    /// Host → clients (version 2): a player's link dropped; its seat is kept for the grace period.
    case away(Away)
    /// Host → clients (version 2): a player who was away took its seat back.
    case back(Back)
    /// Either way (version 3): a real-time state over the reliable link (latest-wins).
    case state(StateMessage)

    /// The `type` member's value.
    public var typeName: String {
        switch self {
        case .serverHello: "serverHello"
        case .clientHello: "clientHello"
        case .welcome: "welcome"
        case .deny: "deny"
        case .joined: "joined"
        case .left: "left"
        case .ping: "ping"
        case .pong: "pong"
        case .app: "app"
        case .bye: "bye"
        case .away: "away"
        case .back: "back"
        case .state: "state"
        }
    }
}

/// The first frame of every connection, sent by the host before the client says anything.
public struct ServerHello: Hashable, Sendable, Codable {
    /// Protocol versions the host speaks.
    public var versions: [Int]
    /// The host's id, stable for the run (the same as in its advertisements).
    public var serverId: UUID
    /// The host's display name.
    public var name: String
    /// The game the host runs.
    public var game: GameName
    /// 16 random bytes, base64; the join-code proof is computed over them.
    public var nonce: String
    /// Whether the client must prove it knows the join code.
    public var joinCodeRequired: Bool
    /// Players admitted now.
    public var players: Int
    /// Most players the host admits.
    public var capacity: Int
    /// The largest frame payload the host accepts, in bytes.
    public var maxFrame: Int
}

/// The client's answer to ``ServerHello``.
public struct ClientHello: Hashable, Sendable, Codable {
    /// The version the client chose from `ServerHello.versions`.
    public var version: Int
    /// The player's display name (see ``PlayerName``).
    public var name: String
    /// base64 of HMAC-SHA256 keyed by the join code over the proof input (``JoinProof``);
    /// absent when no code is required.
    public var proof: String?
    /// Version 2: the resume token of a seat this client held on this host run (from its
    /// `welcome`), to take that seat back; absent for a new seat.
    public var resume: String?

    /// A hello; `proof` and `resume` absent unless given.
    public init(version: Int, name: String, proof: String? = nil, resume: String? = nil) {
        self.version = version
        self.name = name
        self.proof = proof
        self.resume = resume
    }
}

/// The host admitted the client.
public struct Welcome: Hashable, Sendable, Codable {
    /// The protocol version in use.
    public var version: Int
    /// The client's own peer.
    public var you: Peer
    /// The host's own player (id 0).
    public var host: Peer
    /// The other clients already admitted; from version 4, only the listed ones (those admitted
    /// while fewer than ``ServerConfiguration/listedPlayers`` were present).
    public var peers: [Peer]
    /// Version 4: how many players the session has, this one included (absent before).
    public var players: Int?
    /// How often each side pings, in milliseconds.
    public var heartbeatIntervalMs: Int
    /// After this many milliseconds without a frame, a side drops the other.
    public var heartbeatTimeoutMs: Int
    /// Version 2: the secret that takes this seat back on a new link (``ClientHello/resume``)
    /// if this one drops; absent when the host keeps no seats (version 1, or a grace of 0).
    public var resumeToken: String?
    /// Version 2: true when this welcome gave back a seat held for the client (same id, name
    /// and game state); absent for a new seat.
    public var resumed: Bool?
    /// Version 3: the host's UDP port and this link's datagram key; absent when the host has no
    /// UDP port (states then travel over this link).
    public var datagram: DatagramOffer?

    /// A welcome; the members of later versions absent unless given.
    public init(
        version: Int, you: Peer, host: Peer, peers: [Peer], heartbeatIntervalMs: Int, heartbeatTimeoutMs: Int,
        resumeToken: String? = nil, resumed: Bool? = nil, datagram: DatagramOffer? = nil, players: Int? = nil
    ) {
        self.datagram = datagram
        self.players = players
        self.version = version
        self.you = you
        self.host = host
        self.peers = peers
        self.heartbeatIntervalMs = heartbeatIntervalMs
        self.heartbeatTimeoutMs = heartbeatTimeoutMs
        self.resumeToken = resumeToken
        self.resumed = resumed
    }
}

/// The host refused the client.
public struct Deny: Hashable, Sendable, Codable {
    /// Why.
    public var reason: DenyReason
    /// A sentence for the person, e.g. "the game is full (3 of 3 players)".
    public var detail: String
    /// With `nameTaken`: a name that is free now (`Alice 2`), for the client to offer. Optional
    /// (older hosts send none; older clients ignore it).
    public var suggestion: String?
}

/// A player was admitted.
public struct Joined: Hashable, Sendable, Codable {
    /// Who.
    public var peer: Peer
}

/// A player left.
public struct Left: Hashable, Sendable, Codable {
    /// Who.
    public var peer: Peer
    /// Why: `userQuit`, `connectionDropped`, `protocolError` or `kicked`.
    public var reason: ByeReason
}

/// Version 2: a player's link dropped; the host keeps its seat (name, score, cards) for
/// `graceMs`, and the player takes it back by joining with its resume token. If it does not,
/// a `left` with `connectionDropped` follows.
public struct Away: Hashable, Sendable, Codable {
    /// Who.
    public var peer: Peer
    /// How long the seat is kept, in milliseconds.
    public var graceMs: Int
}

/// Version 2: a player who was ``Away`` took its seat back.
public struct Back: Hashable, Sendable, Codable {
    /// Who.
    public var peer: Peer
}

/// A heartbeat; its receiver answers at once with a ``Pong``.
public struct Ping: Hashable, Sendable, Codable {
    /// The sender's sequence number.
    public var seq: UInt32
    /// The sender's monotonic clock when it sent the ping, in microseconds.
    public var sent: Int64
}

/// The answer to a ``Ping``; the four timestamps give round trip and clock offset (NTP-style).
public struct Pong: Hashable, Sendable, Codable {
    /// The ping's sequence number.
    public var seq: UInt32
    /// The ping's `sent`, echoed.
    public var sent: Int64
    /// The responder's clock when the ping arrived, in microseconds.
    public var received: Int64
    /// The responder's clock when it sent this pong, in microseconds.
    public var replied: Int64
}

/// A game message. Clients send it with `to` (absent = the host's game); the host forwards it
/// with `from` filled in.
public struct AppMessage: Hashable, Sendable, Codable {
    /// The sender, set by the host on every message it delivers.
    public var from: PeerID?
    /// The recipients, set by a client: absent = the host; see ``WireRecipients``.
    public var to: WireRecipients?
    /// The game's payload: any JSON value, kept as the bytes it came as.
    public var body: RawJSON

    /// A message with a body already encoded.
    public init(from: PeerID? = nil, to: WireRecipients? = nil, body: RawJSON) {
        self.from = from
        self.to = to
        self.body = body
    }

    /// A message with a body given as a ``/Vocabulary/JSONValue``.
    public init(from: PeerID? = nil, to: WireRecipients? = nil, body: JSONValue) {
        self.init(from: from, to: to, body: RawJSON(body))
    }
}

/// Recipients of a client's app message: `"all"` (everyone but the sender, the host included)
/// or a list of peer ids (0 is the host).
public enum WireRecipients: Hashable, Sendable, Codable {
    /// Everyone but the sender.
    case all
    /// These peers.
    case peers([PeerID])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let word = try? container.decode(String.self) {
            guard word == "all" else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "to must be \"all\" or a list of peer ids")
            }
            self = .all
        } else {
            self = .peers(try container.decode([PeerID].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .all: try container.encode("all")
        case .peers(let ids): try container.encode(ids)
        }
    }
}

/// An orderly goodbye.
public struct Bye: Hashable, Sendable, Codable {
    /// Why the sender is closing.
    public var reason: ByeReason
    /// Optional detail for logs, e.g. which protocol rule was broken.
    public var detail: String?
}
