import Foundation
import Testing

@testable import Spreadsheet

/// The committed files of Fixtures/ (made by make-fixtures.py and Tests/system/test_xlsx.py).
enum Fixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"), "no fixture \(name)")
        return try [UInt8](Data(contentsOf: url))
    }
}

/// Writes zip files byte by byte, each field as the test wants it, right or wrong: a name with
/// `..`, an encryption flag, a CRC that does not match, a size that lies.
struct TestZip {
    struct Entry {
        var name: String
        /// What the file holds for it: the bytes themselves (stored) or a deflate stream.
        var data: [UInt8]
        var method = 0
        var crc: UInt32
        var uncompressedSize: Int
        var flags = 0
        var extra: [UInt8] = []
        /// The name the local header gives, when it is to differ from the directory's.
        var localName: String?

        /// `text` stored as it is.
        static func stored(_ name: String, _ text: String) -> Entry { stored(name, bytes: Array(text.utf8)) }

        static func stored(_ name: String, bytes: [UInt8]) -> Entry {
            Entry(name: name, data: bytes, crc: CRC32.checksum(bytes), uncompressedSize: bytes.count)
        }

        /// A deflate `stream` (made by zlib, in a fixture) of `original`.
        static func deflated(_ name: String, stream: [UInt8], of original: [UInt8]) -> Entry {
            Entry(name: name, data: stream, method: 8, crc: CRC32.checksum(original), uncompressedSize: original.count)
        }
    }

    var entries: [Entry]

    init(_ entries: [Entry]) { self.entries = entries }

    /// The zip: each entry's local header and data, the central directory, its end record.
    var bytes: [UInt8] {
        var file: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let offset = file.count
            let local = Array((entry.localName ?? entry.name).utf8)
            let name = Array(entry.name.utf8)
            file += le32(0x0403_4B50) + le16(20) + le16(entry.flags) + le16(entry.method) + le16(0) + le16(0)
            file += le32(Int(entry.crc)) + le32(entry.data.count) + le32(entry.uncompressedSize)
            file += le16(local.count) + le16(entry.extra.count) + local + entry.extra + entry.data
            directory += le32(0x0201_4B50) + le16(20) + le16(20) + le16(entry.flags) + le16(entry.method) + le16(0) + le16(0)
            directory += le32(Int(entry.crc)) + le32(entry.data.count) + le32(entry.uncompressedSize)
            directory += le16(name.count) + le16(entry.extra.count) + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset)
            directory += name + entry.extra
        }
        let start = file.count
        file += directory
        file += le32(0x0605_4B50) + le16(0) + le16(0) + le16(entries.count) + le16(entries.count)
        file += le32(directory.count) + le32(start) + le16(0)
        return file
    }

    /// A workbook of one sheet, "Sheet1", holding `sheet` (the worksheet part's XML) and, when
    /// given, `strings` as its shared strings part.
    static func workbook(sheet: String, strings: String? = nil, workbook: String = Self.workbookXML) -> TestZip {
        var entries: [Entry] = [
            .stored("xl/workbook.xml", workbook),
            .stored("xl/_rels/workbook.xml.rels", relationships(strings != nil)),
            .stored("xl/worksheets/sheet1.xml", sheet),
        ]
        if let strings { entries.append(.stored("xl/sharedStrings.xml", strings)) }
        return TestZip(entries)
    }

    static let workbookXML = """
        <workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" \
        xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">\
        <sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>
        """

    static func relationships(_ withStrings: Bool) -> String {
        let type = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        return """
            <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
            <Relationship Id="rId1" Type="\(type)/worksheet" Target="worksheets/sheet1.xml"/>\
            \(withStrings ? "<Relationship Id=\"rId2\" Type=\"\(type)/sharedStrings\" Target=\"sharedStrings.xml\"/>" : "")\
            </Relationships>
            """
    }

    /// A worksheet part whose `<sheetData>` holds `rows`.
    static func sheet(_ rows: String) -> String {
        "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>\(rows)</sheetData></worksheet>"
    }
}

extension TestZip: CustomStringConvertible {
    /// The entries' names, not their bytes, in a failed expectation.
    var description: String { "zip of " + entries.map(\.name).joined(separator: ", ") }
}

func le16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
func le32(_ value: Int) -> [UInt8] { le16(value) + le16(value >> 16) }

/// The error `body` throws, or nil (a test then fails on `#require`).
func spreadsheetError(_ body: () throws(SpreadsheetError) -> Void) -> SpreadsheetError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// Reads `zip` as a workbook, expecting it to fail; the error.
func workbookError(_ zip: TestZip, limits: Workbook.Limits = .init()) -> SpreadsheetError? {
    workbookError(zip.bytes, limits: limits)
}

func workbookError(_ bytes: [UInt8], limits: Workbook.Limits = .init()) -> SpreadsheetError? {
    spreadsheetError { () throws(SpreadsheetError) in _ = try Workbook(xlsx: bytes, limits: limits) }
}
