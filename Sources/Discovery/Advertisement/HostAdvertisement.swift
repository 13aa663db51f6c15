import FoundationEssentials

/// What a host tells the network about itself, on every transport it advertises on.
///
/// Build one with ``init(serverID:name:game:protocolVersion:players:capacity:state:joinCodeRequired:tcpPort:bluetooth:)``,
/// which validates every field against the real DNS-SD and Bluetooth limits and throws an
/// ``AdvertisementError`` naming the field and the limit. Nothing is ever silently truncated.
public struct HostAdvertisement: Sendable, Hashable {
    /// Whether a host is waiting for players or running a game.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Waiting in the lobby: new players are welcome.
        case lobby
        /// A game is running (late joiners may or may not be allowed).
        case playing
    }

    /// Where a host can be reached over Bluetooth classic.
    public struct BluetoothRoute: Sendable, Hashable {
        /// The adapter's address.
        public var address: BluetoothAddress
        /// The RFCOMM channel of the host's service, 1...30.
        public var channel: Int

        /// Validates the channel against RFCOMM's range.
        public init(address: BluetoothAddress, channel: Int) throws(AdvertisementError) {
            guard Limits.rfcommChannels.contains(channel) else {
                throw .rfcommChannelOutOfRange(channel, allowed: Limits.rfcommChannels)
            }
            self.address = address
            self.channel = channel
        }
    }

    /// Stable for the life of a host process; the key that merges LAN and Bluetooth sightings.
    public var serverID: UUID
    /// The DNS-SD instance name, shown to people ("Kitchen Pi"). At most 63 bytes of UTF-8.
    public var name: String
    /// The game the host runs (`lobby`, `trivia`, `snap`): 1-16 of `[a-z0-9-]`.
    public var game: String
    /// The wire protocol version the host speaks (docs/PROTOCOL.md).
    public var protocolVersion: Int
    /// Players currently admitted.
    public var players: Int
    /// Most players the host admits.
    public var capacity: Int
    /// Lobby or playing.
    public var state: State
    /// Whether joining needs the host's join code.
    public var joinCodeRequired: Bool
    /// The TCP port, when the host listens on the LAN.
    public var tcpPort: Int?
    /// The Bluetooth address and RFCOMM channel, when the host listens over Bluetooth.
    public var bluetooth: BluetoothRoute?
    /// The UDP port of the real-time channel (protocol version 3), when the host has one. The
    /// welcome says it too; this lets a client (or a firewall's owner) know it before joining.
    public var udpPort: Int?
    /// The SHA-256 of the host's TLS certificate, 64 lower-case hex digits, when its TCP link
    /// speaks TLS: a player who found the host by browsing accepts only this key. Nil: the link
    /// is clear text (`serve --no-tls`).
    public var tlsFingerprint: String?

    /// Creates an advertisement, validating every field.
    public init(
        serverID: UUID, name: String, game: String, protocolVersion: Int, players: Int,
        capacity: Int, state: State = .lobby, joinCodeRequired: Bool = false,
        tcpPort: Int? = nil, bluetooth: BluetoothRoute? = nil, udpPort: Int? = nil, tlsFingerprint: String? = nil
    ) throws(AdvertisementError) {
        self.udpPort = udpPort
        self.tlsFingerprint = tlsFingerprint
        self.serverID = serverID
        self.name = name
        self.game = game
        self.protocolVersion = protocolVersion
        self.players = players
        self.capacity = capacity
        self.state = state
        self.joinCodeRequired = joinCodeRequired
        self.tcpPort = tcpPort
        self.bluetooth = bluetooth
        try validate()
    }

    /// Checks every field against its limit; used after any mutation.
    public func validate() throws(AdvertisementError) {
        try Self.validateInstanceName(name)
        guard Self.isValidGameName(game) else { throw .gameNameInvalid(game) }
        guard Limits.protocolVersions.contains(protocolVersion) else {
            throw .protocolVersionOutOfRange(protocolVersion, allowed: Limits.protocolVersions)
        }
        guard Limits.capacity.contains(capacity) else {
            throw .capacityOutOfRange(capacity, allowed: Limits.capacity)
        }
        guard players >= 0, players <= capacity else {
            throw .playersOutOfRange(players: players, capacity: capacity)
        }
        if let tcpPort, !Limits.tcpPorts.contains(tcpPort) {
            throw .tcpPortOutOfRange(tcpPort, allowed: Limits.tcpPorts)
        }
        if let udpPort, !Limits.tcpPorts.contains(udpPort) {
            throw .udpPortOutOfRange(udpPort, allowed: Limits.tcpPorts)
        }
        if let tlsFingerprint, !Self.isValidFingerprint(tlsFingerprint) {
            throw .txtValueInvalid(key: TXTKey.tlsFingerprint, value: tlsFingerprint, expected: Self.fingerprintRule)
        }
        if let bluetooth, !Limits.rfcommChannels.contains(bluetooth.channel) {
            throw .rfcommChannelOutOfRange(bluetooth.channel, allowed: Limits.rfcommChannels)
        }
        _ = try txtRecord()
    }

    /// What a TLS fingerprint must be.
    static let fingerprintRule = "64 lower-case hex digits (the SHA-256 of the host's certificate)"

    /// 64 lower-case hex digits.
    static func isValidFingerprint(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// An instance name is 1-63 bytes of UTF-8 (RFC 6763 §4.1.1; Avahi rejects 64 with -10).
    public static func validateInstanceName(_ name: String) throws(AdvertisementError) {
        guard !name.isEmpty else { throw .nameEmpty }
        let bytes = name.utf8.count
        guard bytes <= Limits.instanceNameBytes else {
            throw .nameTooLong(byteCount: bytes, limit: Limits.instanceNameBytes)
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .nameHasControlCharacters
        }
    }

    /// A game name is 1-16 characters of `[a-z0-9-]`.
    public static func isValidGameName(_ game: String) -> Bool {
        (1...16).contains(game.utf8.count)
            && game.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }
}
