/// The kinds of picture a quiz may hold: those every browser shows.
public enum PictureFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// Portable Network Graphics.
    case png
    /// JPEG (JFIF or Exif), baseline or progressive.
    case jpeg
    /// WebP: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`: alpha, animation).
    case webp
    /// GIF, 87a or 89a (animated too).
    case gif

    /// The type to serve it as (`image/png`): always the type its bytes are.
    public var mediaType: String { "image/\(rawValue)" }

    /// The file name ending it is stored under (`png`, `jpg`, `webp`, `gif`).
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The name a person knows it by (`PNG`, `JPEG`, `WebP`, `GIF`).
    public var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        case .gif: "GIF"
        }
    }
}

/// What ``PictureCheck/inspect(_:)`` found: a picture of this kind and size.
public struct PictureInfo: Sendable, Hashable {
    /// Its kind, read from its bytes.
    public var format: PictureFormat
    /// Its width in pixels (for an animation or WebP with a canvas: the canvas).
    public var width: Int
    /// Its height in pixels.
    public var height: Int
}
