/// Whether some bytes are a picture a quiz may hold, which kind, and how big: decided by the
/// bytes alone, never by a file name or a claimed type. A picture is PNG, JPEG, WebP or GIF, at
/// most ``maxBytes`` (2 MB), at most ``maxSide`` (8192) pixels on a side and ``maxPixels`` (40
/// megapixels) in all; its structure is walked to its end (PNG chunks and their CRCs, JPEG
/// segments, the WebP RIFF chunks, GIF blocks), so a truncated file is refused as truncated.
/// Pure: no I/O.
public enum PictureCheck {
    /// The most bytes a picture may have: 2 MB (2,000,000 bytes).
    public static let maxBytes = 2_000_000
    /// The most pixels on a side: 8192.
    public static let maxSide = 8192
    /// The most pixels in all: 40 megapixels (40,000,000).
    public static let maxPixels = 40_000_000

    /// The kind and size of the picture `bytes` hold.
    /// - Throws: ``PictureError``: too many bytes, not a picture (with what it looks like),
    ///   truncated, malformed, or too many pixels.
    public static func inspect(_ bytes: [UInt8]) throws(PictureError) -> PictureInfo {
        guard bytes.count <= maxBytes else { throw .tooLarge(bytes: bytes.count, limit: maxBytes) }
        let info: PictureInfo
        if bytes.starts(with: PNGReader.signature) {
            info = try PNGReader.read(bytes)
        } else if bytes.starts(with: JPEGReader.signature) {
            info = try JPEGReader.read(bytes)
        } else if GIFReader.signatures.contains(where: bytes.starts(with:)) {
            info = try GIFReader.read(bytes)
        } else if WebPReader.matches(bytes) {
            info = try WebPReader.read(bytes)
        } else if let format = PictureFormat.allCases.first(where: { isStart(of: $0, bytes) }) {
            throw .truncated(format)
        } else {
            throw .notAPicture(looksLike: Sniff.looksLike(bytes))
        }
        guard info.width <= maxSide, info.height <= maxSide else {
            throw .tooWide(width: info.width, height: info.height, limit: maxSide)
        }
        guard info.width * info.height <= maxPixels else {
            throw .tooManyPixels(width: info.width, height: info.height, limit: maxPixels)
        }
        return info
    }

    /// Whether `bytes`, too short to tell but 3 bytes or more, are the start of a `format`
    /// signature (`\x89PN`, `RIFF`).
    private static func isStart(of format: PictureFormat, _ bytes: [UInt8]) -> Bool {
        let signatures: [[UInt8]] = switch format {
        case .png: [PNGReader.signature]
        case .jpeg: [JPEGReader.signature]
        case .gif: GIFReader.signatures
        case .webp: [Array("RIFF\0\0\0\0WEBP".utf8)]
        }
        return bytes.count >= 3 && signatures.contains { signature in
            bytes.count < signature.count && zip(bytes, signature).allSatisfy { $0 == $1 || (format == .webp && $1 == 0) }
        }
    }
}
