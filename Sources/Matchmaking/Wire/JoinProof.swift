import Crypto
import FoundationEssentials

/// The join-code proof: the client shows it knows the code without sending it.
///
/// `proof = base64(HMAC-SHA256(key: UTF-8 of the code, message: "snap-host join v1" || nonce || binding))`
/// where `nonce` is the 16 raw bytes from the host's `serverHello` and `binding` the link's
/// channel binding: on a TLS link the SHA-256 of the certificate the client was shown
/// (tls-server-end-point, RFC 5929), empty on a plain link. A fresh nonce per connection means a
/// recorded proof cannot be replayed; the binding means a relay that shows the client a
/// certificate of its own cannot pass the proof on to the real host.
public enum JoinProof {
    /// The ASCII prefix of the HMAC message; it ties the proof to this protocol's purpose.
    public static let context = Array("snap-host join v1".utf8)
    /// Length of the host's nonce in bytes.
    public static let nonceBytes = 16

    /// What is wrong with a join code given to `serve` or `join`.
    public enum CodeProblem: Error, Hashable, Sendable, CustomStringConvertible {
        /// Empty, or longer than 64 bytes.
        case length(Int)
        /// Contains white space or control characters.
        case characters

        public var description: String {
            switch self {
            case .length(let bytes): "join code: \(bytes) bytes, allowed are 1-64"
            case .characters: "join code: must not contain white space or control characters"
            }
        }
    }

    /// Checks a join code: 1-64 bytes of UTF-8, no white space or control characters.
    public static func validate(code: String) throws(CodeProblem) {
        guard (1...64).contains(code.utf8.count) else { throw .length(code.utf8.count) }
        guard !code.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) else {
            throw .characters
        }
    }

    /// A fresh random nonce.
    public static func makeNonce() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<nonceBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// The proof for a code, nonce and channel binding (empty on a plain link), base64.
    public static func proof(code: String, nonce: [UInt8], binding: [UInt8] = []) -> String {
        let key = SymmetricKey(data: Array(code.utf8))
        let mac = HMAC<SHA256>.authenticationCode(for: context + nonce + binding, using: key)
        return Data(mac).base64EncodedString()
    }

    /// Whether `proof` (base64) is right for the code, nonce and channel binding, compared in
    /// constant time.
    public static func verify(proof: String, code: String, nonce: [UInt8], binding: [UInt8] = []) -> Bool {
        guard let mac = Data(base64Encoded: proof), mac.count == SHA256.byteCount else { return false }
        let key = SymmetricKey(data: Array(code.utf8))
        return HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: context + nonce + binding, using: key)
    }
}
