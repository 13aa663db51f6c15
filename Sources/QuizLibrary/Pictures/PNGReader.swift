import Spreadsheet

/// PNG: the signature, then chunks (length, type, data, CRC) from `IHDR` to `IEND`. The header
/// gives the size; every chunk's length must fit and its CRC must match; `IDAT` must come;
/// bytes after `IEND` are ignored, as browsers ignore them.
enum PNGReader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Bit depths allowed for each colour type (PNG §11.2.2).
    private static let depths: [Int: Set<Int>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]

    static func read(_ bytes: [UInt8]) throws(PictureError) -> PictureInfo {
        var reader = ByteReader(bytes, format: .png, at: signature.count)
        var header: PictureInfo?
        var sawData = false
        while true {
            let length = try reader.u32be()
            guard length <= 0x7FFF_FFFF else { throw .malformed(.png, problem: "a chunk's length is over 2³¹−1") }
            let typeAndData = try reader.take(4 + length)
            let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            guard UInt32(try reader.u32be()) == CRC32.checksum(typeAndData) else {
                throw .malformed(.png, problem: "the \(printable(type)) chunk's checksum (CRC) is wrong")
            }
            let data = Array(typeAndData.dropFirst(4))
            if header == nil {
                guard type == "IHDR" else { throw .malformed(.png, problem: "the first chunk is not IHDR") }
                header = try self.header(data)
                continue
            }
            switch type {
            case "IHDR": throw .malformed(.png, problem: "a second IHDR chunk")
            case "IDAT": sawData = true
            case "IEND":
                guard sawData else { throw .malformed(.png, problem: "no image data (IDAT) before IEND") }
                return header!
            default: break
            }
        }
    }

    /// The 13 bytes of `IHDR`: width, height, bit depth, colour type, compression, filter, interlace.
    private static func header(_ data: [UInt8]) throws(PictureError) -> PictureInfo {
        guard data.count == 13 else { throw .malformed(.png, problem: "the IHDR chunk is \(data.count) bytes, not 13") }
        var reader = ByteReader(data, format: .png)
        let width = try reader.u32be(), height = try reader.u32be()
        let depth = try reader.u8(), colour = try reader.u8()
        let compression = try reader.u8(), filter = try reader.u8(), interlace = try reader.u8()
        guard width > 0, height > 0 else { throw .malformed(.png, problem: "it is \(width)×\(height) pixels: no pixels") }
        guard width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else { throw .malformed(.png, problem: "a side is over 2³¹−1 pixels") }
        guard depths[colour]?.contains(depth) == true else {
            throw .malformed(.png, problem: "colour type \(colour) with bit depth \(depth) does not exist")
        }
        guard compression == 0, filter == 0, interlace <= 1 else {
            throw .malformed(.png, problem: "unknown compression, filter or interlace method")
        }
        return PictureInfo(format: .png, width: width, height: height)
    }

    /// A chunk type as it may be shown: four ASCII letters, else `?`s.
    private static func printable(_ type: String) -> String {
        String(type.unicodeScalars.map { ("A"..."Z").contains($0) || ("a"..."z").contains($0) ? Character($0) : "?" })
    }
}
