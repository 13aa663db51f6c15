/// The real limits every advertised field is checked against (see docs/DISCOVERY.md).
public enum Limits {
    /// RFC 6763 §4.1.1: an instance name is at most 63 bytes of UTF-8.
    public static let instanceNameBytes = 63
    /// RFC 6763 §6.1: one TXT string is at most 255 bytes.
    public static let txtStringBytes = 255
    /// RFC 6763 §6.2: under 400 bytes the whole TXT record fits a 512-byte DNS message.
    public static let txtTotalBytes = 399
    /// RFC 6763 §6.4: a TXT key is at most 9 characters (recommended), printable ASCII without `=`.
    public static let txtKeyCharacters = 9
    /// RFC 6335 §5.1: a service name is 1-15 characters.
    public static let serviceNameCharacters = 1...15
    /// RFCOMM server channels usable with BlueZ's RegisterProfile.
    public static let rfcommChannels = 1...30
    /// A host admits between 1 and 10,000 players (no 8-peer cap).
    public static let capacity = 1...10_000
    /// Wire protocol versions this build can describe.
    public static let protocolVersions = 1...255
    /// Valid TCP ports for an advertisement (0 is "not bound yet", never advertised).
    public static let tcpPorts = 1...65_535
}
