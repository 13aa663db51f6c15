/// GIF: `GIF87a` or `GIF89a`, the logical screen (its width and height are the picture's), the
/// global colour table, then blocks to the trailer (`;`): extensions and images, each image with
/// its descriptor, colour table and data sub-blocks. At least one image must come.
enum GIFReader {
    static let signatures: [[UInt8]] = [Array("GIF87a".utf8), Array("GIF89a".utf8)]

    static func read(_ bytes: [UInt8]) throws(PictureError) -> PictureInfo {
        var reader = ByteReader(bytes, format: .gif, at: 6)
        let width = try reader.u16le(), height = try reader.u16le()
        let flags = try reader.u8()
        try reader.skip(2)  // background colour, aspect ratio
        guard width > 0, height > 0 else { throw .malformed(.gif, problem: "its screen is \(width)×\(height) pixels: no pixels") }
        try skipColourTable(flags, &reader)
        var images = 0
        while true {
            switch try reader.u8() {
            case 0x21:  // extension: a label, then sub-blocks
                try reader.skip(1)
                try skipSubBlocks(&reader)
            case 0x2C:  // image: left, top, width, height, flags
                try reader.skip(8)
                try skipColourTable(try reader.u8(), &reader)
                let codeSize = try reader.u8()
                guard (1...11).contains(codeSize) else { throw .malformed(.gif, problem: "an image's LZW code size is \(codeSize)") }
                try skipSubBlocks(&reader)
                images += 1
            case 0x3B:
                guard images > 0 else { throw .malformed(.gif, problem: "no image before the trailer") }
                return PictureInfo(format: .gif, width: width, height: height)
            case let other:
                throw .malformed(.gif, problem: "an unknown block (0x\(String(other, radix: 16)))")
            }
        }
    }

    /// The colour table that `flags` announce (bit 7: present; bits 0-2: 2^(n+1) entries).
    private static func skipColourTable(_ flags: Int, _ reader: inout ByteReader) throws(PictureError) {
        if flags & 0x80 != 0 { try reader.skip(3 << ((flags & 7) + 1)) }
    }

    /// Sub-blocks (a length byte, that many bytes) up to an empty one.
    private static func skipSubBlocks(_ reader: inout ByteReader) throws(PictureError) {
        while case let length = try reader.u8(), length > 0 { try reader.skip(length) }
    }
}
