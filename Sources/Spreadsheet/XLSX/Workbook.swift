/// The worksheets of an .xlsx file and their cells, read by ``init(xlsx:limits:)``.
public struct Workbook: Hashable, Sendable {
    /// The worksheets in tab order (chart sheets and other non-worksheets are left out).
    public let sheets: [Sheet]

    /// A workbook of these sheets.
    public init(sheets: [Sheet]) { self.sheets = sheets }

    /// The sheet named `name`, if there is one.
    public func sheet(named name: String) -> Sheet? { sheets.first { $0.name == name } }

    /// Reads the .xlsx file `bytes`: its zip directory (checked against `limits` before
    /// anything is inflated), the workbook's sheet list and relationships, the shared strings
    /// and every worksheet's cells.
    /// - Throws: ``SpreadsheetError``, naming the entry or part, line and cell, when the file is
    ///   not an .xlsx, is damaged or truncated, passes `limits`, or holds what is refused
    ///   (see the module's overview in `Spreadsheet.swift`).
    public init(xlsx bytes: [UInt8], limits: Limits = Limits()) throws(SpreadsheetError) {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(bytes, limits: limits)
        } catch {
            throw SpreadsheetError(error)
        }
        let workbook = try WorkbookPart(archive, limits: limits)
        let relationships = try WorkbookRelationships(archive, limits: limits)
        var strings = SharedStrings()
        if let part = relationships.first(ofType: "sharedStrings")?.part ?? archive.entry(named: "xl/sharedStrings.xml")?.name {
            strings = try SharedStrings(part, in: archive, limits: limits)
        }
        var sheets: [Sheet] = []
        for entry in workbook.sheets {
            guard let relationship = relationships.byID[entry.relationship] else {
                throw SpreadsheetError(
                    .malformed, part: WorkbookPart.name, line: entry.line,
                    problem: "the sheet \"\(entry.name)\" points to \(entry.relationship), which \(WorkbookRelationships.name) does not define")
            }
            guard relationship.type.hasSuffix("/worksheet") else { continue }
            let part = try WorksheetPart(relationship.part, in: archive, strings: strings, limits: limits)
            sheets.append(Sheet(name: entry.name, cells: part.cells))
        }
        self.init(sheets: sheets)
    }
}
