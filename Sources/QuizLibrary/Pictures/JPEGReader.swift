/// JPEG: SOI, then marker segments (each `FF xx` and, but for the standalone ones, a length) up to
/// EOI. The frame header (SOF0-SOF15 but DHT, JPG and DAC) gives the size and must come before the
/// first scan (SOS); a scan's entropy-coded data runs to the next marker that is not a stuffed
/// `FF 00` or a restart. Bytes after EOI are ignored; a file that ends before EOI is truncated.
enum JPEGReader {
    static let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// The frame-header markers: C0-CF but C4 (DHT), C8 (JPG) and CC (DAC).
    private static let frameMarkers: Set<Int> = Set(0xC0...0xCF).subtracting([0xC4, 0xC8, 0xCC])

    static func read(_ bytes: [UInt8]) throws(PictureError) -> PictureInfo {
        var reader = ByteReader(bytes, format: .jpeg, at: 2)
        var frame: PictureInfo?
        var scans = 0
        while true {
            guard try reader.u8() == 0xFF else { throw .malformed(.jpeg, problem: "a segment does not start with a marker") }
            var marker = try reader.u8()
            while marker == 0xFF { marker = try reader.u8() }  // fill bytes
            switch marker {
            case 0xD9:
                guard let frame else { throw .malformed(.jpeg, problem: "no frame header (SOF) before its end") }
                guard scans > 0 else { throw .malformed(.jpeg, problem: "no image data (SOS) before its end") }
                return frame
            case 0x01, 0xD0...0xD7: continue  // standalone: TEM, restarts
            case 0x00, 0xD8: throw .malformed(.jpeg, problem: "an unexpected marker (FF \(hex(marker)))")
            default: break
            }
            let length = try reader.u16be()
            guard length >= 2 else { throw .malformed(.jpeg, problem: "a segment's length is \(length)") }
            let segment = Array(try reader.take(length - 2))
            if frameMarkers.contains(marker) {
                guard frame == nil else { throw .malformed(.jpeg, problem: "a second frame header (SOF)") }
                frame = try self.frame(segment)
            } else if marker == 0xDA {
                guard frame != nil else { throw .malformed(.jpeg, problem: "a scan (SOS) before the frame header (SOF)") }
                scans += 1
                try skipEntropyCodedData(&reader)
            }
        }
    }

    /// A frame header: precision, height, width, then three bytes per component.
    private static func frame(_ segment: [UInt8]) throws(PictureError) -> PictureInfo {
        var reader = ByteReader(segment, format: .jpeg)
        try reader.skip(1)  // sample precision
        let height = try reader.u16be(), width = try reader.u16be()
        let components = try reader.u8()
        guard (1...4).contains(components), segment.count >= 6 + 3 * components else {
            throw .malformed(.jpeg, problem: "its frame header is damaged")
        }
        guard height > 0 else { throw .malformed(.jpeg, problem: "its height comes after the image data (DNL), which is not supported") }
        guard width > 0 else { throw .malformed(.jpeg, problem: "it is 0 pixels wide") }
        return PictureInfo(format: .jpeg, width: width, height: height)
    }

    /// Moves to the `FF` of the marker that ends a scan's data; the data's end is the file's
    /// only when it is truncated.
    private static func skipEntropyCodedData(_ reader: inout ByteReader) throws(PictureError) {
        let bytes = reader.bytes
        var index = reader.offset
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                let next = bytes[index + 1]
                if next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) {
                    try reader.skip(index - reader.offset)
                    return
                }
                if next != 0xFF { index += 1 }  // FF 00 and restarts: their second byte too
            }
            index += 1
        }
        throw .truncated(.jpeg)
    }

    private static func hex(_ byte: Int) -> String { (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
}
