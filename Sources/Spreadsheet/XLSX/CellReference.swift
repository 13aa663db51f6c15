/// Where a cell is: its row and column, both from 1, as `B7` names them (column B, row 7).
/// Columns run from A to XFD (16,384), rows from 1 to 1,048,576, as in Excel.
public struct CellReference: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The row, from 1.
    public var row: Int
    /// The column, from 1 (A).
    public var column: Int

    /// The last column, XFD.
    public static let maxColumn = 16_384
    /// The last row.
    public static let maxRow = 1_048_576

    /// The cell at `row` and `column` (both from 1; not checked against the maxima).
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// The cell a reference such as `B7` names (column letters in upper case, then the row),
    /// or nil when the text is no such reference or lies past ``maxColumn`` or ``maxRow``.
    public init?(_ text: String) {
        let letters = text.prefix { ("A"..."Z").contains($0) }
        let digits = text.dropFirst(letters.count)
        guard let column = Self.columnNumber(String(letters)), !digits.isEmpty, digits.count <= 7,
              digits.allSatisfy({ ("0"..."9").contains($0) }), digits.first != "0",
              let row = Int(digits), row <= Self.maxRow
        else { return nil }
        self.init(row: row, column: column)
    }

    /// `B7`; a row or column out of range shows as `?`.
    public var description: String {
        (Self.columnName(column) ?? "?") + ((1...Self.maxRow).contains(row) ? String(row) : "?")
    }

    /// The letters of a column: 1 is `A`, 27 is `AA`, 16,384 is `XFD`; nil outside 1 to ``maxColumn``.
    public static func columnName(_ column: Int) -> String? {
        guard (1...maxColumn).contains(column) else { return nil }
        var letters: [Unicode.Scalar] = []
        var rest = column
        while rest > 0 {
            rest -= 1
            letters.append(Unicode.Scalar(UInt8(ascii: "A") + UInt8(rest % 26)))
            rest /= 26
        }
        return String(String.UnicodeScalarView(letters.reversed()))
    }

    /// The number of a column's letters (upper case): `A` is 1, `XFD` 16,384; nil for anything
    /// else, or a column past XFD.
    public static func columnNumber(_ letters: String) -> Int? {
        guard (1...3).contains(letters.unicodeScalars.count) else { return nil }
        var number = 0
        for scalar in letters.unicodeScalars {
            guard ("A"..."Z").contains(scalar) else { return nil }
            number = number * 26 + Int(scalar.value - 64)
        }
        return number <= maxColumn ? number : nil
    }

    /// Row by row, then column by column.
    public static func < (a: CellReference, b: CellReference) -> Bool { (a.row, a.column) < (b.row, b.column) }
}
