/// Reads one XML part of a workbook, keeping the path of open elements (by local name) so that
/// each reader can tell where a text or a tag is, and naming the part and line in its errors.
struct PartReader {
    /// The part's name in the zip: `xl/workbook.xml`.
    let part: String
    private var scanner: XMLScanner
    /// The elements open, outermost first: after a start tag it ends with that element, after an
    /// end tag with its parent.
    private(set) var path: [String] = []

    /// The part `name` of `archive`, whose root element must be `root`; nil when the zip has no
    /// such part.
    init?(_ name: String, in archive: ZipArchive, root: String, limits: Workbook.Limits) throws(SpreadsheetError) {
        guard let entry = archive.entry(named: name) else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try archive.contents(of: entry)
        } catch {
            throw SpreadsheetError(error)
        }
        part = name
        scanner = XMLScanner(bytes, maxDepth: limits.maxDepth)
        guard case .start(let element) = try next(), element.name == root else {
            throw failure("the root element is not <\(root)>, which this part must have")
        }
    }

    /// The line of the last event read.
    var line: Int { scanner.line }

    /// The next event, or nil at the part's end.
    mutating func next() throws(SpreadsheetError) -> XMLEvent? {
        let event: XMLEvent?
        do {
            event = try scanner.next()
        } catch {
            throw SpreadsheetError(error, part: part)
        }
        switch event {
        case .start(let element): path.append(element.name)
        case .end: path.removeLast()
        case .text, nil: break
        }
        return event
    }

    /// Whether the open elements are exactly `elements`.
    func at(_ elements: String...) -> Bool { path.elementsEqual(elements) }

    /// A problem at the current line of the part, in `cell` when given.
    func failure(_ problem: String, cell: CellReference? = nil, kind: SpreadsheetError.Kind = .malformed) -> SpreadsheetError {
        SpreadsheetError(kind, part: part, line: line, cell: cell, problem: problem)
    }
}
