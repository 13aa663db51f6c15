import Crypto
import FoundationEssentials

/// One UDP datagram of the real-time channel (docs/PROTOCOL.md, "Datagrams"): a state, or a
/// probe that keeps the path known, authenticated with the link's ``DatagramOffer/key``.
///
/// ```
/// offset  size  field
/// 0       1     format, 1
/// 1       1     kind: 1 state, 2 probe
/// 2       1     flags: bit 0 "hearing" (the sender had a datagram from the receiver within 1 s)
/// 3       1     key length K (state: 1...32; probe: 0)
/// 4       4     sender id (0: the host), big-endian
/// 8       8     sequence number, big-endian (per sender and key; probes are key "")
/// 16      K     key, UTF-8
/// 16+K    n     body: the state's JSON (probe: none)
/// end-16  16    tag: the first 16 bytes of HMAC-SHA256(key, every byte before it)
/// ```
public struct Datagram: Hashable, Sendable {
    /// What a datagram carries.
    public enum Kind: UInt8, Hashable, Sendable {
        /// A state (a key, a sequence number, a JSON body).
        case state = 1
        /// Nothing but the path: the client sends one every ``DatagramTiming/probeInterval``,
        /// the host answers each.
        case probe = 2
    }

    /// State or probe.
    public var kind: Kind
    /// The sender had an authenticated datagram from the receiver within
    /// ``DatagramTiming/hearingWindow``: the receiver's datagrams get through.
    public var hearing: Bool
    /// The sender (0: the host).
    public var sender: PeerID
    /// The sender's number for `key`.
    public var seq: UInt64
    /// The state's key (empty for a probe).
    public var key: String
    /// The state's JSON body (empty for a probe).
    public var body: [UInt8]

    /// The format this build writes.
    public static let format: UInt8 = 1
    /// The bytes before the key.
    public static let headerBytes = 16
    /// The tag's length.
    public static let tagBytes = 16
    /// The largest datagram sent or taken: fits any path's MTU.
    public static let maxBytes = 1200
    /// The largest state body that fits.
    public static var maxBody: Int { maxBytes - headerBytes - tagBytes - StateMessage.maxKeyBytes }

    /// A datagram.
    public init(kind: Kind, hearing: Bool, sender: PeerID, seq: UInt64, key: String = "", body: [UInt8] = []) {
        self.kind = kind
        self.hearing = hearing
        self.sender = sender
        self.seq = seq
        self.key = key
        self.body = body
    }

    /// Why a datagram was dropped (counted, and logged in summary).
    public enum Drop: String, Error, Hashable, Sendable, CaseIterable {
        /// Shorter than a header and a tag, or a key running past the end.
        case truncated
        /// Longer than ``Datagram/maxBytes``.
        case oversized
        /// Not format 1, an unknown kind, a key that is not UTF-8 or of the wrong length.
        case malformed
        /// No player with that id holds a datagram key here (or, at a client, not from the host).
        case unknownSender
        /// From a player whose seat has ended, or whose link is down: its last datagrams still on
        /// their way (a player that left sends probes until it closes). Expected, so counted
        /// without a `datagrams dropped` note of its own (a host that runs for months would log
        /// one per departure); it shows in the next note another drop writes.
        case departedSender
        /// The tag does not match: forged, corrupted, or keyed for another link.
        case badTag
        /// Not newer than what was seen for its key: a replay, a duplicate, or overtaken.
        case stale
    }

    /// The bytes, tagged with `key`.
    public func sealed(with key: SymmetricKey) -> [UInt8] {
        var bytes: [UInt8] = []
        let keyBytes = Array(self.key.utf8)
        bytes.reserveCapacity(Self.headerBytes + keyBytes.count + body.count + Self.tagBytes)
        bytes.append(Self.format)
        bytes.append(kind.rawValue)
        bytes.append(hearing ? 1 : 0)
        bytes.append(UInt8(keyBytes.count))
        Self.append(sender.rawValue, to: &bytes)
        Self.append(seq, to: &bytes)
        bytes += keyBytes
        bytes += body
        bytes += Self.tag(bytes, key: key)
        return bytes
    }

    /// The sender a datagram claims (read before its key is known, to find that key), or why
    /// it cannot be one.
    public static func claimedSender(_ bytes: [UInt8]) -> Result<PeerID, Drop> {
        guard bytes.count <= maxBytes else { return .failure(.oversized) }
        guard bytes.count >= headerBytes + tagBytes else { return .failure(.truncated) }
        return .success(PeerID(rawValue: UInt32(read(bytes, at: 4, count: 4))))
    }

    /// Checks the tag with `key` and reads the datagram.
    public static func open(_ bytes: [UInt8], with key: SymmetricKey) -> Result<Datagram, Drop> {
        guard bytes.count <= maxBytes else { return .failure(.oversized) }
        guard bytes.count >= headerBytes + tagBytes else { return .failure(.truncated) }
        let keyLength = Int(bytes[3])
        guard headerBytes + keyLength + tagBytes <= bytes.count else { return .failure(.truncated) }
        let signed = bytes[..<(bytes.count - tagBytes)]
        // Compared in constant time: how far a forged tag matches is not told by the time taken.
        let difference = zip(tag(signed, key: key), bytes[(bytes.count - tagBytes)...]).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) }
        guard difference == 0 else { return .failure(.badTag) }
        guard bytes[0] == format, let kind = Kind(rawValue: bytes[1]), bytes[2] & ~1 == 0 else { return .failure(.malformed) }
        let keyRange = headerBytes..<(headerBytes + keyLength)
        guard let stateKey = String(validating: bytes[keyRange], as: UTF8.self) else { return .failure(.malformed) }
        switch kind {
        case .state: guard StateMessage.isValid(key: stateKey) else { return .failure(.malformed) }
        case .probe: guard keyLength == 0, signed.count == headerBytes else { return .failure(.malformed) }
        }
        return .success(Datagram(
            kind: kind, hearing: bytes[2] & 1 == 1, sender: PeerID(rawValue: UInt32(read(bytes, at: 4, count: 4))),
            seq: read(bytes, at: 8, count: 8), key: stateKey, body: Array(bytes[keyRange.upperBound..<signed.endIndex])))
    }

    /// The key from a welcome's base64, or nil when it is not 32 bytes of base64.
    public static func key(base64: String) -> SymmetricKey? {
        guard let bytes = Base64.decode(base64), bytes.count == 32 else { return nil }
        return SymmetricKey(data: bytes)
    }

    private static func tag<Bytes: Collection<UInt8>>(_ bytes: Bytes, key: SymmetricKey) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array(bytes), using: key).prefix(tagBytes))
    }

    private static func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
        var big = value.bigEndian
        withUnsafeBytes(of: &big) { bytes += $0 }
    }

    private static func read(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt64 {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
