/// WebP: a RIFF file (`RIFF`, its size, `WEBP`) whose size the bytes hold (bytes past it are
/// ignored, as libwebp ignores them), and whose first chunk is `VP8 ` (lossy: a key frame's start
/// code, then 14-bit width and height), `VP8L` (lossless: signature 0x2F, then width−1 and
/// height−1 in 14 bits each, version 0) or `VP8X` (extended: the canvas, width−1 and height−1 in
/// 24 bits each, then chunks of which one must hold an image or an animation frame).
enum WebPReader {
    /// `RIFF`, and `WEBP` at offset 8.
    static func matches(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("RIFF".utf8)) && bytes.count >= 12 && bytes[8..<12].elementsEqual("WEBP".utf8)
    }

    static func read(_ bytes: [UInt8]) throws(PictureError) -> PictureInfo {
        var riff = ByteReader(bytes, format: .webp, at: 4)
        let size = try riff.u32le()
        guard size >= 4 + 8 else { throw .malformed(.webp, problem: "its RIFF size (\(size)) leaves no room for an image") }
        guard size <= bytes.count - 8 else { throw .truncated(.webp) }
        var reader = ByteReader(Array(bytes[..<(8 + size)]), format: .webp, at: 12)
        let (first, data) = try chunk(&reader)
        switch first {
        case "VP8 ": return try lossy(data)
        case "VP8L": return try lossless(data)
        case "VP8X":
            let info = try extended(data)
            var images = 0
            while !reader.isAtEnd {
                let (name, _) = try chunk(&reader)
                if ["VP8 ", "VP8L", "ANMF"].contains(name) { images += 1 }
            }
            guard images > 0 else { throw .malformed(.webp, problem: "no image chunk after VP8X") }
            return info
        default:
            throw .malformed(.webp, problem: "its first chunk is not VP8, VP8L or VP8X")
        }
    }

    /// The next chunk: its name and data (then its padding byte, when its size is odd).
    private static func chunk(_ reader: inout ByteReader) throws(PictureError) -> (String, [UInt8]) {
        let name = String(decoding: try reader.take(4), as: UTF8.self)
        let size = try reader.u32le()
        let data = Array(try reader.take(size))
        if size % 2 == 1, !reader.isAtEnd { try reader.skip(1) }
        return (name, data)
    }

    private static func lossy(_ data: [UInt8]) throws(PictureError) -> PictureInfo {
        var reader = ByteReader(data, format: .webp)
        let tag = try reader.u8()
        try reader.skip(2)
        guard tag & 1 == 0 else { throw .malformed(.webp, problem: "its VP8 frame is not a key frame") }
        guard Array(try reader.take(3)) == [0x9D, 0x01, 0x2A] else { throw .malformed(.webp, problem: "its VP8 start code is wrong") }
        let width = try reader.u16le() & 0x3FFF, height = try reader.u16le() & 0x3FFF
        guard width > 0, height > 0 else { throw .malformed(.webp, problem: "it is \(width)×\(height) pixels: no pixels") }
        return PictureInfo(format: .webp, width: width, height: height)
    }

    private static func lossless(_ data: [UInt8]) throws(PictureError) -> PictureInfo {
        var reader = ByteReader(data, format: .webp)
        guard try reader.u8() == 0x2F else { throw .malformed(.webp, problem: "its VP8L signature is wrong") }
        let bits = try reader.u32le()
        guard bits >> 29 == 0 else { throw .malformed(.webp, problem: "its VP8L version is not 0") }
        return PictureInfo(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
    }

    private static func extended(_ data: [UInt8]) throws(PictureError) -> PictureInfo {
        var reader = ByteReader(data, format: .webp)
        guard data.count >= 10 else { throw .malformed(.webp, problem: "its VP8X chunk is \(data.count) bytes, not 10") }
        try reader.skip(4)  // flags, reserved
        let width = try reader.u24le() + 1, height = try reader.u24le() + 1
        return PictureInfo(format: .webp, width: width, height: height)
    }
}
