import Foundation
import Testing

import Spreadsheet

/// Files written by a real spreadsheet program: LibreOffice's conversion of a CSV in the layout
/// of Kahoot's quiz template (Tests/system/test_xlsx.py writes the CSV, converts it and writes
/// what each cell must be, NAME.cells.json beside NAME.xlsx). The committed one is read on every
/// run; the system test hands a freshly converted one in SNAP_XLSX_FIXTURE.
@Suite struct LibreOfficeTests {
    static let freshFile = ProcessInfo.processInfo.environment["SNAP_XLSX_FIXTURE"]

    @Test func theCommittedLibreOfficeFileReadsAsWritten() throws {
        try Self.check(Fixture.bytes("libreoffice-kahoot.xlsx"), against: Fixture.bytes("libreoffice-kahoot.cells.json"))
    }

    @Test(.enabled(if: freshFile != nil, "SNAP_XLSX_FIXTURE names an .xlsx (Tests/system/test_xlsx.py sets it)"))
    func theFileSNAP_XLSX_FIXTURENamesReadsAsWritten() throws {
        let path = try #require(Self.freshFile)
        let cells = String(path.dropLast(".xlsx".count)) + ".cells.json"
        try Self.check([UInt8](Data(contentsOf: URL(fileURLWithPath: path))), against: [UInt8](Data(contentsOf: URL(fileURLWithPath: cells))))
    }

    /// What the sheet named in `json` must hold: each cell by reference, as [kind, text], and no other.
    struct Expected: Decodable {
        var sheet: String
        var cells: [String: [String]]
    }

    static func check(_ xlsx: [UInt8], against json: [UInt8]) throws {
        let expected = try JSONDecoder().decode(Expected.self, from: Data(json))
        let workbook = try Workbook(xlsx: xlsx)
        #expect(workbook.sheets.map(\.name) == [expected.sheet])
        let sheet = try #require(workbook.sheet(named: expected.sheet))
        var seen: [String: [String]] = [:]
        for cell in sheet.cells { seen[cell.reference.description] = [kind(cell.value), cell.value.text] }
        guard seen != expected.cells else { return }
        for reference in Set(seen.keys).union(expected.cells.keys).sorted() where seen[reference] != expected.cells[reference] {
            Issue.record("cell \(reference): read \(seen[reference] ?? ["nothing"]), the CSV had \(expected.cells[reference] ?? ["nothing"])")
        }
    }

    static func kind(_ value: CellValue) -> String {
        switch value {
        case .text: "text"
        case .number: "number"
        case .boolean: "boolean"
        case .error: "error"
        case .date: "date"
        }
    }
}
