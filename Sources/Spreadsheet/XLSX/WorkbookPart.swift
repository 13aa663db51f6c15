/// `xl/workbook.xml`: the sheets in tab order, each with its name and the id of the
/// relationship that says where its part is.
struct WorkbookPart {
    struct SheetEntry {
        var name: String
        var relationship: String
        /// The line of its `<sheet>` element, for errors.
        var line: Int
    }

    static let name = "xl/workbook.xml"

    var sheets: [SheetEntry] = []

    init(_ archive: ZipArchive, limits: Workbook.Limits) throws(SpreadsheetError) {
        guard var reader = try PartReader(Self.name, in: archive, root: "workbook", limits: limits) else {
            throw SpreadsheetError(.malformed, problem: "not an .xlsx: the zip holds no \(Self.name), where an .xlsx keeps its sheets (an .ods, .docx or other zip file?)")
        }
        var names: Set<String> = []
        while let event = try reader.next() {
            guard case .start(let element) = event, reader.at("workbook", "sheets", "sheet") else { continue }
            guard let name = element["name"], !name.isEmpty else { throw reader.failure("a <sheet> without a name") }
            guard let relationship = element["id"] else { throw reader.failure("the sheet \"\(name)\" has no r:id") }
            guard names.insert(name).inserted else { throw reader.failure("two sheets are named \"\(name)\"") }
            sheets.append(SheetEntry(name: name, relationship: relationship, line: reader.line))
        }
    }
}

/// `xl/_rels/workbook.xml.rels`: what each relationship id of the workbook points to, its
/// target resolved to a part name in the zip.
struct WorkbookRelationships {
    struct Relationship {
        /// Its type's URI: `…/relationships/worksheet`.
        var type: String
        /// The part's name in the zip: `xl/worksheets/sheet1.xml`.
        var part: String
    }

    static let name = "xl/_rels/workbook.xml.rels"

    var byID: [String: Relationship] = [:]

    init(_ archive: ZipArchive, limits: Workbook.Limits) throws(SpreadsheetError) {
        guard var reader = try PartReader(Self.name, in: archive, root: "Relationships", limits: limits) else {
            throw SpreadsheetError(.malformed, problem: "not an .xlsx: the zip holds no \(Self.name), which says where each sheet is")
        }
        while let event = try reader.next() {
            guard case .start(let element) = event, reader.at("Relationships", "Relationship"),
                  element["TargetMode"] != "External" else { continue }
            guard let id = element["Id"], let type = element["Type"], let target = element["Target"] else {
                throw reader.failure("a <Relationship> needs an Id, a Type and a Target")
            }
            guard let part = Self.resolve(target, from: "xl") else {
                throw reader.failure("the target \"\(target)\" of \(id) lies outside the package", kind: .unsafe)
            }
            byID[id] = Relationship(type: type, part: part)
        }
    }

    /// The first relationship whose type ends with `/suffix`.
    func first(ofType suffix: String) -> Relationship? {
        byID.keys.sorted().lazy.compactMap { byID[$0] }.first { $0.type.hasSuffix("/" + suffix) }
    }

    /// A target's part name: relative to `folder`, or from the package root when it starts with
    /// `/`; `.` and `..` resolved, nil when `..` climbs out of the package.
    static func resolve(_ target: String, from folder: String) -> String? {
        let absolute = target.hasPrefix("/")
        var parts = absolute ? [] : folder.split(separator: "/").map(String.init)
        for component in target.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(component))
            }
        }
        return parts.joined(separator: "/")
    }
}
