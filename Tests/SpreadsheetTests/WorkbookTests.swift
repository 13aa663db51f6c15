import Foundation
import Testing

@testable import Spreadsheet

/// Whole workbooks: the handwritten one of make-fixtures.py (Python's zipfile, stored and
/// deflated) and small ones written in the test, each cell read as the file records it.
@Suite struct WorkbookTests {
    static func cells(_ sheet: Sheet) -> [String: CellValue] {
        Dictionary(uniqueKeysWithValues: sheet.cells.map { ($0.reference.description, $0.value) })
    }

    @Test(arguments: ["handwritten-deflated.xlsx", "handwritten-stored.xlsx"])
    func theHandwrittenWorkbookReadsWhole(fixture: String) throws {
        let workbook = try Workbook(xlsx: Fixture.bytes(fixture))
        #expect(workbook.sheets.map(\.name) == ["Quiz", "Notes & more"])  // the chart sheet is left out
        let quiz = try #require(workbook.sheet(named: "Quiz"))
        #expect(Self.cells(quiz) == [
            "A1": .text("Question - max 120 characters"), "B1": .boolean(true), "C1": .boolean(false), "D1": .error("#N/A"),
            "A2": .text("Capital of France?"), "B2": .number("20"), "C2": .number("1.5"), "D2": .text("Paris"),
            "F2": .text("東京"),
            "A3": .text("<b> & \"café\" 😀"), "B3": .text("inline"), "C3": .number("-2.5E-3"), "D3": .text("two\nlines"),
            "XFD7": .number("7"),
        ])
        #expect(quiz.cells.map(\.reference.description) == ["A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2", "F2", "A3", "B3", "C3", "D3", "XFD7"])
        #expect(quiz[row: 2, column: 2]?.value.text == "20")
        #expect(quiz[row: 2, column: 5] == nil, "a cell with a style and no value is empty")
        #expect(quiz.row(1).map(\.value.text) == ["Question - max 120 characters", "TRUE", "FALSE", "#N/A"])
        let notes = try #require(workbook.sheet(named: "Notes & more"))
        #expect(notes.cells == [Cell(reference: CellReference(row: 3, column: 2), value: .text("<b>bold</b> & more"))])
    }

    @Test func inlineStringsNeedNoSharedStrings() throws {
        let sheet = TestZip.sheet("""
            <row r="1"><c r="A1" t="inlineStr"><is><t>Who?</t></is></c><c r="B1" t="inlineStr"><is><r><t>M</t></r><r><t>e</t></r></is></c></row>
            <row r="2"><c r="A2" t="inlineStr"><is><t></t></is></c><c r="B2" t="str"><v></v></c><c r="C2"><v/></c></row>
            """)
        let workbook = try Workbook(xlsx: TestZip.workbook(sheet: sheet).bytes)
        #expect(Self.cells(workbook.sheets[0]) == ["A1": .text("Who?"), "B1": .text("Me")])
    }

    @Test func aSharedStringThatDoesNotExistNamesTheCellAndLine() throws {
        let strings = "<sst xmlns=\"urn:x\"><si><t>a</t></si><si><t>b</t></si></sst>"
        let sheet = TestZip.sheet("\n<row r=\"1\"><c r=\"A1\" t=\"s\"><v>1</v></c>\n<c r=\"B1\" t=\"s\"><v>2</v></c></row>")
        let error = try #require(workbookError(TestZip.workbook(sheet: sheet, strings: strings)))
        #expect(error.kind == .malformed)
        #expect(error.cell == CellReference(row: 1, column: 2))
        #expect(error.description == "xl/worksheets/sheet1.xml:3: cell B1: shared string 2 does not exist (the workbook has 2, numbered from 0)")
        let none = try #require(workbookError(TestZip.workbook(sheet: sheet)))
        #expect(none.problem == "shared string 1 does not exist (the workbook has no shared strings)")
    }

    @Test(arguments: [
        ("<c r=\"C5\"><v>twelve</v></c>", "cell C5: \"twelve\" is not a number, which a cell of type n must hold"),
        ("<c r=\"C5\"><v>1e</v></c>", "cell C5: \"1e\" is not a number, which a cell of type n must hold"),
        ("<c r=\"C5\" t=\"b\"><v>yes</v></c>", "cell C5: \"yes\" is not a boolean (1 or 0), which a cell of type b must hold"),
        ("<c r=\"C5\" t=\"q\"><v>1</v></c>", "cell C5: type \"q\" is none of SpreadsheetML's (s, inlineStr, str, n, b, e, d)"),
        ("<c r=\"C5\" t=\"s\"><v>-1</v></c>", "cell C5: \"-1\" is not a shared string's index (a whole number from 0)"),
        ("<c r=\"C5\"><v>1</v></c><c r=\"C5\"><v>2</v></c>", "cell C5: this cell appears twice"),
        ("<c r=\"C6\"><v>1</v></c>", "cell C6: the cell is in row 5 of the sheet's data"),
        ("<c r=\"5C\"><v>1</v></c>", "\"5C\" is not a cell reference (columns A to XFD, then rows 1 to 1048576, as in B7)"),
    ])
    func aCellThatContradictsItselfIsRefusedByName(cell: String, message: String) throws {
        let error = try #require(workbookError(TestZip.workbook(sheet: TestZip.sheet("<row r=\"5\">\(cell)</row>"))))
        #expect(error.description == "xl/worksheets/sheet1.xml:1: " + message)
    }

    @Test func numbersKeepTheirTextAsWritten() throws {
        let values = ["20", "1.5", "-0.25", ".5", "+3", "1E-3", "6.02e+23", "007"]
        let row = values.enumerated().map { "<c><v>\($1)</v></c>" }.joined()
        let workbook = try Workbook(xlsx: TestZip.workbook(sheet: TestZip.sheet("<row>\(row)</row>")).bytes)
        #expect(workbook.sheets[0].cells.map(\.value) == values.map(CellValue.number))
    }

    @Test func rowsMustComeInOrder() throws {
        let error = try #require(workbookError(TestZip.workbook(sheet: TestZip.sheet("<row r=\"3\"/><row r=\"2\"/>"))))
        #expect(error.problem == "row 2 comes after row 3; rows must be in order")
        let zero = try #require(workbookError(TestZip.workbook(sheet: TestZip.sheet("<row r=\"0\"/>"))))
        #expect(zero.problem == "row number \"0\" is not one from 1 to 1048576")
    }

    @Test func aWorkbookWithoutItsPartsIsNoXLSX() throws {
        let docx = TestZip([.stored("word/document.xml", "<document/>")])
        let error = try #require(workbookError(docx))
        #expect(error.description == "not an .xlsx: the zip holds no xl/workbook.xml, where an .xlsx keeps its sheets (an .ods, .docx or other zip file?)")
        var missing = TestZip.workbook(sheet: TestZip.sheet(""))
        missing.entries.removeAll { $0.name == "xl/worksheets/sheet1.xml" }
        #expect(workbookError(missing)?.description == "xl/workbook.xml: a sheet's part, xl/worksheets/sheet1.xml, is not in the zip")
    }

    @Test func aSheetMustPointToARelationship() throws {
        let workbook = TestZip.workbookXML.replacingOccurrences(of: "rId1", with: "rId9")
        let error = try #require(workbookError(TestZip.workbook(sheet: TestZip.sheet(""), workbook: workbook)))
        #expect(error.description == "xl/workbook.xml:1: the sheet \"Sheet1\" points to rId9, which xl/_rels/workbook.xml.rels does not define")
    }

    @Test func aRelationshipTargetOutsideThePackageIsUnsafe() throws {
        var zip = TestZip.workbook(sheet: TestZip.sheet(""))
        zip.entries[1] = .stored("xl/_rels/workbook.xml.rels", TestZip.relationships(false).replacingOccurrences(of: "worksheets/sheet1.xml", with: "../../etc/passwd"))
        let error = try #require(workbookError(zip))
        #expect(error.kind == .unsafe)
        #expect(error.problem == "the target \"../../etc/passwd\" of rId1 lies outside the package")
    }

    @Test func aPartWithTheWrongRootIsRefused() throws {
        let error = try #require(workbookError(TestZip.workbook(sheet: "<chartsheet/>")))
        #expect(error.description == "xl/worksheets/sheet1.xml:1: the root element is not <worksheet>, which this part must have")
    }

    @Test func relationshipTargetsResolve() {
        #expect(WorkbookRelationships.resolve("worksheets/sheet1.xml", from: "xl") == "xl/worksheets/sheet1.xml")
        #expect(WorkbookRelationships.resolve("/xl/worksheets/sheet1.xml", from: "xl") == "xl/worksheets/sheet1.xml")
        #expect(WorkbookRelationships.resolve("./a/../b.xml", from: "xl") == "xl/b.xml")
        #expect(WorkbookRelationships.resolve("../x.xml", from: "xl") == "x.xml")
        #expect(WorkbookRelationships.resolve("../../x.xml", from: "xl") == nil)
    }
}
