import FuzzKit

@testable import Spreadsheet

/// The .xlsx reader (Spreadsheet), with small caps. The first byte picks what the rest is:
/// 0, an .xlsx file (zip, deflate, XML, cells); 1, a raw deflate stream; 2, the XML parts of a
/// workbook separated by NUL bytes (workbook.xml, its relationships, the shared strings, a
/// worksheet), put in a stored zip here with the right CRCs, so that mutated XML reaches the
/// workbook's readers instead of failing a checksum. Whatever the input: no crash, the output
/// within the caps, and every refusal a `SpreadsheetError` that says what and where.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte() % 3
    let rest = Array(input.rest)
    switch mode {
    case 0: readWorkbook(rest)
    case 1: inflate(rest)
    default: readWorkbook(StoredZip.workbook(parts: rest.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)))
    }
    return 0
}

let limits = Workbook.Limits(maxEntries: 32, maxEntrySize: 1 << 20, maxTotalSize: 2 << 20, maxDepth: 24)

func readWorkbook(_ bytes: [UInt8]) {
    do {
        let workbook = try Workbook(xlsx: bytes, limits: limits)
        let names = workbook.sheets.map(\.name)
        require(Set(names).count == names.count && !names.contains(""), "sheet names empty or given twice: \(names)")
        for sheet in workbook.sheets {
            for (cell, next) in zip(sheet.cells, sheet.cells.dropFirst()) {
                require(cell.reference < next.reference, "cells out of order or twice in \(sheet.name): \(cell.reference), \(next.reference)")
            }
            for cell in sheet.cells {
                let reference = cell.reference
                require((1...CellReference.maxRow).contains(reference.row) && (1...CellReference.maxColumn).contains(reference.column),
                        "a cell outside A1:XFD1048576: \(reference.row), \(reference.column)")
                require(CellReference(reference.description) == reference, "\(reference) does not read back")
                require(!cell.value.text.isEmpty, "an empty cell kept at \(reference)")
                if case .number(let text) = cell.value { require(NumberText.isNumber(text), "\(reference): \(text) kept as a number") }
            }
        }
    } catch {
        require(!error.problem.isEmpty && error.description.hasSuffix(error.problem), "an error without its problem: \(error)")
        require(error.part.map { !$0.isEmpty } ?? true, "an error naming an empty part: \(error)")
        require(error.line.map { $0 >= 1 && $0 <= bytes.count + 1 } ?? true, "an error on a line the file cannot have: \(error)")
        require(error.line == nil || error.part != nil, "a line without its part: \(error)")
        if error.kind == .notAZip {
            require(error.part == nil && error.problem.hasPrefix("not an .xlsx (a zip file): "), "a refusal of a non-zip that does not say so: \(error)")
        }
    }
}

func inflate(_ bytes: [UInt8]) {
    let limit = 1 << 16
    do {
        let output = try Inflate.inflate(bytes, range: 0..<bytes.count, limit: limit)
        require(output.count <= limit, "\(output.count) bytes inflated past the cap of \(limit)")
    } catch {
        require((0...bytes.count).contains(error.offset), "an error at byte \(error.offset) of a \(bytes.count)-byte stream")
    }
}

/// A zip of stored entries with the right CRCs, as a workbook's parts.
enum StoredZip {
    static let names = ["xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/sharedStrings.xml", "xl/worksheets/sheet1.xml"]

    static func workbook(parts: [ArraySlice<UInt8>]) -> [UInt8] {
        var file: [UInt8] = []
        var directory: [UInt8] = []
        for (name, part) in zip(names, parts) {
            let data = Array(part)
            let fields = le16(0) + le16(0) + le16(0) + le16(0) + le32(Int(CRC32.checksum(data))) + le32(data.count) + le32(data.count)
                + le16(name.utf8.count) + le16(0)
            directory += le32(0x0201_4B50) + le16(20) + le16(20) + fields + le16(0) + le16(0) + le16(0) + le32(0) + le32(file.count) + Array(name.utf8)
            file += le32(0x0403_4B50) + le16(20) + fields + Array(name.utf8) + data
        }
        let count = min(names.count, parts.count)
        return file + directory + le32(0x0605_4B50) + le16(0) + le16(0) + le16(count) + le16(count) + le32(directory.count) + le32(file.count) + le16(0)
    }

    static func le16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
    static func le32(_ value: Int) -> [UInt8] { le16(value) + le16(value >> 16) }
}
