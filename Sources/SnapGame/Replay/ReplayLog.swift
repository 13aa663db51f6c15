import FoundationEssentials
import GameRuntime
import Synchronization

/// Appends Snap! replay entries to a file, one JSON object per line (docs/SNAP.md, "Replay log").
public final class ReplayLog: Sendable {
    private let file: Mutex<POSIX.AppendFile>

    /// The file in a replay folder (`serve --replay-dir DIR`): `DIR/snap-replay.jsonl`.
    public static func file(in directory: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + "snap-replay.jsonl"
    }

    /// Opens `path` for appending, creating it if missing.
    public init(path: String) throws {
        file = Mutex(try POSIX.AppendFile(path: path))
    }

    /// Appends `entry` as one line.
    public func write(_ entry: SnapLogEntry) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entry) else { return }
        file.withLock { $0.write(String(decoding: data, as: UTF8.self) + "\n") }
    }
}
