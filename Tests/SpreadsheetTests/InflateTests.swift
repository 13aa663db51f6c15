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

    // Codes of the fixed Huffman block (RFC 1951 §3.2.6), high bit first: (code, length).
    static let literalA = (0x30 + 0x61, 8)  // literals 0-143: 8 bits from 0x30
    static let endOfBlock = (0, 7)  // symbols 256-279: 7 bits from 0
    static func length(symbol: Int) -> (Int, Int) { symbol < 280 ? (symbol - 256, 7) : (0xC0 + symbol - 280, 8) }
    static func distance(code: Int) -> (Int, Int) { (code, 5) }

    /// A final fixed-Huffman block of these codes.
    static func fixedBlock(_ codes: [(Int, Int)]) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, 1)
        bits.write(1, 2)
        for (code, length) in codes { bits.writeCode(code, length) }
        return bits.bytes
    }

    /// A final dynamic block's header: HLIT, HDIST and HCLEN as the fields hold them, then the
    /// code-length code's lengths (3 bits each, in the format's order 16, 17, 18, 0, 8, …).
    static func dynamicHeader(literals: Int, distances: Int, lengthCodeLengths: [Int]) -> BitWriter {
        var bits = BitWriter()
        bits.write(1, 1)
        bits.write(2, 2)
        bits.write(literals, 5)
        bits.write(distances, 5)
        bits.write(max(lengthCodeLengths.count, 4) - 4, 4)
        for length in lengthCodeLengths { bits.write(length, 3) }
        return bits
    }

    @Test func aDistanceBeforeTheStartIsRefused() {
        // 'a', then length 3 (symbol 257) at distance 2 (code 1): only one byte is written.
        let block = Self.fixedBlock([Self.literalA, Self.length(symbol: 257), Self.distance(code: 1), Self.endOfBlock])
        #expect(Self.error(block)?.problem == .distanceTooFar(distance: 2, available: 1))
    }

    @Test func aBackReferenceMayOverlapWhatItCopies() throws {
        // 'a', then length 4 (symbol 258) at distance 1 (code 0): "aaaaa".
        let block = Self.fixedBlock([Self.literalA, Self.length(symbol: 258), Self.distance(code: 0), Self.endOfBlock])
        #expect(try Self.inflate(block) == Array("aaaaa".utf8))
    }

    @Test func theReservedLengthAndDistanceSymbolsAreRefused() {
        let length = Self.fixedBlock([Self.length(symbol: 286)])
        #expect(Self.error(length)?.problem == .invalidSymbol("literal/length symbol 286 is not defined (286 and 287 are reserved)"))
        let distance = Self.fixedBlock([Self.literalA, Self.length(symbol: 257), Self.distance(code: 30)])
        #expect(Self.error(distance)?.problem == .invalidSymbol("the bits read are no code of the block's Huffman tree"))
    }

    @Test func dynamicHeadersThatMakeNoCodeAreRefused() {
        let many = Self.dynamicHeader(literals: 30, distances: 0, lengthCodeLengths: [])  // 287 codes
        #expect(Self.error(many.bytes + [0, 0, 0, 0])?.problem == .badCodeLengths("287 literal/length and 1 distance codes (at most 286 and 30)"))
        let over = Self.dynamicHeader(literals: 0, distances: 0, lengthCodeLengths: Array(repeating: 1, count: 19))
        #expect(Self.error(over.bytes + [0, 0, 0, 0])?.problem == .badCodeLengths("more codes of length 1 than a prefix code can hold"))
        let none = Self.dynamicHeader(literals: 0, distances: 0, lengthCodeLengths: [0, 0, 0, 0])
        #expect(Self.error(none.bytes + [0, 0, 0, 0])?.problem == .badCodeLengths("the code of the code lengths is incomplete"))
    }

    @Test func aRepeatOfNoPreviousLengthIsRefused() {
        // The code-length code has symbols 16 and 0, both of length 1; the first length read is 16.
        var bits = Self.dynamicHeader(literals: 0, distances: 0, lengthCodeLengths: [1, 0, 0, 1])
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
