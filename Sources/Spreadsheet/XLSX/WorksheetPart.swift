/// A worksheet part (`xl/worksheets/sheet1.xml`): the cells of its `<sheetData>`, row by row.
/// A row or cell without its `r` attribute follows the one before, as SpreadsheetML allows.
struct WorksheetPart {
    var cells: [Cell] = []

    /// One `<c>` being read: where, its type, and the text of its `<v>` and of its inline `<is>`.
    private struct Pending {
        var reference: CellReference
        var type: String
        var value: String?
        var inline: String?

        mutating func add(value text: String) { value = (value ?? "") + text }
        mutating func add(inline text: String) { inline = (inline ?? "") + text }
    }

    init(_ name: String, in archive: ZipArchive, strings: SharedStrings, limits: Workbook.Limits) throws(SpreadsheetError) {
        guard var reader = try PartReader(name, in: archive, root: "worksheet", limits: limits) else {
            throw SpreadsheetError(.malformed, part: WorkbookPart.name, problem: "a sheet's part, \(name), is not in the zip")
        }
        var seen: Set<CellReference> = []
        var row = 0
        var column = 0
        var pending: Pending?
        while let event = try reader.next() {
            switch event {
            case .start(let element) where reader.at("worksheet", "sheetData", "row"):
                row = try Self.rowNumber(element["r"], after: row, reader: reader)
                column = 0
            case .start(let element) where reader.at("worksheet", "sheetData", "row", "c"):
                let reference = try Self.reference(element["r"], row: row, after: column, reader: reader)
                guard seen.insert(reference).inserted else { throw reader.failure("this cell appears twice", cell: reference) }
                column = reference.column
                pending = Pending(reference: reference, type: element["t"] ?? "n")
            case .text(let text) where reader.at("worksheet", "sheetData", "row", "c", "v"):
                pending?.add(value: text)
            case .text(let text) where reader.at("worksheet", "sheetData", "row", "c", "is", "t")
                || reader.at("worksheet", "sheetData", "row", "c", "is", "r", "t"):
                pending?.add(inline: text)
            case .end("c") where reader.at("worksheet", "sheetData", "row"):
                if let cell = pending, let value = try Self.value(of: cell, strings: strings, reader: reader) {
                    cells.append(Cell(reference: cell.reference, value: value))
                }
                pending = nil
            default: continue
            }
        }
    }

    /// A row's number: its `r`, which must come after the rows before, or the next one.
    private static func rowNumber(_ text: String?, after previous: Int, reader: PartReader) throws(SpreadsheetError) -> Int {
        guard let text else {
            guard previous < CellReference.maxRow else { throw reader.failure("more than \(CellReference.maxRow) rows") }
            return previous + 1
        }
        guard let number = Int(text), (1...CellReference.maxRow).contains(number) else {
            throw reader.failure("row number \"\(text)\" is not one from 1 to \(CellReference.maxRow)")
        }
        guard number > previous else { throw reader.failure("row \(number) comes after row \(previous); rows must be in order") }
        return number
    }

    /// A cell's place: its `r` (which must be in its row), or the column after the cell before.
    private static func reference(_ text: String?, row: Int, after column: Int, reader: PartReader) throws(SpreadsheetError) -> CellReference {
        guard let text else {
            guard column < CellReference.maxColumn else { throw reader.failure("row \(row) has cells past column XFD") }
            return CellReference(row: row, column: column + 1)
        }
        guard let reference = CellReference(text) else {
            throw reader.failure("\"\(text)\" is not a cell reference (columns A to XFD, then rows 1 to \(CellReference.maxRow), as in B7)")
        }
        guard reference.row == row else { throw reader.failure("the cell is in row \(row) of the sheet's data", cell: reference) }
        return reference
    }

    /// The value a cell holds by its type (`t`), or nil when it is empty.
    private static func value(of cell: Pending, strings: SharedStrings, reader: PartReader) throws(SpreadsheetError) -> CellValue? {
        let reference = cell.reference
        if cell.type == "inlineStr" {
            guard let text = cell.inline ?? cell.value, !text.isEmpty else { return nil }
            return .text(text)
        }
        guard let raw = cell.value else { return nil }
        let trimmed = raw.trimmingXMLSpace
        switch cell.type {
        case "s":
            let text = try strings.string(raw, cell: reference, reader: reader)
            return text.isEmpty ? nil : .text(text)
        case "str": return raw.isEmpty ? nil : .text(raw)
        case "n":
            guard !trimmed.isEmpty else { return nil }
            guard NumberText.isNumber(trimmed) else {
                throw reader.failure("\"\(trimmed)\" is not a number, which a cell of type n must hold", cell: reference)
            }
            return .number(trimmed)
        case "b":
            switch trimmed {
            case "1", "true": return .boolean(true)
            case "0", "false": return .boolean(false)
            default: throw reader.failure("\"\(trimmed)\" is not a boolean (1 or 0), which a cell of type b must hold", cell: reference)
            }
        case "e": return trimmed.isEmpty ? nil : .error(trimmed)
        case "d": return trimmed.isEmpty ? nil : .date(trimmed)
        default:
            throw reader.failure("type \"\(cell.type)\" is none of SpreadsheetML's (s, inlineStr, str, n, b, e, d)", cell: reference)
        }
    }
}

/// The numbers SpreadsheetML writes in a cell's `<v>` (an `xsd:double`, without INF and NaN):
/// `20`, `-1.5`, `.5`, `1E-3`.
enum NumberText {
    static func isNumber(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
        let whole = scalars.prefix { ("0"..."9").contains($0) }
        scalars = scalars.dropFirst(whole.count)
        var fraction = Substring.UnicodeScalarView.SubSequence()
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            fraction = scalars.prefix { ("0"..."9").contains($0) }
            scalars = scalars.dropFirst(fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return false }
        if let e = scalars.first, e == "e" || e == "E" {
            scalars = scalars.dropFirst()
            if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
            let exponent = scalars.prefix { ("0"..."9").contains($0) }
            guard !exponent.isEmpty else { return false }
            scalars = scalars.dropFirst(exponent.count)
        }
        return scalars.isEmpty
    }
}
