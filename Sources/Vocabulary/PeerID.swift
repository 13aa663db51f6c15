/// Identifies a participant for the life of a host process. The host's own player is
/// ``PeerID/host`` (0); clients get 1, 2, 3, ... in order of admission, never reused, so a late
/// message can never be taken for a newer player's.
public struct PeerID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The number on the wire.
    public let rawValue: UInt32
    /// Creates an id from its wire number.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The host's own player.
    public static let host = PeerID(rawValue: 0)

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UInt32.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public static func < (lhs: PeerID, rhs: PeerID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
}

/// A participant as everyone sees it: its id and display name.
public struct Peer: Hashable, Sendable, Codable {
    /// Unique for the life of the host process.
    public let id: PeerID
    /// The validated display name (see `PlayerName`).
    public let name: String
    /// Creates a peer.
    public init(id: PeerID, name: String) {
        self.id = id
        self.name = name
    }
}
