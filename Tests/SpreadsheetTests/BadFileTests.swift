import Testing

@testable import Spreadsheet

/// The uploads issue 25 names as bad, through the public entry point: each refused with its
/// kind and a message that says what, where and what is allowed.
@Suite struct BadFileTests {
    @Test func aCSVRenamedXLSXIsNotAZip() throws {
        let csv = Array("Question - max 120 characters,Answer 1 - max 75 characters\nWho?,Me\n".utf8)
        let error = try #require(workbookError(csv))
        #expect(error.kind == .notAZip)
        #expect(error.description == "not an .xlsx (a zip file): it is text, starting \"Question - max 120 characters,Answer 1 -…\" (a CSV file?)")
    }

    @Test func aZipBombIsRefusedAtTheCap() throws {
        let zeros = try Fixture.bytes("zeros.deflate")
        let sheet = "xl/worksheets/sheet1.xml"
        var honest = TestZip.workbook(sheet: TestZip.sheet(""))
        honest.entries[2] = TestZip.Entry(name: sheet, data: zeros, method: 8, crc: 0, uncompressedSize: 100 << 20)
        let declared = try #require(workbookError(honest))
        #expect(declared.kind == .tooLarge)
        #expect(declared.description == "\(sheet): 104,857,600 bytes uncompressed; an entry may hold at most 20,000,000 bytes")
        var lying = honest
        lying.entries[2].uncompressedSize = 5_000_000
        let inflated = try #require(workbookError(lying))
        #expect(inflated.kind == .tooLarge)
        #expect(inflated.description == "\(sheet): it inflates to more than the 5,000,000 bytes its zip directory record declares; stopped there (a zip bomb?)")
        let total = TestZip((1...6).map { TestZip.Entry(name: "xl/media/\($0).bin", data: zeros, method: 8, crc: 0, uncompressedSize: 19_000_000) })
        #expect(workbookError(total)?.description == "the entries hold more than 100,000,000 bytes uncompressed in all; at most 100,000,000 bytes are read")
    }

    @Test func billionLaughsAreRefusedNeverExpanded() throws {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE workbook [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <workbook><sheets><sheet name="&lol1;" r:id="rId1" xmlns:r="urn:r"/></sheets></workbook>
            """
        let error = try #require(workbookError(TestZip.workbook(sheet: TestZip.sheet(""), workbook: laughs)))
        #expect(error.kind == .unsafe)
        #expect(error.description == "xl/workbook.xml:2: a <!DOCTYPE> declaration, which is refused: DTDs and their entities are never read")
        let undefined = laughs.split(separator: "\n").enumerated().filter { $0.offset != 1 }.map(\.element).joined(separator: "\n")
        let expansion = try #require(workbookError(TestZip.workbook(sheet: TestZip.sheet(""), workbook: undefined)))
        #expect(expansion.description == "xl/workbook.xml:2: the entity &lol1; is not defined; only &lt; &gt; &amp; &quot; &apos; and numeric references (&#38; &#x26;) are read")
    }

    @Test func pathTraversalIsRefused() throws {
        var zip = TestZip.workbook(sheet: TestZip.sheet(""))
        zip.entries.append(.stored("../evil", "#!/bin/sh"))
        let error = try #require(workbookError(zip))
        #expect(error.kind == .unsafe)
        #expect(error.part == "../evil")
        #expect(error.description == "../evil: path traversal: the name climbs out of the archive's folder with '..'; entry names must stay inside the archive's folder")
    }

    @Test func aTruncatedFileSaysSo() throws {
        let whole = try Fixture.bytes("handwritten-deflated.xlsx")
        let error = try #require(workbookError(Array(whole.prefix(1_000))))
        #expect(error.kind == .truncated)
        #expect(error.description == "truncated: the file ends inside the zip (after 1000 bytes), before its directory, the list of entries a zip ends with")
    }

    @Test func aBadCRCIsCorrupt() throws {
        var zip = TestZip.workbook(sheet: TestZip.sheet(""))
        zip.entries[2].crc ^= 1
        let error = try #require(workbookError(zip))
        #expect(error.kind == .corrupt)
        #expect(error.part == "xl/worksheets/sheet1.xml")
        #expect(error.problem.hasPrefix("corrupt: its CRC-32 is 0x"))
    }

    @Test func encryptedAndZip64AreUnsupported() throws {
        var encrypted = TestZip.workbook(sheet: TestZip.sheet(""))
        encrypted.entries[0].flags = 1
        let locked = try #require(workbookError(encrypted))
        #expect(locked.kind == .unsupported)
        #expect(locked.description == "xl/workbook.xml: the entry is encrypted; only unencrypted entries are read (save the file without a password)")
        var zip64 = TestZip.workbook(sheet: TestZip.sheet(""))
        zip64.entries[2].uncompressedSize = 0xFFFF_FFFF
        let large = try #require(workbookError(zip64))
        #expect(large.kind == .unsupported)
        #expect(large.description == "xl/worksheets/sheet1.xml: a ZIP64 archive (over 4 GB or 65,535 entries), which is not read; only plain zip files are")
    }

    @Test func xmlNestedPastTheCapIsRefused() throws {
        let deep = TestZip.sheet("<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><r><t>x</t></r></is></c></row>")
        #expect(try Workbook(xlsx: TestZip.workbook(sheet: deep).bytes, limits: .init(maxDepth: 7)).sheets[0].cells.count == 1)
        let error = try #require(workbookError(TestZip.workbook(sheet: deep), limits: .init(maxDepth: 6)))
        #expect(error.kind == .tooLarge)
        #expect(error.description == "xl/worksheets/sheet1.xml:1: elements nested more than 6 deep, the most read")
    }
}
