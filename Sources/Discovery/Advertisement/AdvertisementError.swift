/// Why an advertisement, a service type or a TXT record was refused. Each case names the field
/// and the limit, so the message can be shown to a user as it is.
public enum AdvertisementError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The instance name is empty.
    case nameEmpty
    /// The instance name is longer than 63 bytes of UTF-8.
    case nameTooLong(byteCount: Int, limit: Int)
    /// The instance name contains control characters.
    case nameHasControlCharacters
    /// The game name is not 1-16 of `[a-z0-9-]`.
    case gameNameInvalid(String)
    /// The protocol version is outside the representable range.
    case protocolVersionOutOfRange(Int, allowed: ClosedRange<Int>)
    /// The capacity is outside 1...10,000.
    case capacityOutOfRange(Int, allowed: ClosedRange<Int>)
    /// Players is negative or above the capacity.
    case playersOutOfRange(players: Int, capacity: Int)
    /// The TCP port is outside 1...65535.
    case tcpPortOutOfRange(Int, allowed: ClosedRange<Int>)
    /// The UDP port is outside 1-65535.
    case udpPortOutOfRange(Int, allowed: ClosedRange<Int>)
    /// The RFCOMM channel is outside 1...30.
    case rfcommChannelOutOfRange(Int, allowed: ClosedRange<Int>)
    /// The text is not a Bluetooth address of the form `AA:BB:CC:DD:EE:FF`.
    case bluetoothAddressInvalid(String)
    /// The DNS-SD service type breaks RFC 6335 §5.1.
    case serviceTypeInvalid(String, reason: String)
    /// A TXT key is empty, longer than 9 characters, or not printable ASCII without `=`.
    case txtKeyInvalid(String)
    /// One `key=value` TXT string is longer than 255 bytes.
    case txtStringTooLong(key: String, byteCount: Int, limit: Int)
    /// The whole TXT record is 400 bytes or more.
    case txtRecordTooLarge(byteCount: Int, limit: Int)
    /// A TXT record read from the network lacks a required key.
    case txtKeyMissing(String)
    /// A TXT record read from the network has a value that cannot be used.
    case txtValueInvalid(key: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .nameEmpty:
            "name: must not be empty (1-63 bytes of UTF-8)"
        case .nameTooLong(let count, let limit):
            "name: \(count) bytes of UTF-8, the limit is \(limit)"
        case .nameHasControlCharacters:
            "name: must not contain control characters"
        case .gameNameInvalid(let game):
            "game: \"\(game)\" is not 1-16 characters of a-z, 0-9 and -"
        case .protocolVersionOutOfRange(let version, let allowed):
            "protocol version: \(version) is outside \(allowed.lowerBound)...\(allowed.upperBound)"
        case .capacityOutOfRange(let capacity, let allowed):
            "capacity: \(capacity) is outside \(allowed.lowerBound)...\(allowed.upperBound)"
        case .playersOutOfRange(let players, let capacity):
            "players: \(players) is outside 0...\(capacity) (the capacity)"
        case .tcpPortOutOfRange(let port, let allowed):
            "tcp port: \(port) is outside \(allowed.lowerBound)...\(allowed.upperBound)"
        case .udpPortOutOfRange(let port, let allowed):
            "udp port: \(port) is outside \(allowed.lowerBound)...\(allowed.upperBound)"
        case .rfcommChannelOutOfRange(let channel, let allowed):
            "rfcomm channel: \(channel) is outside \(allowed.lowerBound)...\(allowed.upperBound)"
        case .bluetoothAddressInvalid(let text):
            "bluetooth address: \"\(text)\" is not of the form AA:BB:CC:DD:EE:FF"
        case .serviceTypeInvalid(let type, let reason):
            "service type: \"\(type)\" \(reason) (RFC 6335: 1-15 of A-Z, a-z, 0-9 and -, at least one letter, no leading, trailing or double -)"
        case .txtKeyInvalid(let key):
            "txt key: \"\(key)\" must be 1-9 printable ASCII characters without ="
        case .txtStringTooLong(let key, let count, let limit):
            "txt \(key): the string is \(count) bytes, the limit is \(limit)"
        case .txtRecordTooLarge(let count, let limit):
            "txt record: \(count) bytes in all, the limit is \(limit)"
        case .txtKeyMissing(let key):
            "txt record: the key \(key) is missing"
        case .txtValueInvalid(let key, let value, let expected):
            "txt \(key): \"\(value)\" is not \(expected)"
        }
    }
}
