import FoundationEssentials
import NIOCore

/// Everything a host needs to know to serve. Validated by ``validate()`` before the host starts.
public struct ServerConfiguration: Sendable {
    /// The most players a host may be configured for: no 8-peer cap, but a bound.
    public static let capacityRange = 1...10_000
    /// The longest host name, in bytes of UTF-8 (the limit of a DNS-SD instance name).
    public static let maxNameBytes = 63
    /// The TCP port a host listens on unless told otherwise.
    public static let defaultPort = 7777
    /// The time a new link has to say hello unless told otherwise.
    public static let defaultHandshakeTimeout = TimeAmount.seconds(3)

    /// Shown to players and advertised (1-63 bytes of UTF-8, no control characters).
    public var name: String
    /// Stable for the run; the same id goes into every advertisement.
    public var serverID: UUID = UUID()
    /// The game layer's name (`lobby` until a game is chosen).
    public var game: GameName = .lobby
    /// Most players admitted at once (``capacityRange``).
    public var capacity: Int = 8
    /// When set, clients must prove they know it (see ``JoinProof``). Never logged.
    public var joinCode: String?
    /// The address to listen on; `::` listens on every IPv6 and IPv4 address.
    public var host: String = "::"
    /// The TCP port; 0 picks any free port.
    public var port: Int = Self.defaultPort
    /// The largest frame payload accepted, in bytes.
    public var maxFrame: Int = WireCodec.defaultMaxFrame
    /// A link that sends no valid hello within this is closed (it never held a slot).
    public var handshakeTimeout: TimeAmount = Self.defaultHandshakeTimeout
    /// Pings and the silence after which an admitted player is dropped.
    public var heartbeat: HeartbeatConfiguration = .default
    /// `joined` and `left` are written to everyone at most this long after they happen, several
    /// at a time: in a crowded room a join costs the others one write per batch, not one each.
    public var rosterBatch: TimeAmount = .milliseconds(50)
    /// A player admitted while fewer than this many listed players are present is *listed*
    /// (the first this many are, and a newcomer takes the place of one who left). Every player of
    /// version 4 is told of the listed players by name (in its `welcome`, and by `joined`, `left`,
    /// `away` and `back`) and of the others only how many there are, so that in a room of
    /// thousands a join does not cost everyone a message. Players of versions 1-3 are told of
    /// everyone. docs/PROTOCOL.md, "Version 4".
    public var listedPlayers: Int = Self.defaultListedPlayers
    /// Bytes queued for one client before it counts as not reading and is dropped.
    public var sendBufferLimit: Int = 1 << 20
    /// Connections still shaking hands beyond this many are closed at once (a flood of silent
    /// sockets cannot exhaust file descriptors).
    public var maxPendingHandshakes: Int = 1024
    /// How long a player's seat (id, name, place in the game) is kept after its link drops, for
    /// it to be taken back with the resume token (protocol version 2); zero keeps no seats.
    public var resumeGrace: TimeAmount = Self.defaultResumeGrace
    /// The resume grace unless configured: a Wi-Fi blip or a phone's screen going dark.
    public static let defaultResumeGrace = TimeAmount.seconds(60)
    /// The default ``listedPlayers``: about a phone's lobby list, and a welcome of about 1.5 KB.
    public static let defaultListedPlayers = 50
    /// The longest resume grace allowed: an hour.
    public static let maxResumeGrace = TimeAmount.seconds(3600)

    /// Whether the host opens a UDP port for the real-time channel (version 3 players are
    /// offered it at welcome); false: every state goes over the players' links.
    public var datagrams = true

    /// What secures accepted TCP links (TLS, from the SecureLink module); nil: plain links.
    /// RFCOMM, local and WebSocket links are never secured by it.
    public var linkSecurity: (any HostLinkSecurity)?

    /// Creates a configuration with defaults for everything but the name.
    public init(name: String) { self.name = name }

    /// What is wrong with a configuration.
    public struct Invalid: Error, CustomStringConvertible, Sendable {
        /// The sentence for the user.
        public let description: String
    }

    /// Checks every field, naming the field and what is allowed.
    public func validate() throws(Invalid) {
        try Self.validate(name: name)
        guard game.isValid else { throw Invalid(description: "game: \"\(game)\" must be 1-16 characters of a-z, 0-9 and -") }
        guard Self.capacityRange.contains(capacity) else {
            throw Invalid(description: "max players: \(capacity) is outside \(Self.capacityRange.lowerBound)...\(Self.capacityRange.upperBound)")
        }
        guard (0...65_535).contains(port) else { throw Invalid(description: "port: \(port) is outside 0...65535") }
        guard (256...16_777_216).contains(maxFrame) else { throw Invalid(description: "max frame: \(maxFrame) is outside 256...16777216 bytes") }
        guard handshakeTimeout > .zero else { throw Invalid(description: "handshake timeout: must be positive") }
        guard maxPendingHandshakes > 0 else { throw Invalid(description: "max pending handshakes: must be positive") }
        guard listedPlayers >= 1 else { throw Invalid(description: "listed players: \(listedPlayers) must be at least 1") }
        guard resumeGrace >= .zero, resumeGrace <= Self.maxResumeGrace else {
            throw Invalid(description: "resume grace: \(resumeGrace.nanoseconds / 1_000_000_000) s is outside 0...\(Self.maxResumeGrace.nanoseconds / 1_000_000_000) s")
        }
        if let joinCode {
            do { try JoinProof.validate(code: joinCode) } catch { throw Invalid(description: error.description) }
        }
    }

    /// Checks a host name: 1-63 bytes of UTF-8, no control characters.
    public static func validate(name: String) throws(Invalid) {
        guard !name.isEmpty else { throw Invalid(description: "name: must not be empty (1-\(maxNameBytes) bytes)") }
        guard name.utf8.count <= maxNameBytes else {
            throw Invalid(description: "name: \(name.utf8.count) bytes, the limit is \(maxNameBytes) bytes of UTF-8")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw Invalid(description: "name: must not contain control characters")
        }
    }
}
