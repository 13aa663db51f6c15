import Glibc
import Logging

@testable import QuizLibrary

/// A suite whose tests each have a new empty folder under /tmp, removed when the test ends.
class InTemporaryFolder {
    let folder = Support.temporaryFolder()
    deinit { QuizDisk.removeTree(folder) }
}

/// Helpers shared by the quiz library's tests.
enum Support {
    /// A new empty folder under /tmp.
    static func temporaryFolder() -> String {
        var template = Array("/tmp/quiz-library-XXXXXX".utf8CString)
        let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        return path
    }

    /// A logger that drops everything.
    static let quiet = Logger(label: "quiz-library-tests", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A store in `folder` with the quiet logger.
    static func store(_ folder: String, limits: QuizLimits = QuizLimits(), readOnly: [ReadOnlyQuiz] = []) throws -> QuizStore {
        try QuizStore(folder: folder + "/quizzes", limits: limits, readOnly: readOnly, logger: quiet)
    }

    /// A document: the caller's JSON (the store does not read it).
    static func document(_ questions: [String]) -> [UInt8] {
        Array(("{\"questions\":[" + questions.map { "{\"text\":\"\($0)\"}" }.joined(separator: ",") + "]}").utf8)
    }

    /// The names in `folder`, sorted (none when it is missing).
    static func names(_ folder: String) -> [String] {
        (try? QuizDisk.names(in: folder)) ?? []
    }

    /// Writes `bytes` to `path` as they are (to damage a file, or leave a half-written one).
    static func writeRaw(_ path: String, _ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(fd >= 0, "cannot write \(path)")
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// The permission bits of `path`.
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & 0o777
    }
}
