import Testing

@testable import Spreadsheet

/// The zip reader: the directory, each entry's bytes, and every refusal, on zips written
/// byte by byte (TestZip) and by Python's zipfile (the fixtures).
@Suite struct ZipTests {
    static func archive(_ zip: TestZip, limits: Workbook.Limits = .init()) throws(ZipError) -> ZipArchive {
        try ZipArchive(zip.bytes, limits: limits)
    }

    static func error(_ bytes: [UInt8], limits: Workbook.Limits = .init()) -> ZipError? {
        do {
            let archive = try ZipArchive(bytes, limits: limits)
            for entry in archive.entries { _ = try archive.contents(of: entry) }
            return nil
        } catch {
            return error
        }
    }

    static func error(_ zip: TestZip, limits: Workbook.Limits = .init()) -> ZipError? { error(zip.bytes, limits: limits) }

    @Test func crc32OfTheStandardCheckString() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }

    @Test func pythonsZipfileEntriesReadStoredAndDeflated() throws {
        for fixture in ["handwritten-stored.xlsx", "handwritten-deflated.xlsx"] {
            let archive = try ZipArchive(Fixture.bytes(fixture), limits: .init())
            #expect(archive.entries.map(\.name).contains("xl/worksheets/sheet1.xml"))
            #expect(Set(archive.entries.map(\.method)) == [fixture.contains("stored") ? 0 : 8])
            let sheet = try archive.contents(of: #require(archive.entry(named: "xl/sharedStrings.xml")))
            #expect(String(decoding: sheet, as: UTF8.self).contains("<si><t>Question - max 120 characters</t></si>"))
        }
    }

    @Test func aDeflatedEntryOfZlibsStreamReadsBack() throws {
        let text = try Fixture.bytes("text.txt")
        let zip = TestZip([.deflated("text.txt", stream: try Fixture.bytes("text.dynamic.deflate"), of: text)])
        let archive = try Self.archive(zip)
        #expect(try archive.contents(of: archive.entries[0]) == text)
    }

    @Test func aCommentAfterTheEndRecordIsAllowed() throws {
        var bytes = TestZip([.stored("a.txt", "hello")]).bytes
        let comment = Array(repeating: UInt8(ascii: "c"), count: 1_000)
        bytes[bytes.count - 2] = UInt8(comment.count & 0xFF)
        bytes[bytes.count - 1] = UInt8(comment.count >> 8)
        bytes += comment
        let archive = try ZipArchive(bytes, limits: .init())
        #expect(try archive.contents(of: archive.entries[0]) == Array("hello".utf8))
    }

    @Test func aBadCRCIsCorruptAndNamesBothChecksums() {
        var entry = TestZip.Entry.stored("xl/workbook.xml", "<workbook/>")
        let right = entry.crc
        entry.crc = 0x1234_ABCD
        let error = Self.error(TestZip([entry]))
        #expect(error?.problem == .crcMismatch(expected: 0x1234_ABCD, actual: right))
        #expect(error?.description.hasPrefix("xl/workbook.xml: corrupt: its CRC-32 is 0x") == true)
        #expect(error?.description.hasSuffix("the zip directory says 0x1234abcd") == true)
    }

    @Test(arguments: [
        ("../evil", "climbs out of the archive's folder with '..'"),
        ("xl/../../evil.xml", "climbs out of the archive's folder with '..'"),
        ("xl\\..\\..\\evil.xml", "climbs out of the archive's folder with '..'"),
        ("/etc/passwd", "is an absolute path (it starts with /)"),
        ("\\windows\\evil", "is an absolute path (it starts with \\)"),
        ("C:/evil", "is an absolute path (it starts with a drive letter)"),
    ])
    func pathTraversalIsRefusedBeforeAnythingIsRead(name: String, why: String) {
        let error = Self.error(TestZip([.stored("xl/workbook.xml", "<workbook/>"), .stored(name, "evil")]))
        #expect(error?.problem == .pathTraversal(why))
        #expect(error?.description == "\(name): path traversal: the name \(why); entry names must stay inside the archive's folder")
    }

    @Test func namesThatOnlyLookLikeTraversalAreFine() throws {
        let archive = try Self.archive(TestZip([.stored("a..b/c.xml", "1"), .stored("..x", "2"), .stored("dir/", "")]))
        #expect(archive.entries.map(\.name) == ["a..b/c.xml", "..x", "dir/"])
    }

    @Test func aNameGivenTwiceIsRefused() {
        let error = Self.error(TestZip([.stored("xl/workbook.xml", "<a/>"), .stored("xl/workbook.xml", "<b/>")]))
        #expect(error == ZipError(.duplicateName, entry: "xl/workbook.xml"))
    }

    @Test func encryptionIsRefused() {
        var traditional = TestZip.Entry.stored("xl/workbook.xml", "<workbook/>")
        traditional.flags = 1
        #expect(Self.error(TestZip([traditional])) == ZipError(.encrypted, entry: "xl/workbook.xml"))
        var aes = TestZip.Entry.stored("xl/workbook.xml", "<workbook/>")
        aes.method = 99
        #expect(Self.error(TestZip([aes])) == ZipError(.encrypted, entry: "xl/workbook.xml"))
    }

    @Test func zip64IsRefused() {
        var sizes = TestZip.Entry.stored("big.xml", "x")
        sizes.uncompressedSize = 0xFFFF_FFFF
        #expect(Self.error(TestZip([sizes]))?.problem == .zip64)
        var extra = TestZip.Entry.stored("big.xml", "x")
        extra.extra = le16(0x5455) + le16(1) + [0] + le16(1) + le16(16) + Array(repeating: 0, count: 16)
        #expect(Self.error(TestZip([extra])) == ZipError(.zip64, entry: "big.xml"))
        // A ZIP64 end-of-directory locator just before the end record.
        var bytes = TestZip([.stored("a", "x")]).bytes
        bytes.insert(contentsOf: le32(0x0706_4B50) + Array(repeating: 0, count: 16), at: bytes.count - 22)
        #expect(Self.error(bytes)?.problem == .zip64)
        #expect(Self.error(bytes)?.description.contains("ZIP64") == true)
    }

    @Test func onlyStoredAndDeflateAreRead() {
        var bzip2 = TestZip.Entry.stored("xl/workbook.xml", "x")
        bzip2.method = 12
        let error = Self.error(TestZip([bzip2]))
        #expect(error?.description == "xl/workbook.xml: compression method 12 (bzip2); only 0 (stored) and 8 (deflate) are read")
    }

    @Test func theLimitsAreCheckedOnTheDirectoryBeforeAnythingIsInflated() throws {
        let four = TestZip((1...4).map { .stored("part\($0).xml", String(repeating: "x", count: 100)) })
        #expect(Self.error(four, limits: .init(maxEntries: 3))?.problem == .tooManyEntries(count: 4, limit: 3))
        #expect(ZipError(.tooManyEntries(count: 10_010, limit: 10_000)).description == "the zip holds 10,010 entries; at most 10,000 are read")
        #expect(Self.error(four, limits: .init(maxEntrySize: 99)) == ZipError(.entryTooLarge(size: 100, limit: 99), entry: "part1.xml"))
        #expect(Self.error(four, limits: .init(maxTotalSize: 399))?.problem == .totalTooLarge(limit: 399))
        #expect(Self.error(four, limits: .init(maxEntries: 4, maxEntrySize: 100, maxTotalSize: 400)) == nil)
    }

    @Test func aZipBombDeclaringItsSizeIsRefusedByItsDirectory() throws {
        let zeros = try Fixture.bytes("zeros.deflate")
        // Its CRC is never reached: the declared size alone refuses it.
        let bomb = TestZip.Entry(name: "xl/worksheets/sheet1.xml", data: zeros, method: 8, crc: 0, uncompressedSize: 100 << 20)
        let error = Self.error(TestZip([bomb]))
        #expect(error == ZipError(.entryTooLarge(size: 104_857_600, limit: 20_000_000), entry: "xl/worksheets/sheet1.xml"))
    }

    @Test func aZipBombLyingAboutItsSizeStopsAtTheSizeItDeclares() throws {
        let zeros = try Fixture.bytes("zeros.deflate")
        let bomb = TestZip.Entry(name: "xl/worksheets/sheet1.xml", data: zeros, method: 8, crc: 0, uncompressedSize: 1_000_000)
        let error = try #require(Self.error(TestZip([bomb])))
        guard case .inflate(let inflate) = error.problem else { Issue.record("\(error)"); return }
        #expect(inflate.problem == .tooLarge(limit: 1_000_000))
        #expect(error.description.contains("inflates to more than the 1,000,000 bytes its zip directory record declares"))
    }

    @Test func anEntryThatInflatesShortOfItsSizeIsCorrupt() throws {
        let text = try Fixture.bytes("text.txt")
        var entry = TestZip.Entry.deflated("t.txt", stream: try Fixture.bytes("text.fixed.deflate"), of: text)
        entry.uncompressedSize += 1
        #expect(Self.error(TestZip([entry]))?.problem == .sizeMismatch(declared: text.count + 1, actual: text.count))
    }

    @Test func aBrokenDeflateStreamIsCorruptNamingTheEntry() {
        let entry = TestZip.Entry(name: "xl/workbook.xml", data: [0x07], method: 8, crc: 0, uncompressedSize: 10)
        let error = Self.error(TestZip([entry]))
        #expect(error?.description == "xl/workbook.xml: corrupt deflate data, at byte 0 of the deflate stream: block type 3 is reserved (only 0 stored, 1 fixed and 2 dynamic Huffman exist)")
    }

    @Test func aStoredEntryWhoseSizesDisagreeIsCorrupt() {
        var entry = TestZip.Entry.stored("a.xml", "abc")
        entry.uncompressedSize = 4
        #expect(Self.error(TestZip([entry]))?.problem == .corrupt("a stored entry of 3 bytes that says it holds 4"))
    }

    @Test func aLocalHeaderThatNamesAnotherFileIsCorrupt() {
        var entry = TestZip.Entry.stored("xl/workbook.xml", "abc")
        entry.localName = "../../evil"
        #expect(Self.error(TestZip([entry]))?.problem == .corrupt("its local header gives another name than the zip directory"))
    }

    @Test func aFileCutShortIsTruncated() throws {
        let whole = try Fixture.bytes("handwritten-deflated.xlsx")
        for length in [30, whole.count / 2, whole.count - 1] {
            let error = Self.error(Array(whole.prefix(length)))
            #expect(error?.problem == .truncated("the zip (after \(length) bytes), before its directory, the list of entries a zip ends with"))
            #expect(error?.description.hasPrefix("truncated: the file ends inside the zip") == true)
        }
    }

    @Test func anEntryWhoseDataRunsPastTheFileIsTruncated() {
        var bytes = TestZip([.stored("xl/workbook.xml", "abc")]).bytes
        // The directory says 3 bytes are stored; give the local header a longer extra field so
        // the data would start past the end.
        bytes[28] = 0xFF
        bytes[29] = 0x00
        let error = Self.error(bytes)
        guard case .truncated(let inside) = error?.problem else { Issue.record("\(String(describing: error))"); return }
        #expect(inside.hasPrefix("this entry's data (3 bytes from byte 300"))
    }

    @Test func notAZipSaysWhatTheFileLooksLike() {
        #expect(Self.error([])?.problem == .notAZip("the file is empty"))
        #expect(Self.error(Array("Question,Answer 1,Answer 2\r\nWho?,Me,You\r\n".utf8))?.problem
            == .notAZip("it is text, starting \"Question,Answer 1,Answer 2\" (a CSV file?)"))
        #expect(Self.error([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + Array(repeating: 0, count: 600))?.problem
            == .notAZip("it is an Excel 97-2003 .xls file (or another OLE2 document); save it as .xlsx"))
        #expect(Self.error([0x1F, 0x8B, 0x08, 0x00] + Array(repeating: 0xFF, count: 40))?.problem
            == .notAZip("it starts with the bytes 1F 8B 08 00 FF FF FF FF …, where a zip starts with 50 4B (PK)"))
    }

    @Test func aDirectoryPointingPastItsEndRecordIsCorrupt() {
        var bytes = TestZip([.stored("a", "x")]).bytes
        bytes[bytes.count - 6] = 0xF0  // the directory's offset, far past the end
        #expect(Self.error(bytes)?.description.hasPrefix("corrupt: the zip directory (") == true)
    }

    @Test func randomDamageNeverTraps() throws {
        let whole = try Fixture.bytes("handwritten-deflated.xlsx")
        var generator = SplitMix(seed: 7)
        for _ in 0..<300 {
            var bytes = whole
            for _ in 0..<(1 + generator.next() % 4) {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = Self.error(bytes, limits: .init(maxEntrySize: 100_000, maxTotalSize: 200_000))
        }
    }
}
