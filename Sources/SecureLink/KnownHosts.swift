import FoundationEssentials
import Glibc
import Matchmaking

/// The hosts `join` trusted on first use, in the user's state directory (`known-hosts`): one line
/// per endpoint, `10.0.0.5:7777 <64 hex digits> 2026-11-25` (the day it was first seen),
/// readable by the user only. A host joined by address is trusted the first time and must show
/// the same key ever after (``HostTrust/firstUse(_:endpoint:)``); `snap-host forget-host`
/// removes a line.
public struct KnownHosts: Sendable, Hashable {
    /// The file's path.
    public let path: String

    /// The file at `path`.
    public init(path: String) { self.path = path }

    /// The file's name in the user's state directory.
    public static let name = "known-hosts"

    /// What is remembered of one endpoint.
    public struct Entry: Hashable, Sendable {
        /// The key's fingerprint.
        public var fingerprint: Fingerprint
        /// The day it was first seen (`2026-11-25`).
        public var since: String
    }

    /// The entry for `endpoint`, if any.
    public func entry(for endpoint: String) -> Entry? { entries()[endpoint] }

    /// Remembers `fingerprint` for `endpoint` (first seen today).
    public func remember(_ fingerprint: Fingerprint, for endpoint: String, now: Date = Date()) throws(KnownHostsError) {
        var all = entries()
        all[endpoint] = Entry(fingerprint: fingerprint, since: Self.day(now))
        try save(all)
    }

    /// Forgets `endpoint`; returns whether it was remembered.
    @discardableResult
    public func forget(_ endpoint: String) throws(KnownHostsError) -> Bool {
        var all = entries()
        guard all.removeValue(forKey: endpoint) != nil else { return false }
        try save(all)
        return true
    }

    /// Every entry, by endpoint (lines that do not read as one are skipped).
    public func entries() -> [String: Entry] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return [:] }
        var entries: [String: Entry] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: " ")
            guard fields.count == 3, let fingerprint = Fingerprint(hex: String(fields[1])) else { continue }
            entries[String(fields[0])] = Entry(fingerprint: fingerprint, since: String(fields[2]))
        }
        return entries
    }

    /// Writes all entries to a new file beside the old one and renames it over
    /// (``DurableFile``): a reader never sees half a file.
    private func save(_ entries: [String: Entry]) throws(KnownHostsError) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch { throw KnownHostsError(path: directory, why: "\(error)") }
        let text = entries.keys.sorted().map { "\($0) \(entries[$0]!.fingerprint.hex) \(entries[$0]!.since)\n" }.joined()
        do { try DurableFile.replace(path, with: Array(text.utf8), mode: 0o600) } catch { throw KnownHostsError(path: path, why: error.reason) }
    }

    /// `2026-11-25` (UTC).
    static func day(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let month = parts.tm_mon + 1
        let day = parts.tm_mday
        return "\(parts.tm_year + 1900)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }
}

/// The known-hosts file cannot be written.
public struct KnownHostsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or directory.
    public let path: String
    /// The system's words.
    public let why: String
    public var description: String { "cannot write \(path): \(why)" }
}
