import Foundation
import NIOCore
import Testing

@testable import Matchmaking

/// Inputs the fuzz targets found (docs/FUZZING.md, "Found and fixed"), kept: each broke a
/// property of the wire's JSON before its fix. The same inputs are in Fuzz/Corpus/FuzzJSON.
@Suite struct FuzzRegressionTests {
    /// `{"type":"ping",…}` as UTF-32LE: ASCII, so valid UTF-8 byte for byte, with NULs.
    static let utf32Ping: [UInt8] = Array(#"{"type":"ping","seq":1,"sent":5}"#.utf8).flatMap { byte -> [UInt8] in [byte, 0, 0, 0] }

    @Test func aBodyInUTF16OrUTF32OrWithAByteOrderMarkIsNotJSON() {
        // FuzzJSON crash-3aa2e8b5: JSONDecoder read "5\0\0\0\0" as UTF-32 and RawJSON kept the bytes.
        #expect(throws: DecodingError.self) { try RawJSON(parsing: Data([0x35, 0, 0, 0, 0])) }
        #expect(throws: DecodingError.self) { try RawJSON(parsing: Data(Self.utf32Ping)) }
        #expect(throws: DecodingError.self) { try RawJSON(parsing: Data([0xEF, 0xBB, 0xBF, 0x7B, 0x7D])) }
        #expect((try? RawJSON(parsing: Data("{}".utf8))) != nil)
    }

    @Test func aFramePayloadInUTF32OrWithAByteOrderMarkIsMalformed() throws {
        let codec = WireCodec()
        #expect(throws: ProtocolViolation.malformedMessage("not JSON")) { try codec.decode(ByteBuffer(bytes: Self.utf32Ping)) }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"type":"ping","seq":1,"sent":5}"#.utf8)
        #expect(throws: ProtocolViolation.malformedMessage("not JSON")) { try codec.decode(ByteBuffer(bytes: bom)) }
        #expect(try codec.decode(ByteBuffer(string: #"{"type":"ping","seq":1,"sent":5}"#)) == .ping(Ping(seq: 1, sent: 5)))
    }

    @Test func whatJSONDecoderToleratesIsKeptReEncodedAsStrictJSON() throws {
        // FuzzJSON crash-c29b7ba1: a trailing comma, which JSONDecoder takes and JSON.parse refuses.
        let trailing = try RawJSON(parsing: Data("[\n{\"type\":\"ping\",\"seq\":0,\"sent\":5},]".utf8))
        #expect(String(decoding: trailing.bytes, as: UTF8.self) == #"[{"sent":5,"seq":0,"type":"ping"}]"#)
        // FuzzJSON crash-2442d865: a duplicate member name whose second value JSONDecoder skips
        // unchecked (it keeps the first): a raw control character, an invalid escape.
        let control = try RawJSON(parsing: Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x31, 0x2C, 0x22, 0x61, 0x22, 0x3A, 0x22, 0x1D, 0x22, 0x7D]))
        #expect(String(decoding: control.bytes, as: UTF8.self) == #"{"a":1}"#)
        let escape = try RawJSON(parsing: Data(#"{"a":1,"a":"\i"}"#.utf8))
        #expect(String(decoding: escape.bytes, as: UTF8.self) == #"{"a":1}"#)
        // Strict JSON stays the bytes it came as, spacing and all.
        let spaced = Data(#"{ "b" : [1, 2.5] }"#.utf8)
        #expect(try RawJSON(parsing: spaced).bytes == spaced)
        // Valid JSON the scanner leaves to the full decoder (an exponent) keeps its value.
        #expect(try RawJSON(parsing: Data("[2.5e3]".utf8)).value == .array([.integer(2500)]))
    }
}
