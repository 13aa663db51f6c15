/// One worksheet: its name and the cells that hold something (empty cells are absent).
public struct Sheet: Hashable, Sendable {
    /// Its name, as on its tab.
    public let name: String
    /// Its cells, row by row and left to right.
    public let cells: [Cell]
    private let index: [CellReference: Int]

    /// A sheet of these cells (each reference once; any order).
    public init(name: String, cells: [Cell]) {
        self.name = name
        self.cells = cells.sorted { $0.reference < $1.reference }
        self.index = Dictionary(self.cells.enumerated().map { ($1.reference, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The cell at `row` and `column` (both from 1), or nil when it is empty.
    public subscript(row row: Int, column column: Int) -> Cell? { self[CellReference(row: row, column: column)] }

    /// The cell at `reference`, or nil when it is empty.
    public subscript(_ reference: CellReference) -> Cell? { index[reference].map { cells[$0] } }

    /// The cells of one row, left to right.
    public func row(_ row: Int) -> [Cell] { cells.filter { $0.reference.row == row } }
}
