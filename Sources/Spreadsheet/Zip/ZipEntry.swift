/// One file of a zip, as its central directory record describes it.
struct ZipEntry: Hashable, Sendable {
    /// Its path inside the archive, `/`-separated: `xl/worksheets/sheet1.xml`.
    var name: String
    /// The name's bytes as recorded (the local header must repeat them).
    var rawName: [UInt8]
    /// 0 stored, 8 deflate.
    var method: Int
    var crc32: UInt32
    var compressedSize: Int
    var uncompressedSize: Int
    /// Where its local header starts in the file.
    var localHeaderOffset: Int

    /// Refuses a name that could write outside the folder an archive is unpacked into, or that
    /// is no name at all.
    static func checkName(_ name: String) throws(ZipError) {
        guard !name.isEmpty else { throw ZipError(.corrupt("an entry has an empty name")) }
        guard !name.unicodeScalars.contains("\0") else { throw ZipError(.corrupt("an entry's name holds a NUL byte")) }
        let scalars = Array(name.unicodeScalars.prefix(2))
        if scalars[0] == "/" || scalars[0] == "\\" {
            throw ZipError(.pathTraversal("is an absolute path (it starts with \(scalars[0]))"), entry: name)
        }
        if scalars.count == 2, scalars[1] == ":", scalars[0].isASCIILetter {
            throw ZipError(.pathTraversal("is an absolute path (it starts with a drive letter)"), entry: name)
        }
        let components = name.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }
        if components.contains("..") {
            throw ZipError(.pathTraversal("climbs out of the archive's folder with '..'"), entry: name)
        }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
