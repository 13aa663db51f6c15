/// What some bytes that are no picture a quiz takes seem to be, from their first bytes: for the
/// error a host reads ("not a PNG, JPEG, WebP or GIF picture (it looks like a PDF document)").
enum Sniff {
    /// Known starts and what they are (all checked at offset 0).
    private static let magic: [(start: [UInt8], what: String)] = [
        (Array("PK\u{3}\u{4}".utf8), "a ZIP archive (.xlsx, .docx, .zip)"),
        (Array("%PDF".utf8), "a PDF document"),
        (Array("BM".utf8), "a BMP picture, which is not taken: save it as PNG or JPEG"),
        (Array("II*\0".utf8), "a TIFF picture, which is not taken: save it as PNG or JPEG"),
        (Array("MM\0*".utf8), "a TIFF picture, which is not taken: save it as PNG or JPEG"),
        ([0x1F, 0x8B], "a gzip archive"),
        (Array("Rar!".utf8), "a RAR archive"),
        ([0x37, 0x7A, 0xBC, 0xAF], "a 7-Zip archive"),
        (Array("RIFF".utf8), "a RIFF file (sound or video)"),
        (Array("ID3".utf8), "an MP3 sound"),
        (Array("OggS".utf8), "an Ogg sound or video"),
        ([0x00, 0x00, 0x01, 0x00], "an icon (.ico), which is not taken: save it as PNG"),
        ([0x7F, 0x45, 0x4C, 0x46], "a program (ELF)"),
    ]

    /// A few words for what `bytes` look like, or nil when nothing is recognised.
    static func looksLike(_ bytes: [UInt8]) -> String? {
        if bytes.isEmpty { return "an empty file" }
        if let known = magic.first(where: { bytes.starts(with: $0.start) }) { return known.what }
        if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            return ["heic", "heix", "mif1", "avif"].contains(brand)
                ? "a HEIC or AVIF picture, which is not taken: save it as JPEG" : "an MP4 or QuickTime video"
        }
        guard let text = text(bytes) else { return nil }
        let start = text.drop { $0.isWhitespace }.prefix(256).lowercased()
        if start.hasPrefix("<svg") || (start.hasPrefix("<?xml") && start.firstRange(of: "<svg") != nil) {
            return "an SVG drawing, which is not taken: save it as PNG"
        }
        if start.hasPrefix("<") { return "HTML or XML text" }
        if start.hasPrefix("{") || start.hasPrefix("[") { return "JSON text" }
        if start.hasPrefix("data:image/") { return "a data: address as text; upload the picture file itself" }
        return "text"
    }

    /// `bytes` as text when their start is UTF-8 without control characters but white space.
    private static func text(_ bytes: [UInt8]) -> String? {
        var start = Array(bytes.prefix(512))
        // A cut may fall inside a character: drop up to three bytes of it.
        let cut = bytes.count > start.count
        for _ in 0..<3 where cut && String(validating: start, as: UTF8.self) == nil { start.removeLast() }
        guard let text = String(validating: start, as: UTF8.self) else { return nil }
        let allowed = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F || [0x09, 0x0A, 0x0D].contains($0.value) }
        return allowed ? text : nil
    }
}
