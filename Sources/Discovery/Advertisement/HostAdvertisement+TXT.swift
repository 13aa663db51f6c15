import FoundationEssentials

extension HostAdvertisement {
    /// The TXT keys of the `_snap._tcp` service (docs/DISCOVERY.md).
    public enum TXTKey {
        public static let serverID = "id"
        public static let game = "game"
        public static let protocolVersion = "proto"
        public static let players = "players"
        public static let capacity = "cap"
        public static let state = "state"
        public static let joinCode = "code"
        public static let bluetoothAddress = "bt"
        public static let rfcommChannel = "rfcomm"
        /// The UDP port of the real-time channel (protocol version 3), when the host has one.
        public static let udpPort = "udp"
        /// The SHA-256 of the host's TLS certificate (64 hex digits), when its TCP link speaks TLS.
        public static let tlsFingerprint = "tls"
        /// Added by the DNS-SD advertiser: a counter bumped on every change (ignored by parsers).
        public static let revision = "rev"
    }

    /// The TXT record that carries this advertisement over DNS-SD; throws if it breaks a limit.
    public func txtRecord() throws(AdvertisementError) -> TXTRecord {
        var txt = TXTRecord()
        try txt.set(TXTKey.serverID, serverID.uuidString.lowercased())
        try txt.set(TXTKey.game, game)
        try txt.set(TXTKey.protocolVersion, String(protocolVersion))
        try txt.set(TXTKey.players, String(players))
        try txt.set(TXTKey.capacity, String(capacity))
        try txt.set(TXTKey.state, state.rawValue)
        try txt.set(TXTKey.joinCode, joinCodeRequired ? "1" : "0")
        if let udpPort { try txt.set(TXTKey.udpPort, String(udpPort)) }
        if let tlsFingerprint { try txt.set(TXTKey.tlsFingerprint, tlsFingerprint) }
        if let bluetooth {
            try txt.set(TXTKey.bluetoothAddress, bluetooth.address.description)
            try txt.set(TXTKey.rfcommChannel, String(bluetooth.channel))
        }
        try txt.validateSize()
        return txt
    }

    /// Reads an advertisement back from a resolved service; a missing or unusable value is an
    /// error naming the key, so a browser can report the host as incompatible instead of crashing.
    public init(name: String, txt: TXTRecord, tcpPort: Int?) throws(AdvertisementError) {
        func value(_ key: String) throws(AdvertisementError) -> String {
            guard let value = txt[key] else { throw .txtKeyMissing(key) }
            return value
        }
        func integer(_ key: String) throws(AdvertisementError) -> Int {
            let text = try value(key)
            guard let number = Int(text), number >= 0 else {
                throw .txtValueInvalid(key: key, value: text, expected: "a whole number")
            }
            return number
        }
        let idText = try value(TXTKey.serverID)
        guard let serverID = UUID(uuidString: idText) else {
            throw .txtValueInvalid(key: TXTKey.serverID, value: idText, expected: "a UUID")
        }
        let stateText = try value(TXTKey.state)
        guard let state = State(rawValue: stateText) else {
            throw .txtValueInvalid(key: TXTKey.state, value: stateText, expected: "lobby or playing")
        }
        let codeText = try value(TXTKey.joinCode)
        guard codeText == "0" || codeText == "1" else {
            throw .txtValueInvalid(key: TXTKey.joinCode, value: codeText, expected: "0 or 1")
        }
        var bluetooth: BluetoothRoute?
        if let addressText = txt[TXTKey.bluetoothAddress] {
            let address = try BluetoothAddress(addressText)
            bluetooth = try BluetoothRoute(address: address, channel: try integer(TXTKey.rfcommChannel))
        }
        try self.init(
            serverID: serverID, name: name, game: try value(TXTKey.game),
            protocolVersion: try integer(TXTKey.protocolVersion), players: try integer(TXTKey.players),
            capacity: try integer(TXTKey.capacity), state: state, joinCodeRequired: codeText == "1",
            tcpPort: tcpPort, bluetooth: bluetooth, udpPort: txt[TXTKey.udpPort] == nil ? nil : try integer(TXTKey.udpPort),
            tlsFingerprint: txt[TXTKey.tlsFingerprint])
    }
}
