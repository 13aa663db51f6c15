import Testing

import Spreadsheet

@Suite struct CellReferenceTests {
    @Test func columnLettersAndNumbers() {
        let pairs = [(1, "A"), (26, "Z"), (27, "AA"), (52, "AZ"), (53, "BA"), (702, "ZZ"), (703, "AAA"), (16_384, "XFD")]
        for (number, letters) in pairs {
            #expect(CellReference.columnName(number) == letters)
            #expect(CellReference.columnNumber(letters) == number)
        }
    }

    @Test func everyColumnFromAToXFDReadsBack() {
        var names: Set<String> = []
        for column in 1...CellReference.maxColumn {
            guard let name = CellReference.columnName(column) else {
                Issue.record("no name for column \(column)")
                return
            }
            names.insert(name)
            #expect(CellReference.columnNumber(name) == column)
        }
        #expect(names.count == CellReference.maxColumn)
    }

    @Test func columnsOutsideAToXFDHaveNoName() {
        #expect(CellReference.columnName(0) == nil)
        #expect(CellReference.columnName(16_385) == nil)
        #expect(CellReference.columnNumber("XFE") == nil)
        #expect(CellReference.columnNumber("AAAA") == nil)
        #expect(CellReference.columnNumber("") == nil)
        #expect(CellReference.columnNumber("a") == nil)
        #expect(CellReference.columnNumber("A1") == nil)
    }

    @Test func referencesReadAndPrint() {
        #expect(CellReference("B7") == CellReference(row: 7, column: 2))
        #expect(CellReference("XFD1048576") == CellReference(row: 1_048_576, column: 16_384))
        #expect(CellReference(row: 5, column: 3).description == "C5")
        #expect(CellReference(row: 0, column: 0).description == "??")
    }

    @Test(arguments: ["", "A", "7", "A0", "A01", "a1", "1A", "XFE1", "A1048577", "B7 ", "$B$7", "B-7", "B+7"])
    func whatIsNoReference(text: String) {
        #expect(CellReference(text) == nil)
    }

    @Test func referencesSortRowByRowThenColumn() {
        let sorted = ["B2", "A1", "AA1", "B1", "A2"].compactMap(CellReference.init).sorted().map(\.description)
        #expect(sorted == ["A1", "B1", "AA1", "A2", "B2"])
    }
}
