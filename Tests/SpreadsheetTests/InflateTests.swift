import Testing

@testable import Spreadsheet

/// The DEFLATE decoder against zlib's own streams (Fixtures/, made by make-fixtures.py) and
/// against hand-made broken ones.
@Suite struct InflateTests {
    static func inflate(_ bytes: [UInt8], limit: Int = 1 << 24) throws(InflateError) -> [UInt8] {
        try Inflate.inflate(bytes, range: 0..<bytes.count, limit: limit)
    }

    static func error(_ bytes: [UInt8], limit: Int = 1 << 24) -> InflateError? {
        do {
            _ = try inflate(bytes, limit: limit)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: ["text.stored.deflate", "text.fixed.deflate", "text.dynamic.deflate", "text.blocks.deflate"])
    func zlibsStreamsOfEveryBlockTypeInflateToTheText(stream: String) throws {
        let text = try Fixture.bytes("text.txt")
        #expect(try Self.inflate(Fixture.bytes(stream)) == text)
    }

    @Test func aStreamInsideALargerArrayIsReadFromItsRangeOnly() throws {
        let stream = try Fixture.bytes("text.dynamic.deflate")
        let padded = [0xFF, 0xFF, 0xFF] + stream + [0xFF]
        #expect(try Inflate.inflate(padded, range: 3..<(3 + stream.count), limit: 1 << 20) == Fixture.bytes("text.txt"))
    }

    @Test func aLimitExactlyTheSizeIsEnoughAndOneByteLessIsNot() throws {
        let text = try Fixture.bytes("text.txt")
        for stream in ["text.stored.deflate", "text.fixed.deflate", "text.dynamic.deflate"] {
            let bytes = try Fixture.bytes(stream)
            #expect(try Self.inflate(bytes, limit: text.count) == text)
            #expect(Self.error(bytes, limit: text.count - 1)?.problem == .tooLarge(limit: text.count - 1), "\(stream)")
        }
    }

    @Test func aZipBombOf100MBOfZerosStopsAtTheCap() throws {
        let bomb = try Fixture.bytes("zeros.deflate")
        #expect(bomb.count < 110_000)
        let error = try #require(Self.error(bomb, limit: 1_000_000))
        #expect(error.problem == .tooLarge(limit: 1_000_000))
        #expect(error.offset < 2_000, "stopped near the start of the stream, not after inflating it all")
        #expect(error.description.hasSuffix("inflates to more than 1000000 bytes, the most allowed"))
    }

    @Test func theEmptyFixedBlockIsNothing() throws {
        #expect(try Self.inflate([0x03, 0x00]).isEmpty)  // final, fixed, end-of-block (7 zero bits)
    }

    @Test func aStoredBlockIsCopiedAsItIs() throws {
        #expect(try Self.inflate([0x01, 0x03, 0x00, 0xFC, 0xFF, 0x61, 0x62, 0x63]) == Array("abc".utf8))
    }

    @Test func aStoredBlockWhoseComplementDisagreesIsRefused() {
        #expect(Self.error([0x01, 0x03, 0x00, 0xFC, 0xFE, 0x61, 0x62, 0x63])?.problem == .storedLengthMismatch(length: 3, complement: 0xFEFC))
    }

    @Test func everyCutOfAValidStreamIsTruncated() throws {
        let text = try Fixture.bytes("text.dynamic.deflate")
        for length in [0, 1, 2, 10, text.count / 2, text.count - 1] {
            #expect(Self.error(Array(text.prefix(length)))?.problem == .truncated, "cut at \(length)")
        }
        let stored: [UInt8] = [0x01, 0x03, 0x00, 0xFC, 0xFF, 0x61, 0x62]
        #expect(Self.error(stored)?.problem == .truncated)
    }

    @Test func blockType3IsReserved() {
        #expect(Self.error([0x07])?.problem == .reservedBlockType)
    }

    @Test func aDistanceBeforeTheStartIsRefused() {
        // Fixed block: literal 'a' (0x91 as 8 bits), then length 3 (symbol 257, 7 bits 0000001),
        // distance code 1 (distance 2, 5 bits 00001): only one byte is written.
        var bits = BitWriter()
        bits.write(1, 1)
        bits.write(1, 2)
        bits.writeCode(0x30 + 0x61, 8)
        bits.writeCode(1, 7)
        bits.writeCode(1, 5)
        bits.writeCode(0, 7)
        #expect(Self.error(bits.bytes)?.problem == .distanceTooFar(distance: 2, available: 1))
    }

    @Test func aBackReferenceMayOverlapWhatItCopies() throws {
        // 'a', then length 4 at distance 1: "aaaaa".
        var bits = BitWriter()
        bits.write(1, 1)
        bits.write(1, 2)
        bits.writeCode(0x30 + 0x61, 8)
        bits.writeCode(2, 7)  // symbol 258: length 4
        bits.writeCode(0, 5)  // distance 1
        bits.writeCode(0, 7)
        #expect(try Self.inflate(bits.bytes) == Array("aaaaa".utf8))
    }

    @Test func theReservedLengthAndDistanceSymbolsAreRefused() {
        var length = BitWriter()
        length.write(1, 1)
        length.write(1, 2)
        length.writeCode(0xC0 + 6, 8)  // symbol 286 (280-287 are 8-bit codes from 0xC0)
        #expect(Self.error(length.bytes)?.problem == .invalidSymbol("literal/length symbol 286 is not defined (286 and 287 are reserved)"))
        var distance = BitWriter()
        distance.write(1, 1)
        distance.write(1, 2)
        distance.writeCode(0x30 + 0x61, 8)
        distance.writeCode(1, 7)
        distance.writeCode(30, 5)
        #expect(Self.error(distance.bytes)?.problem == .invalidSymbol("the bits read are no code of the block's Huffman tree"))
    }

    @Test func dynamicHeadersThatMakeNoCodeAreRefused() {
        // HLIT 30 (287 codes): more than 286.
        var many = BitWriter()
        many.write(1, 1)
        many.write(2, 2)
        many.write(30, 5)
        many.write(0, 5)
        many.write(0, 4)
        #expect(Self.error(many.bytes + [0, 0, 0, 0])?.problem == .badCodeLengths("287 literal/length and 1 distance codes (at most 286 and 30)"))
        // Every code-length code of length 1: over-subscribed.
        var over = BitWriter()
        over.write(1, 1)
        over.write(2, 2)
        over.write(0, 5)
        over.write(0, 5)
        over.write(15, 4)
        for _ in 0..<19 { over.write(1, 3) }
        #expect(Self.error(over.bytes + [0, 0, 0, 0])?.problem == .badCodeLengths("more codes of length 1 than a prefix code can hold"))
        // No code-length codes at all: incomplete.
        var none = BitWriter()
        none.write(1, 1)
        none.write(2, 2)
        none.write(0, 14)
        for _ in 0..<4 { none.write(0, 3) }
        #expect(Self.error(none.bytes + [0, 0, 0, 0])?.problem == .badCodeLengths("the code of the code lengths is incomplete"))
    }

    @Test func aRepeatOfNoPreviousLengthIsRefused() {
        // Code-length code: symbols 16 and 0 of length 1 (the order starts 16, 17, 18, 0).
        var bits = BitWriter()
        bits.write(1, 1)
        bits.write(2, 2)
        bits.write(0, 5)
        bits.write(0, 5)
        bits.write(0, 4)  // 4 code-length codes: 16, 17, 18, 0
        for length in [1, 0, 0, 1] { bits.write(length, 3) }
        bits.writeCode(1, 1)  // symbol 16 (code 1: symbol 0 has the code 0)
        #expect(Self.error(bits.bytes + [0, 0])?.problem == .badCodeLengths("code 16 repeats the previous length, and there is none"))
    }

    @Test func randomBytesNeverTrapAndStayUnderTheCap() {
        var generator = SplitMix(seed: 25)
        for _ in 0..<3_000 {
            let bytes = (0..<Int(generator.next() % 64)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if let output = try? Self.inflate(bytes, limit: 4_096) { #expect(output.count <= 4_096) }
        }
    }
}

/// Writes DEFLATE bits as the format orders them: fields from their low bit, Huffman codes from
/// their high bit.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 8

    mutating func write(_ value: Int, _ count: Int) {
        for bit in 0..<count { push((value >> bit) & 1) }
    }

    mutating func writeCode(_ code: Int, _ length: Int) {
        for bit in stride(from: length - 1, through: 0, by: -1) { push((code >> bit) & 1) }
    }

    private mutating func push(_ bit: Int) {
        if used == 8 {
            bytes.append(0)
            used = 0
        }
        bytes[bytes.count - 1] |= UInt8(bit) << UInt8(used)
        used += 1
    }
}

/// A small seeded generator, so that a random test runs the same each time.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
