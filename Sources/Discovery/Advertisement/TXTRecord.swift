/// DNS-SD TXT `key=value` strings, checked against RFC 6763 §6 (keys 1-9 printable ASCII without
/// `=`, case-insensitive; each string at most 255 bytes; the whole record under 400 bytes).
public struct TXTRecord: Sendable, Hashable {
    /// The entries in the order they were added; keys are lowercase.
    public private(set) var entries: [(key: String, value: String)] = []

    /// An empty record.
    public init() {}

    /// Validates and adds one entry, replacing an earlier one with the same key.
    public mutating func set(_ key: String, _ value: String) throws(AdvertisementError) {
        let key = key.lowercased()
        guard Self.isValidKey(key) else { throw .txtKeyInvalid(key) }
        let bytes = key.utf8.count + 1 + value.utf8.count
        guard bytes <= Limits.txtStringBytes else {
            throw .txtStringTooLong(key: key, byteCount: bytes, limit: Limits.txtStringBytes)
        }
        entries.removeAll { $0.key == key }
        entries.append((key, value))
    }

    /// The value for a key (case-insensitive).
    public subscript(key: String) -> String? {
        let key = key.lowercased()
        return entries.first { $0.key == key }?.value
    }

    /// The wire size: each string plus its one length byte.
    public var byteCount: Int { entries.reduce(0) { $0 + 1 + $1.key.utf8.count + 1 + $1.value.utf8.count } }

    /// `key=value` strings, as given to `avahi_string_list_add_pair`.
    public var strings: [String] { entries.map { "\($0.key)=\($0.value)" } }

    /// Parses strings received from the network; strings without `=` are boolean keys with an
    /// empty value, invalid keys are skipped (RFC 6763 §6.4 says to ignore them).
    public init(strings: [String]) {
        for string in strings {
            let parts = string.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0]).lowercased()
            guard Self.isValidKey(key), self[key] == nil else { continue }  // first one wins (§6.4)
            entries.append((key, parts.count > 1 ? String(parts[1]) : ""))
        }
    }

    /// Checks the record's total size.
    public func validateSize() throws(AdvertisementError) {
        guard byteCount <= Limits.txtTotalBytes else {
            throw .txtRecordTooLarge(byteCount: byteCount, limit: Limits.txtTotalBytes)
        }
    }

    static func isValidKey(_ key: String) -> Bool {
        (1...Limits.txtKeyCharacters).contains(key.utf8.count)
            && key.utf8.allSatisfy { $0 >= 0x20 && $0 <= 0x7E && $0 != UInt8(ascii: "=") }
    }

    public static func == (lhs: TXTRecord, rhs: TXTRecord) -> Bool { lhs.strings == rhs.strings }
    public func hash(into hasher: inout Hasher) { hasher.combine(strings) }
}
