/// What a cell holds, as the file records it: nothing is evaluated or formatted.
public enum CellValue: Hashable, Sendable {
    /// Text: a shared string, an inline string, or a formula's text result.
    case text(String)
    /// A number as written in the file (`20`, `1.5`, `1E-3`), for the caller to read as it needs:
    /// a time limit of `20` stays `20`, not `20.0`. Dates are numbers too (days since 1900),
    /// unless the file writes them as ``date(_:)``.
    case number(String)
    /// `TRUE` or `FALSE`.
    case boolean(Bool)
    /// An error value such as `#N/A` or `#DIV/0!`.
    case error(String)
    /// A date written as ISO 8601 text (cell type `d`, rare).
    case date(String)

    /// The value as a spreadsheet shows it unformatted: the text, the number as written,
    /// `TRUE`/`FALSE`, the error or the date.
    public var text: String {
        switch self {
        case .text(let text), .number(let text), .error(let text), .date(let text): text
        case .boolean(let value): value ? "TRUE" : "FALSE"
        }
    }
}

/// A cell that holds something: where it is and what it holds.
public struct Cell: Hashable, Sendable {
    /// Where it is (`C5`), for messages.
    public var reference: CellReference
    /// What it holds.
    public var value: CellValue

    /// A cell.
    public init(reference: CellReference, value: CellValue) {
        self.reference = reference
        self.value = value
    }
}
