import Foundation
import NIOCore
import Testing

@testable import Matchmaking

/// App bodies travel as the bytes they came in (``RawJSON``): checked by the frame scanner,
/// never parsed on the way through, decoded once by the game.
@Suite struct RawBodyTests {
    let codec = WireCodec()

    func decode(_ json: String) throws(ProtocolViolation) -> WireMessage { try codec.decode(ByteBuffer(string: json)) }
    func decode(bytes: [UInt8]) throws(ProtocolViolation) -> WireMessage { try codec.decode(ByteBuffer(bytes: bytes)) }
    func fast(_ json: String) -> WireMessage? { WireCodec.fastDecode(ByteBuffer(string: json)) }

    func body(of message: WireMessage) throws -> RawJSON {
        guard case .app(let app) = message else { throw Unexpected(message: message) }
        return app.body
    }

    struct Unexpected: Error { let message: WireMessage }

    @Test func aBodyKeepsItsBytesSpacingAndMemberOrderIncluded() throws {
        let message = try decode(#"{"type":"app", "to" : [0, 2] ,"body": {"b":1, "a":[2, "x"]} }"#)
        #expect(String(decoding: try body(of: message).bytes, as: UTF8.self) == #"{"b":1, "a":[2, "x"]}"#)
        guard case .app(let app) = message else { return }
        #expect(app.to == .peers([.host, PeerID(rawValue: 2)]))
        #expect(app.from == nil)
    }

    @Test func theCodecSplicesTheBodyWhenEncoding() throws {
        let message = try decode(#"{"type":"app","body":{"b":1, "a":2}}"#)
        let relayed = WireMessage.app(AppMessage(from: PeerID(rawValue: 7), body: try body(of: message)))
        #expect(String(buffer: codec.encode(relayed)) == #"{"body":{"b":1, "a":2},"from":7,"type":"app"}"#)
        #expect(String(buffer: codec.encode(.app(AppMessage(to: .peers([.host, PeerID(rawValue: 3)]), body: .integer(1)))))
            == #"{"body":1,"to":[0,3],"type":"app"}"#)
    }

    @Test(arguments: [
        #"{"type":"app","body":{"a":}}"#,
        #"{"type":"app","body":01}"#,
        #"{"type":"app","body":-}"#,
        #"{"type":"app","body":1.}"#,
        #"{"type":"app","body":.5}"#,
        #"{"type":"app","body":+1}"#,
        #"{"type":"app","body":tru}"#,
        #"{"type":"app","body":NaN}"#,
        #"{"type":"app","body":Infinity}"#,
        #"{"type":"app","body":"bad \x escape"}"#,
        #"{"type":"app","body":"\u12"}"#,
        #"{"type":"app","body":'single'}"#,
        #"{"type":"app","body":{a:1}}"#,
        #"{"type":"app","body":[1 2]}"#,
        #"{"type":"app","body":"unterminated}"#,
        #"{"type":"app","body":1} trailing"#,
        #"{"type":"app","body":1}{"type":"app","body":2}"#,
        "{\"type\":\"app\",\"body\":\"raw \u{01} control\"}",
        "{\"type\":\"app\",\"body\":\"raw \n newline\"}",
    ])
    func anInvalidBodyIsATypedViolation(json: String) {
        #expect(fast(json) == nil)
        #expect {
            try decode(json)
        } throws: { error in
            guard case .malformedMessage = error as? ProtocolViolation else { return false }
            return true
        }
    }

    @Test func invalidUTF8InsideABodyStringIsRefusedAsSuch() {
        let bytes = Array(#"{"type":"app","body":"x"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: ProtocolViolation.invalidUTF8) { try decode(bytes: bytes) }
        let overlong = Array(#"{"type":"app","body":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8)
        #expect(throws: ProtocolViolation.invalidUTF8) { try decode(bytes: overlong) }
    }

    @Test(arguments: [
        (#"{"type":"app","body":1e300}"#, JSONValue.number(1e300)),
        (#"{"type":"app","body":[12345678901234567890]}"#, .array([.number(12345678901234567890)])),
        (#"{"type":"app","body":"\ud83d\ude00 \u00e9"}"#, .string("😀 é")),
        (#"{"type":"app","body":{"k":"\u00e9\/"}}"#, .object(["k": .string("é/")])),
        (#"{"type":"app","body":"é 👩‍💻"}"#, .string("é 👩‍💻")),
        (#"{"type":"app","body":-0.25}"#, .number(-0.25)),
        (#"{"type":"app","body":null}"#, .null),
    ])
    func unusualValidBodiesAreAccepted(json: String, expected: JSONValue) throws {
        #expect(try body(of: try decode(json)) == RawJSON(expected))
    }

    @Test func deepNestingIsLeftToTheFullDecoder() throws {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let json = #"{"type":"app","body":"# + deep + "}"
        #expect(fast(json) == nil)
        #expect(try body(of: try decode(json)).value == JSONValue(deepArray: 40))
    }

    @Test(arguments: [
        #"{"type":"app","body":1,"body":2}"#,
        #"{"type":"ping","seq":1,"seq":2,"sent":3}"#,
        #"{"type":"ping","type":"pong","seq":1,"sent":3}"#,
        #"{"type":"app","from":null,"body":1}"#,
        #"{"type":"app","to":null,"body":1}"#,
        #"{"type":"ping","seq":1,"sent":1234567890123456789}"#,
        #"{"type":"ping","seq":01,"sent":3}"#,
        #"{"type":"ping","seq":-0,"sent":3}"#,
        #"{"t\u0079pe":"ping","seq":1,"sent":3}"#,
        // Not RFC 8259, but Foundation's parsers accept trailing commas; the full decoder decides.
        #"{"type":"app","body":[1,]}"#,
        #"{"type":"app","body":{"a":1,}}"#,
    ])
    func duplicatesNullsAndOddNumbersGoToTheFullDecoder(json: String) {
        #expect(fast(json) == nil)
    }

    @Test func whiteSpaceAndUnknownMembersAreFine() throws {
        let json = " {\n\t\"seq\" : 7 ,\r\n \"extra\": {\"a\": [true, false, null, \"\\u00e9\"]}, \"sent\":-12, \"type\":\"ping\"} \n"
        #expect(fast(json) == .ping(Ping(seq: 7, sent: -12)))
    }

    /// Soundness: whatever the fast path accepts, the full decoder accepts as the same message.
    /// Every one-byte deletion or replacement of a few frames is tried.
    @Test func theFastPathNeverAcceptsWhatTheFullDecoderRefuses() throws {
        let seeds = [
            #"{"type":"app","to":[0,2],"from":3,"body":{"a":[1,-2.5,"x\"y",true,null],"b":{}}}"#,
            #"{"type":"pong","seq":4,"sent":-1,"received":20,"replied":300}"#,
            #"{"type":"app","body":"\u00e9\n"}"#,
        ]
        let replacements = Array(#"{}[]":,"#.utf8) + Array("0-.e\\ntu \u{01}".utf8)
        let decoder = JSONDecoder()
        var accepted = 0
        for seed in seeds {
            let bytes = Array(seed.utf8)
            var variants: [[UInt8]] = []
            for index in bytes.indices {
                var deleted = bytes
                deleted.remove(at: index)
                variants.append(deleted)
                for byte in replacements where byte != bytes[index] {
                    var replaced = bytes
                    replaced[index] = byte
                    variants.append(replaced)
                }
            }
            for variant in variants {
                guard let quick = WireCodec.fastDecode(ByteBuffer(bytes: variant)) else { continue }
                accepted += 1
                let full = try? decoder.decode(WireMessage.self, from: Data(variant))
                #expect(full == quick, "\(String(decoding: variant, as: UTF8.self))")
            }
        }
        #expect(accepted > 0)
    }

    @Test func rawJSONComparesAsJSONValues() throws {
        let spaced = try RawJSON(parsing: Data(#"{ "b" : 2.0, "a" : [1] }"#.utf8))
        #expect(spaced == RawJSON(.object(["a": .array([.integer(1)]), "b": .integer(2)])))
        #expect(spaced != RawJSON(.object(["a": .array([.integer(1)])])))
        #expect(Set([spaced, RawJSON(.object(["a": .array([.integer(1)]), "b": .integer(2)]))]).count == 1)
        #expect(throws: DecodingError.self) { try RawJSON(parsing: Data("{".utf8)) }
    }

    struct Press: Codable, Equatable {
        var seq: Int
        var at: Int64
    }

    @Test func aGameDecodesItsTypeFromTheBytes() throws {
        let message = SessionMessage(from: PeerID(rawValue: 2), body: try body(of: try decode(#"{"type":"app","body":{"at":-5,"seq":3}}"#)))
        #expect(try message.decode(Press.self) == Press(seq: 3, at: -5))
        #expect(throws: DecodingError.self) { try message.decode(String.self) }
        let encoded = try RawJSON(encoding: Press(seq: 1, at: 2))
        #expect(try encoded.decode(Press.self) == Press(seq: 1, at: 2))
        #expect(try RawJSON(encoding: encoded) == encoded)
        #expect(try RawJSON(encoding: JSONValue.string("x")).bytes == Data(#""x""#.utf8))
    }
}

extension JSONValue {
    fileprivate init(deepArray depth: Int) {
        self = depth == 1 ? .array([]) : .array([JSONValue(deepArray: depth - 1)])
    }
}

@Suite struct AppPayloadTests {
    @Test func aFrameIsThePrefixedPayload() {
        let body = Data(#"{"a":[1,2]}"#.utf8)
        for recipients in [nil, WireRecipients.all, .peers([]), .peers([.host, PeerID(rawValue: 9)])] {
            let payload = AppPayload.make(body: body, from: PeerID(rawValue: 3), recipients: recipients)
            #expect(AppPayload.frame(body: body, from: PeerID(rawValue: 3), recipients: recipients) == ByteBuffer.frame(payload))
        }
        #expect(String(buffer: AppPayload.make(body: body, from: nil, recipients: .peers([]))) == #"{"body":{"a":[1,2]},"to":[],"type":"app"}"#)
    }
}
