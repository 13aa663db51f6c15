import Vocabulary

/// Why some bytes are not a picture a quiz may hold. Each says what was wrong and what is
/// allowed, in words for the host page.
public enum PictureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// More bytes than a picture may have (``PictureCheck/maxBytes``).
    case tooLarge(bytes: Int, limit: Int)
    /// Not PNG, JPEG, WebP or GIF; `looksLike` says what the first bytes suggest, when they do
    /// ("a ZIP archive (.xlsx, .docx, .zip)", "text").
    case notAPicture(looksLike: String?)
    /// The bytes end before the picture does.
    case truncated(PictureFormat)
    /// It starts as `format` but breaks the format's rules: `problem` says which.
    case malformed(PictureFormat, problem: String)
    /// Wider or taller than ``PictureCheck/maxSide`` pixels.
    case tooWide(width: Int, height: Int, limit: Int)
    /// More than ``PictureCheck/maxPixels`` pixels in all.
    case tooManyPixels(width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            "the picture is \(ByteCount.text(bytes, roundingUp: true)); a picture may be at most \(ByteCount.text(limit))"
        case .notAPicture(let looksLike):
            "not a PNG, JPEG, WebP or GIF picture" + (looksLike.map { " (it looks like \($0))" } ?? "")
        case .truncated(let format):
            "the \(format.name) picture is truncated: its bytes end before the picture does"
        case .malformed(let format, let problem):
            "not a valid \(format.name) picture: \(problem)"
        case .tooWide(let width, let height, let limit):
            "the picture is \(width)×\(height) pixels; a picture may be at most \(limit) pixels wide and \(limit) high"
        case .tooManyPixels(let width, let height, let limit):
            "the picture is \(width)×\(height) pixels (\(Self.megapixels(width * height)) megapixels); a picture may have at most \(Self.megapixels(limit)) megapixels"
        }
    }

    /// `40`, `49.1` (one decimal, rounded up, none when whole).
    private static func megapixels(_ pixels: Int) -> String {
        let tenths = (pixels + 99_999) / 100_000
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
