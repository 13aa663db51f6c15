import FoundationEssentials
import GameRuntime
import Glibc
import Matchmaking

/// The resume tokens `join` holds, in the user's state directory
/// (`$XDG_STATE_HOME/snap-host/resume/`, else `~/.local/state/snap-host/resume/`): one directory
/// per host run (its id), one file per player name in it, readable by the user only. A `join`
/// that dies (a closed terminal, SIGKILL, a lost link) and is started again with the same name
/// while the host still keeps the seat gets it back: same name, score and cards. Two `join`s
/// with different names never touch each other's token. A token is forgotten when the seat is
/// given up for good (the player quit, was removed, or the host quit); files older than a day
/// are swept away. A `join` holds a lock on its token file while it is connected, and a token
/// whose file is locked is not used: a second terminal joining with the same name does not take
/// the seat from a `join` still playing (a killed one holds no lock).
struct ResumeStore {
    /// The directory of the host directories.
    let directory: String

    /// The store in the user's state directory; nil when there is no home to put it in.
    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ResumeStore? {
        StateDirectory.user(environment: environment).map { ResumeStore(directory: $0 + "/resume") }
    }

    /// How long an unused token is kept: no host keeps a seat that long.
    static let maxAge: Double = 24 * 3600

    /// The tokens held for the player called `name`, by host id (stale files are removed on the way).
    func tokens(for name: String, now: Date = Date()) -> [UUID: String] {
        let manager = FileManager.default
        var tokens: [UUID: String] = [:]
        for entry in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] {
            guard let host = UUID(uuidString: entry) else { continue }
            let path = file(for: host, name: name)
            let modified = (try? manager.attributesOfItem(atPath: path)[.modificationDate]) as? Date
            if let modified, now.timeIntervalSince(modified) > Self.maxAge {
                forget(host, name: name)
                continue
            }
            guard !Self.isLocked(path), let data = manager.contents(atPath: path) else { continue }
            let token = String(decoding: data, as: UTF8.self).trimmingWhitespaceAndNewlines()
            if !token.isEmpty, token.utf8.count <= 64 { tokens[host] = token }
        }
        return tokens
    }

    /// Keeps `token` for the player called `name` on `host` (files 0600, directories 0700), and
    /// locks it until this process exits.
    func keep(_ token: String, for host: UUID, name: String) throws {
        let manager = FileManager.default
        let folder = directory + "/" + host.uuidString
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = file(for: host, name: name)
        do { try POSIX.replaceFile(path, with: token, mode: 0o600) } catch { throw StoreError(path: path) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 { _ = flock(descriptor, LOCK_EX | LOCK_NB) }  // held (never closed) until exit
    }

    /// Whether another process holds the file's lock (a `join` still playing with it).
    private static func isLocked(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    /// Forgets the token for the player called `name` on `host` (and the host's directory once empty).
    func forget(_ host: UUID, name: String) {
        try? FileManager.default.removeItem(atPath: file(for: host, name: name))
        rmdir(directory + "/" + host.uuidString)  // fails, harmlessly, while other names are kept
    }

    /// `<directory>/<host id>/<name>`: the name as its case-insensitive key in URL-safe base64
    /// (any name is a valid file name, and `Ada` and `ADA`, one player to the host, share it).
    private func file(for host: UUID, name: String) -> String {
        let key = Data(PlayerName.uniquenessKey(name).utf8).base64EncodedString()
            .replacing("/", with: "_").replacing("+", with: "-")
        return directory + "/" + host.uuidString + "/" + key
    }

    /// A token file could not be written.
    struct StoreError: Error, CustomStringConvertible {
        let path: String
        var description: String { "cannot write \(path)" }
    }
}
