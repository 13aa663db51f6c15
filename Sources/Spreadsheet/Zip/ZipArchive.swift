/// A zip file's directory, read from its end (the End of Central Directory record, then the
/// central directory's records), checked against ``Workbook/Limits`` before any entry is
/// inflated. ``contents(of:)`` reads one entry. Methods 0 (stored) and 8 (deflate) only; ZIP64,
/// split archives, encryption, path traversal and duplicate names are refused.
struct ZipArchive {
    /// The whole file.
    let bytes: [UInt8]
    /// The entries in directory order.
    let entries: [ZipEntry]
    private let byName: [String: Int]

    /// Reads the directory of the zip file `bytes`.
    init(_ bytes: [UInt8], limits: Workbook.Limits) throws(ZipError) {
        let end = try Self.endRecord(bytes)
        let count = end.uint16(10)
        guard end.uint16(4) == 0, end.uint16(6) == 0, end.uint16(8) == count else { throw ZipError(.multiDisk) }
        let size = end.uint32(12)
        let offset = end.uint32(16)
        guard count != 0xFFFF, size != 0xFFFF_FFFF, offset != 0xFFFF_FFFF,
              LittleEndianRecord(bytes, at: end.start - 20, size: 4)?.uint32(0) != Signature.zip64Locator
        else { throw ZipError(.zip64) }
        guard count <= limits.maxEntries else { throw ZipError(.tooManyEntries(count: count, limit: limits.maxEntries)) }
        guard offset <= end.start - size else {
            throw ZipError(.corrupt("the zip directory (\(size) bytes at byte \(offset)) runs past its end record (byte \(end.start))"))
        }
        var entries: [ZipEntry] = []
        var byName: [String: Int] = [:]
        var position = offset
        var total = 0
        for index in 0..<count {
            let entry = try Self.directoryRecord(bytes, at: &position, end: offset + size, index: index)
            guard byName.updateValue(entries.count, forKey: entry.name) == nil else {
                throw ZipError(.duplicateName, entry: entry.name)
            }
            guard entry.uncompressedSize <= limits.maxEntrySize else {
                throw ZipError(.entryTooLarge(size: entry.uncompressedSize, limit: limits.maxEntrySize), entry: entry.name)
            }
            total += entry.uncompressedSize
            guard total <= limits.maxTotalSize else { throw ZipError(.totalTooLarge(limit: limits.maxTotalSize)) }
            entries.append(entry)
        }
        self.bytes = bytes
        self.entries = entries
        self.byName = byName
    }

    /// The entry of that name, if the archive has one.
    func entry(named name: String) -> ZipEntry? { byName[name].map { entries[$0] } }

    enum Signature {
        static let local = 0x0403_4B50
        static let directory = 0x0201_4B50
        static let end = 0x0605_4B50
        static let zip64Locator = 0x0706_4B50
    }

    /// The End of Central Directory record: the last one in the last 64 KiB + 22 bytes whose
    /// comment fits in the file.
    private static func endRecord(_ bytes: [UInt8]) throws(ZipError) -> LittleEndianRecord {
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        var start = bytes.count - 22
        while start >= lowest {
            if let record = LittleEndianRecord(bytes, at: start, size: 22), record.uint32(0) == Signature.end,
               record.uint16(20) <= bytes.count - start - 22 {
                return record
            }
            start -= 1
        }
        if LittleEndianRecord(bytes, at: 0, size: 4)?.uint32(0) == Signature.local {
            throw ZipError(.truncated("the zip (after \(bytes.count) bytes), before its directory, the list of entries a zip ends with"))
        }
        throw ZipError(.notAZip(FileSniffer.describe(bytes)))
    }

    /// The central directory record at `position` (advanced past it), checked.
    private static func directoryRecord(_ bytes: [UInt8], at position: inout Int, end: Int, index: Int) throws(ZipError) -> ZipEntry {
        guard let record = LittleEndianRecord(bytes, at: position, size: 46), position + 46 <= end else {
            throw ZipError(.corrupt("the zip directory ends inside the record of entry \(index + 1)"))
        }
        guard record.uint32(0) == Signature.directory else {
            throw ZipError(.corrupt("no directory record for entry \(index + 1) at byte \(position)"))
        }
        let nameLength = record.uint16(28)
        let extraLength = record.uint16(30)
        let recordEnd = position + 46 + nameLength + extraLength + record.uint16(32)
        guard recordEnd <= end else { throw ZipError(.corrupt("the zip directory ends inside the record of entry \(index + 1)")) }
        let rawName = Array(bytes[(position + 46)..<(position + 46 + nameLength)])
        let name = String(decoding: rawName, as: UTF8.self)
        try ZipEntry.checkName(name)
        let flags = record.uint16(8)
        let method = record.uint16(10)
        let extra = bytes[(position + 46 + nameLength)..<(position + 46 + nameLength + extraLength)]
        guard flags & 0x41 == 0, method != 99 else { throw ZipError(.encrypted, entry: name) }
        let (compressed, uncompressed, offset) = (record.uint32(20), record.uint32(24), record.uint32(42))
        guard compressed != 0xFFFF_FFFF, uncompressed != 0xFFFF_FFFF, offset != 0xFFFF_FFFF, !hasZip64Field(extra) else {
            throw ZipError(.zip64, entry: name)
        }
        guard method == 0 || method == 8 else { throw ZipError(.unsupportedMethod(method), entry: name) }
        guard method == 8 || compressed == uncompressed else {
            throw ZipError(.corrupt("a stored entry of \(compressed) bytes that says it holds \(uncompressed)"), entry: name)
        }
        position = recordEnd
        return ZipEntry(
            name: name, rawName: rawName, method: method, crc32: UInt32(truncatingIfNeeded: record.uint32(16)),
            compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: offset)
    }

    /// Whether an extra field holds a ZIP64 block (header id 1). A malformed field list ends the search.
    private static func hasZip64Field(_ extra: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(extra)
        var position = 0
        while let header = LittleEndianRecord(bytes, at: position, size: 4) {
            if header.uint16(0) == 1 { return true }
            position += 4 + header.uint16(2)
        }
        return false
    }
}
