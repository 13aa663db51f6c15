/// `xl/sharedStrings.xml`: the workbook's table of strings, which cells of type `s` point into
/// by index. A string's text is its `<t>`, or the `<t>` of each of its rich-text runs `<r>`
/// joined; phonetic guides (`<rPh>`) are not part of it.
struct SharedStrings {
    /// The part the strings came from, for errors; nil when the workbook has none.
    var part: String?
    var strings: [String] = []

    /// No strings.
    init() {}

    init(_ name: String, in archive: ZipArchive, limits: Workbook.Limits) throws(SpreadsheetError) {
        guard var reader = try PartReader(name, in: archive, root: "sst", limits: limits) else {
            throw SpreadsheetError(.malformed, problem: "not an .xlsx: the zip holds no \(name), the shared strings its workbook names")
        }
        part = name
        var current = ""
        while let event = try reader.next() {
            switch event {
            case .start where reader.at("sst", "si"): current = ""
            case .text(let text) where reader.at("sst", "si", "t") || reader.at("sst", "si", "r", "t"): current += text
            case .end("si") where reader.at("sst"): strings.append(current)
            default: continue
            }
        }
    }

    /// The string at `index` (the text of a cell's `<v>`).
    func string(_ index: String, cell: CellReference, reader: PartReader) throws(SpreadsheetError) -> String {
        let trimmed = index.trimmingXMLSpace
        guard let number = Int(trimmed), number >= 0 else {
            throw reader.failure("\"\(trimmed)\" is not a shared string's index (a whole number from 0)", cell: cell)
        }
        guard number < strings.count else {
            let have = strings.isEmpty ? "the workbook has no shared strings" : "the workbook has \(strings.count), numbered from 0"
            throw reader.failure("shared string \(number) does not exist (\(have))", cell: cell)
        }
        return strings[number]
    }
}

extension String {
    /// Without XML white space (space, tab, CR, LF) at either end.
    var trimmingXMLSpace: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
