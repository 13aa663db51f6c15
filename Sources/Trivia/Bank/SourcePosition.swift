/// Where something is in a bank file: a 1-based line and a 1-based column counted in characters
/// (Unicode scalars; a tab is one), as editors show them.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 1. A line ends at LF, CR LF or a lone CR.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The first character of a file.
    public static let start = SourcePosition(line: 1, column: 1)

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool { (a.line, a.column) < (b.line, b.column) }
}
