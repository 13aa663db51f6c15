import FoundationEssentials

/// The compact host state in the LE advertisement's ManufacturerData (company
/// ``SnapBluetooth/manufacturerID``), 6 bytes: the first 4 bytes of the server id (in UUID byte
/// order), capacity, players (each clamped to 255). It fits the 31-byte legacy budget next to
/// the flags (3) and the 128-bit service UUID (18): 2 + 2 (company id) + 6 = 10.
public struct AdvertisedState: Hashable, Sendable {
    /// Bytes of manufacturer data after the company id.
    public static let byteCount = 6

    /// The first 4 bytes of the server id.
    public var idPrefix: [UInt8]
    /// The host's player cap.
    public var capacity: Int
    /// Players present.
    public var players: Int

    /// The state of a host with `serverID`.
    public init(serverID: UUID, capacity: Int, players: Int) {
        self.idPrefix = withUnsafeBytes(of: serverID.uuid) { Array($0.prefix(4)) }
        self.capacity = min(max(capacity, 0), 255)
        self.players = min(max(players, 0), 255)
    }

    /// Reads the manufacturer data bytes; nil when they are too short to be ours.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= Self.byteCount else { return nil }
        idPrefix = Array(bytes.prefix(4))
        capacity = Int(bytes[4])
        players = Int(bytes[5])
    }

    /// The bytes to advertise.
    public var bytes: [UInt8] { idPrefix + [UInt8(capacity), UInt8(players)] }

    /// The id prefix as 8 lower-case hex digits, as a server id's text starts.
    public var idPrefixHex: String { idPrefix.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }

    /// Whether `serverID` starts with this prefix.
    public func matches(_ serverID: UUID) -> Bool {
        withUnsafeBytes(of: serverID.uuid) { Array($0.prefix(4)) } == idPrefix
    }
}
