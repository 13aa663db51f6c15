import Spreadsheet
import Testing
import Vocabulary

@testable import QuizLibrary

@Suite("PictureCheck: pictures told by their bytes")
struct PictureCheckTests {
    @Test("real files of each kind give their kind and size", arguments: Fixture.all.map(\.name))
    func fixtures(name: String) throws {
        let fixture = Fixture.all.first { $0.name == name }!
        #expect(try PictureCheck.inspect(fixture.bytes) == fixture.info)
    }

    @Test("the media type is the format's, whatever the file was called")
    func mediaTypes() throws {
        let types = try Fixture.all.map { try PictureCheck.inspect($0.bytes).format.mediaType }
        #expect(types == ["image/png", "image/jpeg", "image/jpeg", "image/gif", "image/webp", "image/webp", "image/webp"])
        #expect(PictureFormat.jpeg.fileExtension == "jpg")
    }

    @Test("every cut-short copy of a picture is refused as truncated", arguments: Fixture.all.map(\.name))
    func truncated(name: String) {
        let fixture = Fixture.all.first { $0.name == name }!
        for length in 3..<fixture.bytes.count {
            #expect(throws: PictureError.truncated(fixture.info.format), "\(name) cut to \(length) bytes") {
                try PictureCheck.inspect(Array(fixture.bytes.prefix(length)))
            }
        }
        #expect(PictureError.truncated(.png).description.contains("truncated"))
    }

    @Test("what is not a picture is refused, saying what it looks like")
    func notPictures() throws {
        let cases: [(bytes: [UInt8], looksLike: String?)] = [
            (Array("Question,Answer\nWhat is 2+2?,4\n".utf8), "text"),
            ([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00], "a ZIP archive (.xlsx, .docx, .zip)"),
            (Array("%PDF-1.7\n".utf8), "a PDF document"),
            (Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), "an SVG drawing, which is not taken: save it as PNG"),
            (Array("{\"questions\":[]}".utf8), "JSON text"),
            ([], "an empty file"),
            ([0x00, 0x01, 0x02, 0x03, 0x9C], nil),
        ]
        for (bytes, looksLike) in cases {
            #expect(throws: PictureError.notAPicture(looksLike: looksLike)) { try PictureCheck.inspect(bytes) }
        }
        let zip = PictureError.notAPicture(looksLike: "a ZIP archive (.xlsx, .docx, .zip)").description
        #expect(zip == "not a PNG, JPEG, WebP or GIF picture (it looks like a ZIP archive (.xlsx, .docx, .zip))")
    }

    @Test("a PNG whose IHDR checksum is wrong is refused")
    func badCRC() {
        var bytes = PackageResources.tiny_png
        bytes[19] ^= 0x01  // the width's last byte; the CRC still says 3
        #expect(throws: PictureError.malformed(.png, problem: "the IHDR chunk's checksum (CRC) is wrong")) { try PictureCheck.inspect(bytes) }
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)  // the standard check value
    }

    @Test("dimensions: at most 8192 on a side and 40 megapixels")
    func dimensions() throws {
        #expect(try PictureCheck.inspect(Fixture.png(width: 8000, height: 5000)) == PictureInfo(format: .png, width: 8000, height: 5000))
        #expect(try PictureCheck.inspect(Fixture.png(width: 8192, height: 10)).width == 8192)
        #expect(throws: PictureError.tooWide(width: 8193, height: 10, limit: 8192)) { try PictureCheck.inspect(Fixture.png(width: 8193, height: 10)) }
        #expect(throws: PictureError.tooWide(width: 10, height: 9000, limit: 8192)) { try PictureCheck.inspect(Fixture.png(width: 10, height: 9000)) }
        #expect(throws: PictureError.tooManyPixels(width: 8000, height: 5001, limit: 40_000_000)) {
            try PictureCheck.inspect(Fixture.png(width: 8000, height: 5001))
        }
        #expect(throws: PictureError.malformed(.png, problem: "it is 0×2 pixels: no pixels")) { try PictureCheck.inspect(Fixture.png(width: 0, height: 2)) }
        let text = PictureError.tooManyPixels(width: 8000, height: 5001, limit: 40_000_000).description
        #expect(text == "the picture is 8000×5001 pixels (40.1 megapixels); a picture may have at most 40 megapixels")
    }

    @Test("more than 2 MB is refused before it is read")
    func tooLarge() {
        let bytes = PackageResources.tiny_png + [UInt8](repeating: 0, count: PictureCheck.maxBytes)
        #expect(throws: PictureError.tooLarge(bytes: bytes.count, limit: 2_000_000)) { try PictureCheck.inspect(bytes) }
        #expect(PictureError.tooLarge(bytes: 2_000_001, limit: 2_000_000).description == "the picture is 2.1 MB; a picture may be at most 2 MB")
    }

    @Test("a JPEG without a frame header is refused")
    func jpegWithoutFrame() {
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x07] + Array("JFIF\0".utf8)
        #expect(throws: PictureError.malformed(.jpeg, problem: "no frame header (SOF) before its end")) {
            try PictureCheck.inspect([0xFF, 0xD8] + app0 + [0xFF, 0xD9])
        }
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34, 0xFF, 0xD9]
        #expect(throws: PictureError.malformed(.jpeg, problem: "a scan (SOS) before the frame header (SOF)")) {
            try PictureCheck.inspect([0xFF, 0xD8] + app0 + scan)
        }
    }

    @Test("a JPEG's size comes from its frame header, past other segments and fill bytes")
    func jpegFrame() throws {
        let frame: [UInt8] = [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x01, 0x2C, 0x02, 0x58, 0x01, 0x01, 0x11, 0x00]  // 600×300, one component
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0xFF, 0x00, 0xFF, 0xD3, 0x34]
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x04, 0x68, 0x69] + [0xFF] + frame + scan + [0xFF, 0xFF, 0xD9]
        #expect(try PictureCheck.inspect(bytes) == PictureInfo(format: .jpeg, width: 600, height: 300))
    }

    @Test("a GIF with no pixels, a WebP whose RIFF size overruns, a VP8L with a wrong signature are refused")
    func otherMalformed() {
        var gif = PackageResources.tiny_gif
        gif[6] = 0
        gif[7] = 0
        #expect(throws: PictureError.malformed(.gif, problem: "its screen is 0×2 pixels: no pixels")) { try PictureCheck.inspect(gif) }
        var webp = PackageResources.lossless_webp
        webp[4] &+= 2
        #expect(throws: PictureError.truncated(.webp)) { try PictureCheck.inspect(webp) }
        webp = PackageResources.lossless_webp
        webp[20] = 0x2E
        #expect(throws: PictureError.malformed(.webp, problem: "its VP8L signature is wrong")) { try PictureCheck.inspect(webp) }
    }

    @Test("sizes read in decimal units, rounded up when over a limit")
    func byteCounts() {
        #expect(ByteCount.text(812) == "812 bytes")
        #expect(ByteCount.text(3500) == "3.5 kB")
        #expect(ByteCount.text(50_000_000) == "50 MB")
        #expect(ByteCount.text(51_234_567) == "51.2 MB")
        #expect(ByteCount.text(50_000_001, roundingUp: true) == "50.1 MB")
    }
}
