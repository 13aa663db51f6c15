import Spreadsheet
@testable import QuizLibrary

/// The pictures the tests read.
enum Fixture {
    /// The fixtures (made by Fixtures/make-fixtures.py with a real encoder) and what they are.
    static let all: [(name: String, bytes: [UInt8], info: PictureInfo)] = [
        ("tiny.png", PackageResources.tiny_png, PictureInfo(format: .png, width: 3, height: 2)),
        ("tiny.jpg", PackageResources.tiny_jpg, PictureInfo(format: .jpeg, width: 5, height: 3)),
        ("progressive.jpg", PackageResources.progressive_jpg, PictureInfo(format: .jpeg, width: 6, height: 4)),
        ("tiny.gif", PackageResources.tiny_gif, PictureInfo(format: .gif, width: 3, height: 2)),
        ("lossless.webp", PackageResources.lossless_webp, PictureInfo(format: .webp, width: 2, height: 3)),
        ("lossy.webp", PackageResources.lossy_webp, PictureInfo(format: .webp, width: 7, height: 5)),
        ("alpha.webp", PackageResources.alpha_webp, PictureInfo(format: .webp, width: 4, height: 9)),
    ]

    /// tiny.png with its IHDR saying `width` × `height`, the CRC made right again.
    static func png(width: Int, height: Int) -> [UInt8] {
        var bytes = PackageResources.tiny_png
        let size = [width, height].flatMap { value in (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        bytes.replaceSubrange(16..<24, with: size)
        let crc = CRC32.checksum(bytes[12..<29])
        bytes.replaceSubrange(29..<33, with: (0..<4).reversed().map { UInt8(truncatingIfNeeded: crc >> ($0 * 8)) })
        return bytes
    }

}
