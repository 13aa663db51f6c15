import FoundationEssentials

/// Version 3: a *state*, the real-time channel's message over the reliable link (the
/// ``Datagram`` carries the same over UDP). Latest-wins: each sender numbers its states per
/// `key`; a receiver keeps only the newest of each key and drops older ones (``LatestWins``).
/// Clients send states to the host's game only; the host sends them to players.
public struct StateMessage: Hashable, Sendable, Codable {
    /// The sender, set by the host on the states it sends (always 0, the host); absent from a
    /// client's.
    public var from: PeerID?
    /// What the state is of (`court`, `paddle`): 1 to ``StateMessage/maxKeyBytes`` bytes of UTF-8.
    public var key: String
    /// The sender's number for this key, counting up from 1.
    public var seq: UInt64
    /// The game's payload: any JSON value, kept as the bytes it came as.
    public var body: RawJSON

    /// The longest key, in bytes.
    public static let maxKeyBytes = 32

    /// A state.
    public init(from: PeerID? = nil, key: String, seq: UInt64, body: RawJSON) {
        self.from = from
        self.key = key
        self.seq = seq
        self.body = body
    }

    /// Whether `key` may name a state: 1 to 32 bytes.
    public static func isValid(key: String) -> Bool { (1...maxKeyBytes).contains(key.utf8.count) }
}

/// Version 3: where and how a client may send states over UDP, given in its `welcome`.
public struct DatagramOffer: Hashable, Sendable, Codable {
    /// The host's UDP port (on the address the client reached it at).
    public var port: Int
    /// The key that authenticates this player's datagrams both ways (32 random bytes, base64):
    /// HMAC-SHA256, ``Datagram``. Per link; it is as secret as the link that carried it.
    public var key: String

    /// An offer.
    public init(port: Int, key: String) {
        self.port = port
        self.key = key
    }
}
