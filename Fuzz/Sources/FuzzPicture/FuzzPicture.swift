import FuzzKit
import QuizLibrary

/// A quiz picture upload: any bytes to ``PictureCheck/inspect(_:)``. A picture taken is within
/// the limits and starts with its format's signature; it is read the same with bytes added after
/// it (each format's end is found: IEND, EOI, the GIF trailer, the RIFF size); a refusal as
/// truncated comes only for bytes that start as that format does, and a "not a picture" only for
/// bytes that start as none does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let info = try PictureCheck.inspect(bytes)
        require((1...PictureCheck.maxSide).contains(info.width) && (1...PictureCheck.maxSide).contains(info.height), "\(info) is out of bounds")
        require(info.width * info.height <= PictureCheck.maxPixels, "\(info) has too many pixels")
        require(startsAs(info.format, bytes, whole: true), "\(info) taken from bytes that do not start as \(info.format)")
        let longer = bytes + [0x00, 0xFF, 0xD9, 0x3B]
        if longer.count <= PictureCheck.maxBytes {
            require((try? PictureCheck.inspect(longer)) == info, "\(info) reads otherwise with bytes after its end")
        }
    } catch {
        require(!error.description.isEmpty, "an empty refusal")
        switch error {
        case .truncated(let format), .malformed(let format, _):
            require(startsAs(format, bytes, whole: false), "\(error) for bytes that do not start as \(format)")
        case .notAPicture:
            require(!PictureFormat.allCases.contains { startsAs($0, bytes, whole: true) }, "\(error) for bytes that start as a picture")
        case .tooLarge, .tooWide, .tooManyPixels:
            break
        }
    }
    return 0
}

/// Whether `bytes` begin with `format`'s signature (or, not `whole`, with a part of it, when they are shorter).
private func startsAs(_ format: PictureFormat, _ bytes: [UInt8], whole: Bool) -> Bool {
    let signatures: [[UInt8?]] = switch format {
    case .png: [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]]
    case .jpeg: [[0xFF, 0xD8, 0xFF]]
    case .gif: [Array("GIF87a".utf8), Array("GIF89a".utf8)]
    case .webp: [Array("RIFF".utf8) + [nil, nil, nil, nil] + Array("WEBP".utf8)]
    }
    return signatures.contains { signature in
        guard bytes.count >= signature.count || !whole else { return false }
        return zip(bytes, signature).allSatisfy { $1 == nil || $0 == $1 }
    }
}
