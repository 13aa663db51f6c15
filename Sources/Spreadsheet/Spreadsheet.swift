// The Spreadsheet module reads the cells of an .xlsx file (Office Open XML SpreadsheetML), as
// Excel, LibreOffice, Google Sheets and Kahoot's quiz template write it, in pure Swift with no
// C library and no Foundation: `Workbook(xlsx:limits:)` takes the file's bytes and gives each
// worksheet's cells (text, numbers as written, booleans, errors), by name.
//
// What is read: the zip (methods 0 stored and 8 deflate, every entry's CRC-32 checked),
// `xl/workbook.xml` (the sheets' names), `xl/_rels/workbook.xml.rels` (where each sheet is),
// `xl/sharedStrings.xml` (plain and rich text) and each worksheet's `sheetData`. Formulas are
// not evaluated (their cached value is read), and styles, number formats, merged cells, pictures
// and comments are not read.
//
// What is refused, each with an error naming the zip entry, the XML part, its line and the cell
// (`SpreadsheetError`): a file that is not a zip, a truncated one, ZIP64, split or encrypted
// archives, names with `..` or an absolute path, names given twice, a bad CRC or deflate
// stream, more than `Limits` allows (entries, bytes per entry, bytes in all: a zip bomb stops at
// the cap, before it is inflated or while it is), a DOCTYPE or ENTITY declaration (never
// expanded: no billion laughs), XML nested deeper than the cap, malformed XML, and cells that
// contradict themselves (a shared string that does not exist, a number that is not one).

extension Workbook {
    /// How much of a file ``Workbook/init(xlsx:limits:)`` will read before refusing it: each cap
    /// is checked against the zip directory before anything is inflated, and an entry that
    /// inflates past the size its record declares stops there.
    public struct Limits: Hashable, Sendable {
        /// The most entries (files) the zip may hold. Default 10,000.
        public var maxEntries: Int
        /// The most bytes one entry may hold uncompressed. Default 20 MB.
        public var maxEntrySize: Int
        /// The most bytes all entries together may hold uncompressed. Default 100 MB.
        public var maxTotalSize: Int
        /// The deepest nesting of XML elements read. Default 64 (SpreadsheetML needs about 10).
        public var maxDepth: Int

        /// Limits with the given caps.
        public init(maxEntries: Int = 10_000, maxEntrySize: Int = 20_000_000, maxTotalSize: Int = 100_000_000, maxDepth: Int = 64) {
            self.maxEntries = maxEntries
            self.maxEntrySize = maxEntrySize
            self.maxTotalSize = maxTotalSize
            self.maxDepth = maxDepth
        }
    }
}
