extension ZipArchive {
    /// The bytes of `entry` (one of ``entries``): from its local header, inflated when deflated,
    /// to exactly its declared size, with its CRC-32 checked.
    func contents(of entry: ZipEntry) throws(ZipError) -> [UInt8] {
        guard let header = LittleEndianRecord(bytes, at: entry.localHeaderOffset, size: 30) else {
            throw ZipError(.truncated("the local header of this entry (at byte \(entry.localHeaderOffset))"), entry: entry.name)
        }
        guard header.uint32(0) == Signature.local else {
            throw ZipError(.corrupt("no local header at byte \(entry.localHeaderOffset), where the zip directory points"), entry: entry.name)
        }
        guard header.uint16(6) & 0x41 == 0 else { throw ZipError(.encrypted, entry: entry.name) }
        let nameStart = entry.localHeaderOffset + 30
        let dataStart = nameStart + header.uint16(26) + header.uint16(28)
        guard dataStart <= bytes.count, entry.compressedSize <= bytes.count - dataStart else {
            throw ZipError(.truncated("this entry's data (\(entry.compressedSize) bytes from byte \(dataStart); the file has \(bytes.count))"), entry: entry.name)
        }
        guard bytes[nameStart..<(nameStart + header.uint16(26))].elementsEqual(entry.rawName) else {
            throw ZipError(.corrupt("its local header gives another name than the zip directory"), entry: entry.name)
        }
        guard header.uint16(8) == entry.method else {
            throw ZipError(.corrupt("its local header gives method \(header.uint16(8)), the zip directory \(entry.method)"), entry: entry.name)
        }
        let range = dataStart..<(dataStart + entry.compressedSize)
        let data: [UInt8]
        if entry.method == 0 {
            data = Array(bytes[range])
        } else {
            do {
                data = try Inflate.inflate(bytes, range: range, limit: entry.uncompressedSize)
            } catch {
                throw ZipError(.inflate(error), entry: entry.name)
            }
        }
        guard data.count == entry.uncompressedSize else {
            throw ZipError(.sizeMismatch(declared: entry.uncompressedSize, actual: data.count), entry: entry.name)
        }
        let crc = CRC32.checksum(data)
        guard crc == entry.crc32 else { throw ZipError(.crcMismatch(expected: entry.crc32, actual: crc), entry: entry.name) }
        return data
    }
}
