import Crypto
import FoundationEssentials

/// The SHA-256 of a host's certificate (DER): what `join` pins and remembers, what the TXT
/// record advertises (`tls=`, 64 lower-case hex digits), and what the join-code proof is bound to
/// on a TLS link (tls-server-end-point).
public struct Fingerprint: Hashable, Sendable, CustomStringConvertible {
    /// The 32 bytes.
    public let bytes: [UInt8]

    /// The fingerprint of a certificate in DER.
    public init(certificateDER der: [UInt8]) { bytes = Array(SHA256.hash(data: der)) }

    /// Reads 64 hex digits (either case; spaces and colons between them are allowed, as people
    /// copy them); nil for anything else.
    public init?(hex text: String) {
        let digits = text.filter { $0 != " " && $0 != ":" }
        guard digits.count == 64, digits.allSatisfy(\.isHexDigit) else { return nil }
        var bytes: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self.bytes = bytes
    }

    /// 64 lower-case hex digits: the TXT value, the known-hosts file, `join --fingerprint`.
    public var hex: String { bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined() }

    /// The first 8 bytes in groups of four hex digits (`3f9a 12c0 8b7e 55d1`): enough for a
    /// person to compare at a glance in a message.
    public var short: String {
        let digits = Array(hex.prefix(16))
        return stride(from: 0, to: 16, by: 4).map { String(digits[$0..<$0 + 4]) }.joined(separator: " ")
    }

    /// The whole fingerprint in groups of four hex digits, for a person to compare.
    public var description: String {
        let digits = Array(hex)
        return stride(from: 0, to: 64, by: 4).map { String(digits[$0..<$0 + 4]) }.joined(separator: " ")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
