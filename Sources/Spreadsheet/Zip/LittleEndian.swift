/// A fixed-size record inside a byte array (a zip header), its little-endian fields read by
/// their offset in the record. Made only when the whole record lies inside the array, so its
/// reads stay in bounds.
struct LittleEndianRecord {
    private let bytes: [UInt8]
    /// Where the record starts in `bytes`.
    let start: Int

    /// The `size` bytes at `start`, or nil when they are not all inside `bytes`.
    init?(_ bytes: [UInt8], at start: Int, size: Int) {
        guard start >= 0, size >= 0, start <= bytes.count - size else { return nil }
        self.bytes = bytes
        self.start = start
    }

    /// The 2-byte field at `offset` (which must lie inside the record).
    func uint16(_ offset: Int) -> Int { Int(bytes[start + offset]) | Int(bytes[start + offset + 1]) << 8 }

    /// The 4-byte field at `offset` (which must lie inside the record).
    func uint32(_ offset: Int) -> Int { uint16(offset) | uint16(offset + 2) << 16 }
}
