/// One field of a CSV row, and where it starts (at its opening quote, if quoted).
struct CSVField {
    var text: String
    var position: SourcePosition
}

/// One row of a CSV file: its fields, and where it ends (just past its last character).
struct CSVRow {
    var fields: [CSVField]
    var end: SourcePosition
    /// Where the row starts.
    var position: SourcePosition { fields[0].position }
}

/// Reads CSV as RFC 4180 writes it, and as spreadsheets export it: fields separated by commas,
/// rows by CR LF, LF or CR; a field in double quotes may hold commas, line breaks and doubled
/// quotes (`""` is one `"`); a line break inside quotes is read as LF. A quote inside an
/// unquoted field is kept as written, and spaces around a quoted field are allowed. Rows whose
/// fields are all blank (an empty line, `,,,`) are skipped.
enum CSVReader {
    static func rows(_ text: BankText) throws(BankProblem) -> [CSVRow] {
        var text = text
        var rows: [CSVRow] = []
        while !text.isAtEnd {
            var fields: [CSVField] = []
            while true {
                fields.append(try field(&text))
                guard text.current == "," else { break }
                text.advance()
            }
            let row = CSVRow(fields: fields, end: text.position)
            text.skipLineBreak()
            if fields.contains(where: { !$0.text.unicodeScalars.allSatisfy(\.properties.isWhitespace) }) { rows.append(row) }
        }
        return rows
    }

    /// The field at the cursor; leaves the cursor on the comma or line break after it, or at
    /// the end.
    private static func field(_ text: inout BankText) throws(BankProblem) -> CSVField {
        var blanks = 0
        while text.peek(blanks) == " " || text.peek(blanks) == "\t" { blanks += 1 }
        if text.peek(blanks) == "\"" {
            text.advance(by: blanks)
            return try quoted(&text)
        }
        let start = text.position
        var scalars = String.UnicodeScalarView()
        while let scalar = text.current, scalar != ",", !text.isAtLineBreak {
            scalars.append(scalar)
            text.advance()
        }
        return CSVField(text: String(scalars), position: start)
    }

    private static func quoted(_ text: inout BankText) throws(BankProblem) -> CSVField {
        let start = text.position
        text.advance()
        var scalars = String.UnicodeScalarView()
        while true {
            guard let scalar = text.current else {
                throw BankProblem("a quoted field is not closed (it opens here); a quote inside quotes is written twice (\"\")", at: start)
            }
            if scalar == "\"" {
                guard text.peek() == "\"" else { break }
                scalars.append("\"")
                text.advance(by: 2)
            } else if text.isAtLineBreak {
                scalars.append("\n")
                text.skipLineBreak()
            } else {
                scalars.append(scalar)
                text.advance()
            }
        }
        text.advance()
        while text.current == " " || text.current == "\t" { text.advance() }
        if text.current != nil, text.current != ",", !text.isAtLineBreak {
            throw BankProblem(
                "text after a closing quote; a quote inside a quoted field is written twice (\"\"), and fields are separated by commas",
                at: text.position)
        }
        return CSVField(text: String(scalars), position: start)
    }
}
