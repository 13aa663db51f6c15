/// Why an .xlsx file could not be read: what was wrong, where (the zip entry or XML part, its
/// line, the cell) and what is allowed, e.g. `xl/worksheets/sheet1.xml:14: cell B7: shared
/// string 40 does not exist (the workbook has 12, numbered from 0)` or `not an .xlsx (a zip
/// file): it is text, starting "Question,Answer 1" (a CSV file?)`.
public struct SpreadsheetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sort of problem, for code that treats some differently.
    public enum Kind: Hashable, Sendable {
        /// The file is not a zip at all (a CSV renamed, an old .xls, an empty file).
        case notAZip
        /// The file ends early.
        case truncated
        /// Something valid that this reader does not read: ZIP64, a split or encrypted archive,
        /// a compression method other than stored and deflate.
        case unsupported
        /// Past one of ``Workbook/Limits``: entries, bytes, nesting (a zip bomb is one).
        case tooLarge
        /// Refused as dangerous: path traversal, a name given twice, a DOCTYPE or ENTITY declaration.
        case unsafe
        /// Damaged: a bad checksum, deflate stream or zip record.
        case corrupt
        /// Not a well-formed workbook: bad XML, a missing part, a cell that contradicts itself.
        case malformed
    }

    /// The sort of problem.
    public var kind: Kind
    /// The zip entry or XML part concerned (`xl/worksheets/sheet1.xml`), when there is one.
    public var part: String?
    /// The line of ``part``, from 1, when the problem is in its XML.
    public var line: Int?
    /// The cell concerned, when there is one.
    public var cell: CellReference?
    /// What was wrong and what is allowed, for a person.
    public var problem: String

    /// An error.
    public init(_ kind: Kind, part: String? = nil, line: Int? = nil, cell: CellReference? = nil, problem: String) {
        self.kind = kind
        self.part = part
        self.line = line
        self.cell = cell
        self.problem = problem
    }

    /// `part:line: cell C5: problem`, each place given when known.
    public var description: String {
        var text = ""
        if let part { text += part + (line.map { ":\($0)" } ?? "") + ": " }
        if let cell { text += "cell \(cell): " }
        return text + problem
    }

    /// The error of a zip that cannot be read.
    init(_ error: ZipError) {
        let kind: Kind
        var problem = error.detail
        switch error.problem {
        case .notAZip(let why):
            kind = .notAZip
            problem = "not an .xlsx (a zip file): \(why)"
        case .truncated: kind = .truncated
        case .zip64, .multiDisk, .encrypted, .unsupportedMethod: kind = .unsupported
        case .pathTraversal, .duplicateName: kind = .unsafe
        case .tooManyEntries, .entryTooLarge, .totalTooLarge: kind = .tooLarge
        case .inflate(let inflate):
            if case .tooLarge = inflate.problem { kind = .tooLarge } else { kind = .corrupt }
        case .crcMismatch, .sizeMismatch, .corrupt: kind = .corrupt
        }
        self.init(kind, part: error.entry, problem: problem)
    }

    /// The error of an XML part that cannot be read.
    init(_ error: XMLError, part: String) {
        let kind: Kind
        switch error.problem {
        case .doctype, .entityDeclaration: kind = .unsafe
        case .tooDeep: kind = .tooLarge
        case .undefinedEntity, .notUTF8, .mismatchedTag, .unclosed, .malformed: kind = .malformed
        }
        self.init(kind, part: part, line: error.line, problem: error.detail)
    }
}
