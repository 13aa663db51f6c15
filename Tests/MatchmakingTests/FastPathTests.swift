import Foundation
import NIOCore
import Testing

@testable import Matchmaking

/// The fast path must agree with the full decoder on everything it accepts, and hand everything
/// unusual back to it.
@Suite struct FastPathTests {
    let decoder = JSONDecoder()

    func slow(_ json: String) throws -> WireMessage { try decoder.decode(WireMessage.self, from: Data(json.utf8)) }
    func fast(_ json: String) -> WireMessage? { WireCodec.fastDecode(ByteBuffer(string: json)) }

    @Test(arguments: [
        #"{"type":"app","from":3,"body":{"seq":1,"at":-5,"name":"Ann","ok":true,"no":false,"x":null,"f":1.5,"w":2.0,"l":[1,"a",[]]}}"#,
        #"{"type":"app","to":"all","body":"just a string"}"#,
        #"{"type":"app","to":[1,0,4294967295],"body":[]}"#,
        #"{"type":"app","body":{"nested":{"deep":[{"k":"é \" \\ \n"}]}}}"#,
        #"{"type":"ping","seq":7,"sent":123456789}"#,
        #"{"type":"pong","seq":4294967295,"sent":-1,"received":2,"replied":3,"extra":"ignored"}"#,
    ])
    func acceptedMessagesDecodeExactlyAsTheFullDecoderDoes(json: String) throws {
        let quick = try #require(fast(json))
        #expect(quick == (try slow(json)))
    }

    /// Found by the byte-for-byte encoder test: a 19th digit overflowed the scanner's Int64 before
    /// its length check, and a peer's ping could crash the host. Long integers now go to the full
    /// decoder, which takes what fits and names what does not.
    @Test(arguments: [
        "-9223372036854775808", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "9999999999999999999", "99999999999999999999999", "1000000000000000000",
    ])
    func integersOfNineteenDigitsOrMoreNeverTrap(number: String) throws {
        let json = #"{"type":"ping","seq":1,"sent":\#(number)}"#
        #expect(fast(json) == nil)
        let fits = Int64(number) != nil
        do {
            let decoded = try WireCodec().decode(ByteBuffer(string: json))
            #expect(fits)
            #expect(decoded == .ping(Ping(seq: 1, sent: Int64(number)!)))
        } catch {
            #expect(!fits)
        }
    }

    @Test(arguments: [
        #"{"type":"ping","seq":-1,"sent":2}"#,  // out of range: the full decoder names the problem
        #"{"type":"ping","seq":1.5,"sent":2}"#,
        #"{"type":"ping","seq":true,"sent":2}"#,
        #"{"type":"ping","sent":2}"#,
        #"{"type":"app","to":"some","body":1}"#,
        #"{"type":"app","to":[true],"body":1}"#,
        #"{"type":"app","from":4294967296,"body":1}"#,
        #"{"type":"app"}"#,
        #"{"type":"welcome"}"#,  // not a hot message
        #"[1,2]"#,
        #"{"type":"ping","#,
    ])
    func everythingUnusualGoesToTheFullDecoder(json: String) {
        #expect(fast(json) == nil)
    }

    @Test func directSerializationMatchesJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let value: JSONValue = .object([
            "b": .array([.integer(-3), .number(1.5), .bool(true), .null, .string("a/b \"q\" \\ \n\t\u{01} é 👩‍💻")]),
            "a": .object(["z": .integer(Int64.max), "y": .string("")]),
        ])
        #expect(String(decoding: value.jsonBytes, as: UTF8.self) == String(decoding: try encoder.encode(value), as: UTF8.self))
        let back = try JSONDecoder().decode(JSONValue.self, from: Data(value.jsonBytes))
        #expect(back == value)
    }
}
