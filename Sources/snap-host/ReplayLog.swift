import Foundation
import SnapGame
import Synchronization

/// Appends Snap! replay entries to a file, one JSON object per line (docs/SNAP.md, "Replay log").
final class ReplayLog: Sendable {
    private let handle: Mutex<FileHandle>

    init(path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        self.handle = Mutex(handle)
    }

    func write(_ entry: SnapLogEntry) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entry) else { return }
        handle.withLock { try? $0.write(contentsOf: data + Data("\n".utf8)) }
    }
}
