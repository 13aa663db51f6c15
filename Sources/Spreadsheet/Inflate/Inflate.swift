/// A raw DEFLATE decoder (RFC 1951: stored, fixed and dynamic Huffman blocks), the compression
/// of zip entries. The caller caps the output: a stream that would inflate past the cap stops
/// there with ``InflateError/Problem/tooLarge(limit:)``, having allocated no more. A malformed
/// stream throws an ``InflateError``; nothing in the input can trap.
enum Inflate {
    /// Inflates the DEFLATE stream in `bytes[range]` (which must lie inside `bytes`) to at most
    /// `limit` bytes. Bytes after the stream's last block are ignored.
    static func inflate(_ bytes: [UInt8], range: Range<Int>, limit: Int) throws(InflateError) -> [UInt8] {
        var reader = BitReader(bytes, range: range)
        var output: [UInt8] = []
        var last = false
        while !last {
            last = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try stored(&reader, into: &output, limit: limit)
            case 1: try codes(&reader, into: &output, limit: limit, literals: fixedLiterals, distances: fixedDistances)
            case 2:
                let (literals, distances) = try dynamicCodes(&reader)
                try codes(&reader, into: &output, limit: limit, literals: literals, distances: distances)
            default: throw InflateError(problem: .reservedBlockType, offset: reader.offset)
            }
        }
        return output
    }

    /// A stored block: its length, the length's complement, then the bytes as they are.
    private static func stored(_ reader: inout BitReader, into output: inout [UInt8], limit: Int) throws(InflateError) {
        reader.alignToByte()
        let length = try reader.bits(16)
        let complement = try reader.bits(16)
        guard length == ~complement & 0xFFFF else {
            throw InflateError(problem: .storedLengthMismatch(length: length, complement: complement), offset: reader.offset)
        }
        guard length <= limit - output.count else { throw InflateError(problem: .tooLarge(limit: limit), offset: reader.offset) }
        try reader.copyBytes(length, to: &output)
    }

    /// A Huffman block's symbols up to its end-of-block symbol (256): literal bytes, and
    /// length-distance pairs copying from the output already written.
    private static func codes(
        _ reader: inout BitReader, into output: inout [UInt8], limit: Int, literals: Huffman, distances: Huffman
    ) throws(InflateError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard output.count < limit else { throw InflateError(problem: .tooLarge(limit: limit), offset: reader.offset) }
                output.append(UInt8(truncatingIfNeeded: symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthCode = symbol - 257
            guard lengthCode < lengthBase.count else {
                throw InflateError(problem: .invalidSymbol("literal/length symbol \(symbol) is not defined (286 and 287 are reserved)"), offset: reader.offset)
            }
            let length = try lengthBase[lengthCode] + reader.bits(lengthExtra[lengthCode])
            let distanceCode = try distances.decode(&reader)
            guard distanceCode < distanceBase.count else {
                throw InflateError(problem: .invalidSymbol("distance symbol \(distanceCode) is not defined (30 and 31 are reserved)"), offset: reader.offset)
            }
            let distance = try distanceBase[distanceCode] + reader.bits(distanceExtra[distanceCode])
            guard distance <= output.count else {
                throw InflateError(problem: .distanceTooFar(distance: distance, available: output.count), offset: reader.offset)
            }
            guard length <= limit - output.count else { throw InflateError(problem: .tooLarge(limit: limit), offset: reader.offset) }
            let from = output.count - distance
            for index in from..<(from + length) { output.append(output[index]) }
        }
    }

    /// A dynamic block's header: the code lengths, themselves Huffman-coded, of its literal/length
    /// and distance codes (RFC 1951 §3.2.7).
    private static func dynamicCodes(_ reader: inout BitReader) throws(InflateError) -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let lengthCodeCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw InflateError(problem: .badCodeLengths("\(literalCount) literal/length and \(distanceCount) distance codes (at most 286 and 30)"), offset: reader.offset)
        }
        var lengthCodeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<lengthCodeCount { lengthCodeLengths[lengthCodeOrder[index]] = try reader.bits(3) }
        let lengthCode = try Huffman(lengths: lengthCodeLengths[...], offset: reader.offset)
        guard lengthCode.missing == 0 else {
            throw InflateError(problem: .badCodeLengths("the code of the code lengths is incomplete"), offset: reader.offset)
        }
        var lengths: [Int] = []
        let total = literalCount + distanceCount
        while lengths.count < total {
            let symbol = try lengthCode.decode(&reader)
            let (value, repeats): (Int, Int)
            switch symbol {
            case 0..<16: (value, repeats) = (symbol, 1)
            case 16:
                guard let previous = lengths.last else {
                    throw InflateError(problem: .badCodeLengths("code 16 repeats the previous length, and there is none"), offset: reader.offset)
                }
                (value, repeats) = try (previous, 3 + reader.bits(2))
            case 17: (value, repeats) = try (0, 3 + reader.bits(3))
            default: (value, repeats) = try (0, 11 + reader.bits(7))
            }
            guard repeats <= total - lengths.count else {
                throw InflateError(problem: .badCodeLengths("a repeat runs past the \(total) lengths the header declares"), offset: reader.offset)
            }
            lengths.append(contentsOf: repeatElement(value, count: repeats))
        }
        guard lengths[256] > 0 else {
            throw InflateError(problem: .badCodeLengths("no code for the end-of-block symbol 256"), offset: reader.offset)
        }
        let literals = try usable(Huffman(lengths: lengths[..<literalCount], offset: reader.offset), "literal/length", reader)
        let distances = try usable(Huffman(lengths: lengths[literalCount...], offset: reader.offset), "distance", reader)
        return (literals, distances)
    }

    /// `code`, unless it is incomplete: only a single code of length 1 (or none at all, for
    /// distances) may leave codes unused, as zlib has it.
    private static func usable(_ code: Huffman, _ kind: String, _ reader: BitReader) throws(InflateError) -> Huffman {
        guard code.missing == 0 || code.isSingleOrEmpty else {
            throw InflateError(problem: .badCodeLengths("the \(kind) code is incomplete"), offset: reader.offset)
        }
        return code
    }

    // RFC 1951 §3.2.5 and §3.2.6.
    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
        8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let lengthCodeOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    // The fixed codes of block type 1 (§3.2.6): their lengths are fixed and valid, so they build.
    private static let fixedLiterals = try! Huffman(
        lengths: (Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24)
            + Array(repeating: 8, count: 8))[...],
        offset: 0)
    private static let fixedDistances = try! Huffman(lengths: Array(repeating: 5, count: 30)[...], offset: 0)
}
