import Foundation
import Testing

@testable import Matchmaking

@Suite struct JoinProofTests {
    // Expected values computed independently with Python:
    //   base64(hmac.new(code.encode(), b"snap-host join v1" + nonce, hashlib.sha256).digest())
    static let code = "open-sesame"
    static let nonce: [UInt8] = Array(0..<16)
    static let expected = "x1G9RHHU21+ZcHjkY6LUplSC9a4WS7KV9v5kgUrts8Y="
    static let unicodeCode = "ключ-🔑"
    static let unicodeNonce = [UInt8](repeating: 0xFF, count: 16)
    static let unicodeExpected = "vCuLnhXc58lhGkSLd4uquPCR/PgWxF0juQXKCbF3vmc="

    @Test func constants() {
        #expect(JoinProof.context == Array("snap-host join v1".utf8))
        #expect(JoinProof.nonceBytes == 16)
    }

    @Test func knownAnswer() {
        #expect(JoinProof.proof(code: Self.code, nonce: Self.nonce) == Self.expected)
    }

    /// Over TLS the proof also covers the SHA-256 of the host's certificate (here the bytes
    /// 32...63): a relay showing another certificate cannot pass the proof on.
    @Test func knownAnswerBoundToATLSCertificate() {
        let binding = Array(UInt8(32)..<64)
        let bound = JoinProof.proof(code: Self.code, nonce: Self.nonce, binding: binding)
        #expect(bound == "a6vWVbGwrFXZWEVFL6EzfAGz9rPZAxU3tn+JiG04Pqg=")
        #expect(JoinProof.verify(proof: bound, code: Self.code, nonce: Self.nonce, binding: binding))
        #expect(!JoinProof.verify(proof: bound, code: Self.code, nonce: Self.nonce))
        #expect(!JoinProof.verify(proof: bound, code: Self.code, nonce: Self.nonce, binding: Array(UInt8(33)..<65)))
        #expect(!JoinProof.verify(proof: Self.expected, code: Self.code, nonce: Self.nonce, binding: binding))
    }

    @Test func knownAnswerWithAUnicodeCode() {
        #expect(JoinProof.proof(code: Self.unicodeCode, nonce: Self.unicodeNonce) == Self.unicodeExpected)
    }

    @Test func verifyAcceptsTheRightProof() {
        #expect(JoinProof.verify(proof: Self.expected, code: Self.code, nonce: Self.nonce))
        #expect(JoinProof.verify(proof: Self.unicodeExpected, code: Self.unicodeCode, nonce: Self.unicodeNonce))
        let nonce = JoinProof.makeNonce()
        #expect(JoinProof.verify(proof: JoinProof.proof(code: "x", nonce: nonce), code: "x", nonce: nonce))
    }

    @Test func verifyRejectsAWrongCode() {
        #expect(!JoinProof.verify(proof: Self.expected, code: "open-sesamE", nonce: Self.nonce))
        #expect(!JoinProof.verify(proof: Self.expected, code: "open-sesame ", nonce: Self.nonce))
        #expect(!JoinProof.verify(proof: Self.expected, code: "", nonce: Self.nonce))
    }

    @Test func verifyRejectsAnotherNonce() {
        var other = Self.nonce
        other[15] ^= 1
        #expect(!JoinProof.verify(proof: Self.expected, code: Self.code, nonce: other))
        #expect(JoinProof.proof(code: Self.code, nonce: other) != Self.expected)
    }

    @Test func verifyRejectsATamperedProof() throws {
        var mac = try #require(Data(base64Encoded: Self.expected))
        mac[0] ^= 0x80
        #expect(!JoinProof.verify(proof: mac.base64EncodedString(), code: Self.code, nonce: Self.nonce))
    }

    @Test(arguments: [
        "",
        "not base64 at all!",
        "x1G9RHHU21+ZcHjkY6LUplSC9a4WS7KV9v5kgUrts8Y",  // padding missing
        "x1G9RHHU21+ZcHjkY6LUplSC9a4WS7KV9v5kgUrt",  // 30 bytes
        "x1G9RHHU21+ZcHjkY6LUplSC9a4WS7KV9v5kgUrts8YA",  // 33 bytes
        "x1G9RHHU21-ZcHjkY6LUplSC9a4WS7KV9v5kgUrts8Y=",  // base64url, not base64
    ])
    func verifyRejectsMalformedBase64(proof: String) {
        #expect(!JoinProof.verify(proof: proof, code: Self.code, nonce: Self.nonce))
    }

    @Test func verifyRejectsAProofOfTheRightMACButTooLong() {
        var mac = Data(base64Encoded: Self.expected)!
        mac.append(0)
        #expect(!JoinProof.verify(proof: mac.base64EncodedString(), code: Self.code, nonce: Self.nonce))
        #expect(!JoinProof.verify(proof: mac.prefix(16).base64EncodedString(), code: Self.code, nonce: Self.nonce))
    }

    @Test func noncesAreSixteenFreshBytes() {
        let nonces = (0..<8).map { _ in JoinProof.makeNonce() }
        #expect(nonces.allSatisfy { $0.count == 16 })
        #expect(Set(nonces).count == 8)
    }

    // MARK: code validation

    @Test(arguments: ["a", "1234", "open-sesame", "ключ-🔑", String(repeating: "z", count: 64), String(repeating: "€", count: 21)])
    func validCodes(code: String) {
        #expect(throws: Never.self) { try JoinProof.validate(code: code) }
    }

    @Test func lengthLimits() {
        #expect(throws: JoinProof.CodeProblem.length(0)) { try JoinProof.validate(code: "") }
        #expect(throws: JoinProof.CodeProblem.length(65)) { try JoinProof.validate(code: String(repeating: "z", count: 65)) }
        // 22 three-byte characters: 66 bytes.
        #expect(throws: JoinProof.CodeProblem.length(66)) { try JoinProof.validate(code: String(repeating: "€", count: 22)) }
    }

    @Test(arguments: ["a b", " ab", "ab ", "a\tb", "a\nb", "a\u{7}b", "a\u{0}b", "a\u{00A0}b", "a\u{2003}b", "a\u{85}b", "a\u{2028}b"])
    func whiteSpaceAndControlCharactersAreRefused(code: String) {
        #expect(throws: JoinProof.CodeProblem.characters) { try JoinProof.validate(code: code) }
    }

    @Test func lengthIsCheckedBeforeCharacters() {
        #expect(throws: JoinProof.CodeProblem.length(70)) { try JoinProof.validate(code: String(repeating: " ", count: 70)) }
    }

    @Test func problemDescriptions() {
        #expect(JoinProof.CodeProblem.length(70).description == "join code: 70 bytes, allowed are 1-64")
        #expect(JoinProof.CodeProblem.characters.description.contains("white space"))
    }
}
