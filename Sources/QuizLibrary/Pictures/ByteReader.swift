/// Reads numbers from a picture's bytes, front to back; any read past the end throws
/// ``PictureError/truncated(_:)`` for its format, so no reader indexes out of bounds.
struct ByteReader {
    let bytes: [UInt8]
    let format: PictureFormat
    /// Where the next read starts.
    private(set) var offset: Int

    init(_ bytes: [UInt8], format: PictureFormat, at offset: Int = 0) {
        self.bytes = bytes
        self.format = format
        self.offset = offset
    }

    /// Bytes not read yet.
    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset >= bytes.count }

    /// Moves on `count` bytes.
    mutating func skip(_ count: Int) throws(PictureError) {
        guard count >= 0, count <= remaining else { throw .truncated(format) }
        offset += count
    }

    /// The next `count` bytes.
    mutating func take(_ count: Int) throws(PictureError) -> ArraySlice<UInt8> {
        let start = offset
        try skip(count)
        return bytes[start..<offset]
    }

    mutating func u8() throws(PictureError) -> Int { Int(try take(1).first!) }

    /// The next byte, not consumed.
    func peek() throws(PictureError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated(format) }
        return bytes[offset]
    }

    mutating func u16be() throws(PictureError) -> Int { try number(2, bigEndian: true) }
    mutating func u32be() throws(PictureError) -> Int { try number(4, bigEndian: true) }
    mutating func u16le() throws(PictureError) -> Int { try number(2, bigEndian: false) }
    mutating func u24le() throws(PictureError) -> Int { try number(3, bigEndian: false) }
    mutating func u32le() throws(PictureError) -> Int { try number(4, bigEndian: false) }

    private mutating func number(_ size: Int, bigEndian: Bool) throws(PictureError) -> Int {
        let slice = try take(size)
        let ordered = bigEndian ? Array(slice) : slice.reversed()
        return ordered.reduce(0) { $0 << 8 | Int($1) }
    }
}
