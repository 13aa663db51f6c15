/// Reads a DEFLATE stream's bits, least significant first, from a range of a byte array: every
/// read is bounds-checked, and reading past the range's end throws
/// ``InflateError/Problem/truncated``.
struct BitReader {
    private let bytes: [UInt8]
    private let start: Int
    private let end: Int
    /// The next byte to load into `buffer`.
    private var position: Int
    private var buffer: UInt64 = 0
    /// How many bits of `buffer` are loaded (0 to 64).
    private var count = 0

    /// Reads `bytes[range]`; `range` must lie inside `bytes` (the caller checked it).
    init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.start = range.lowerBound
        self.end = range.upperBound
        self.position = range.lowerBound
    }

    /// The byte holding the next bit to read, counted from the stream's start, for errors.
    var offset: Int { position - start - (count + 7) / 8 }

    /// Loads whole bytes while they fit in the buffer and the range has them.
    private mutating func refill() {
        while count <= 56, position < end {
            buffer |= UInt64(bytes[position]) << UInt64(count)
            position += 1
            count += 8
        }
    }

    /// The next `n` bits (0 to 32) as a number, the first bit read the lowest.
    mutating func bits(_ n: Int) throws(InflateError) -> Int {
        if count < n { refill() }
        guard count >= n else { throw InflateError(problem: .truncated, offset: offset) }
        let value = Int(truncatingIfNeeded: buffer & ((1 << UInt64(n)) - 1))
        buffer >>= UInt64(n)
        count -= n
        return value
    }

    /// The next `n` bits (at most 32) without consuming them, zeros past the stream's end, and how
    /// many of them the stream really has.
    mutating func peek(_ n: Int) -> (bits: Int, available: Int) {
        if count < n { refill() }
        return (Int(truncatingIfNeeded: buffer & ((1 << UInt64(n)) - 1)), min(count, n))
    }

    /// Drops `n` bits already seen through ``peek(_:)`` (so at most its `available`).
    mutating func consume(_ n: Int) {
        buffer >>= UInt64(n)
        count -= n
    }

    /// Drops the bits left of the current byte (a stored block starts on a byte boundary).
    mutating func alignToByte() { consume(count % 8) }

    /// Appends the next `length` bytes to `output`, after ``alignToByte()``: the whole bytes
    /// still buffered first, then straight from the array.
    mutating func copyBytes(_ length: Int, to output: inout [UInt8]) throws(InflateError) {
        var left = length
        while left > 0, count >= 8 {
            output.append(UInt8(truncatingIfNeeded: buffer))
            consume(8)
            left -= 1
        }
        guard left <= end - position else { throw InflateError(problem: .truncated, offset: end - start) }
        output.append(contentsOf: bytes[position..<(position + left)])
        position += left
    }
}
