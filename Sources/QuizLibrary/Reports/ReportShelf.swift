import FoundationEssentials
import Glibc
import Synchronization
import Vocabulary

/// The reports of the last games (``keep``, 100 by default) in the host's state directory,
/// `STATE/reports/`: each game's as JSON (for the host page's summary) and as CSV (to take home),
/// written durably (``DurableFile``), the oldest removed when there are more. It does not read
/// them: what a report holds is the game's.
public final class ReportShelf: Sendable {
    /// Its folder.
    public let folder: String
    /// How many games' reports are kept.
    public let keep: Int
    private let lock = Mutex(())

    /// One kept report.
    public struct Entry: Sendable, Hashable {
        /// Its id: when it was written (UTC) and a random part (`20261127-203112-k3x9`), sortable.
        public var id: String
        /// Its CSV's path.
        public var csvPath: String
        /// When it was written (the game's end), as its id says.
        public var written: Date? { ReportShelf.date(ofID: id) }
    }

    /// How an id begins: the time in UTC, `20261127T203112Z` (written `20261127-203112`).
    private static let stamp = Date.ISO8601FormatStyle().year().month().day().time(includingFractionalSeconds: false)
        .dateSeparator(.omitted).timeSeparator(.omitted).dateTimeSeparator(.standard)

    /// When the report of `id` was written; nil when the id does not begin with a time.
    public static func date(ofID id: String) -> Date? {
        let head = Array(id.utf8.prefix(15))
        guard head.count == 15, head[8] == UInt8(ascii: "-") else { return nil }
        let text = String(decoding: head[0..<8], as: UTF8.self) + "T" + String(decoding: head[9..<15], as: UTF8.self) + "Z"
        return try? stamp.parse(text)
    }

    /// `STATE/reports`.
    public static func folder(inStateDirectory state: String) -> String { state + "/reports" }

    /// A shelf in `folder` (made, mode 0700, when missing).
    public init(folder: String, keep: Int = 100) {
        self.folder = folder
        self.keep = keep
    }

    /// Keeps a game's report; the oldest go beyond ``keep``.
    public func put(json: [UInt8], csv: [UInt8], at date: Date = Date()) throws(DurableFileError) -> Entry {
        try lock.withLock { _ throws(DurableFileError) in
            mkdir(folder, 0o700)
            let id = date.formatted(Self.stamp).replacing("T", with: "-").filter { $0 != "Z" } + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            try DurableFile.replace(folder + "/" + id + ".json", with: json, mode: 0o600)
            try DurableFile.replace(folder + "/" + id + ".csv", with: csv, mode: 0o600)
            for old in ids().dropLast(keep) {
                unlink(folder + "/" + old + ".json")
                unlink(folder + "/" + old + ".csv")
            }
            return Entry(id: id, csvPath: folder + "/" + id + ".csv")
        }
    }

    /// The reports kept, newest first.
    public func list() -> [Entry] {
        lock.withLock { _ in ids().reversed().map { Entry(id: $0, csvPath: folder + "/" + $0 + ".csv") } }
    }

    /// A report's JSON, or its CSV (`csv`); nil when there is none of that id.
    public func read(_ id: String, csv: Bool) -> [UInt8]? {
        guard Self.isID(id), let data = FileManager.default.contents(atPath: folder + "/" + id + (csv ? ".csv" : ".json")) else { return nil }
        return Array(data)
    }

    /// Whether `text` can be a report's id (no path in it).
    static func isID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" }
    }

    /// The ids of the reports in the folder, oldest first.
    private func ids() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.filter(Self.isID).sorted()
    }
}
