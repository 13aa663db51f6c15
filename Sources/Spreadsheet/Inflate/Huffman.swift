/// A canonical Huffman code of DEFLATE (RFC 1951 §3.2.2), decoded through one table indexed by
/// the next bits of the stream: each entry holds a symbol and its code's length, or nothing
/// where no code starts with those bits (an incomplete code).
struct Huffman: Sendable {
    /// Indexed by the next `depth` bits (the first read lowest): `symbol << 4 | length`, or 0.
    private let table: [UInt32]
    /// The longest code's length: how many bits index the table.
    private let depth: Int
    /// How many codes short of complete the lengths are: 0 for a complete code.
    let missing: Int

    /// Whether every code is at most one bit long: a single code, or none (the only incomplete
    /// codes zlib and RFC 1951's examples accept in a dynamic block).
    var isSingleOrEmpty: Bool { depth == 1 }

    /// The code of `lengths` (a length per symbol, 0 for an unused symbol, at most 15).
    /// - Throws: when the lengths are over-subscribed (more codes of some length than there is room for).
    init(lengths: ArraySlice<Int>, offset: Int) throws(InflateError) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[length] += 1 }
        var left = 1
        for length in 1...15 {
            left = left << 1 - counts[length]
            guard left >= 0 else {
                throw InflateError(problem: .badCodeLengths("more codes of length \(length) than a prefix code can hold"), offset: offset)
            }
        }
        missing = left
        depth = counts.lastIndex { $0 > 0 }.map { max($0, 1) } ?? 1
        // The first code of each length, in canonical order (RFC 1951 §3.2.2, step 2).
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + (length > 1 ? counts[length - 1] : 0)) << 1
            next[length] = code
        }
        var table = [UInt32](repeating: 0, count: 1 << depth)
        for (symbol, length) in zip(0..., lengths) where length > 0 {
            let reversed = Self.reverse(next[length], length)
            next[length] += 1
            for index in stride(from: reversed, to: table.count, by: 1 << length) {
                table[index] = UInt32(symbol) << 4 | UInt32(length)
            }
        }
        self.table = table
    }

    /// The next symbol of the stream.
    func decode(_ reader: inout BitReader) throws(InflateError) -> Int {
        let (bits, available) = reader.peek(depth)
        let entry = table[bits]
        let length = Int(entry & 15)
        guard length > 0 else {
            guard available == depth else { throw InflateError(problem: .truncated, offset: reader.offset) }
            throw InflateError(problem: .invalidSymbol("the bits read are no code of the block's Huffman tree"), offset: reader.offset)
        }
        guard length <= available else { throw InflateError(problem: .truncated, offset: reader.offset) }
        reader.consume(length)
        return Int(entry >> 4)
    }

    /// `code`'s `length` low bits in reverse order: DEFLATE sends a Huffman code's bits from the
    /// most significant, and the reader takes bits from the least.
    private static func reverse(_ code: Int, _ length: Int) -> Int {
        var result = 0
        var code = code
        for _ in 0..<length {
            result = result << 1 | code & 1
            code >>= 1
        }
        return result
    }
}
