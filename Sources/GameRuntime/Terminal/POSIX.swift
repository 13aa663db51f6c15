import FoundationEssentials
import Glibc
import Vocabulary

/// Stand-ins for the few APIs of full Foundation that snap-host used, so that the executable
/// links FoundationEssentials only: full Foundation brings FoundationInternationalization and
/// ICU's data, about 45 MB of a statically linked binary (docs/BENCHMARKS.md, "Static binary").
public enum POSIX {
    /// Writes all of `text` to `fd`, going on after partial writes and EINTR (what
    /// `FileHandle.write` did); other errors (a closed pipe) drop the rest, as it did.
    public static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// Runs `body` on a new detached thread (`Thread.detachNewThread`), named `name` where given.
    public static func detachThread(name: String? = nil, _ body: @escaping @Sendable () -> Void) {
        final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box {
            if let name { nameThisThread(name) }
            body()
        }).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
        precondition(result == 0, "cannot start a thread: \(String(cString: strerror(result)))")
        pthread_detach(thread)
    }

    /// Names the calling thread, as `top -H` and gdb show it (Glibc's module lacks
    /// `pthread_setname_np`, so through /proc; the kernel keeps 15 bytes).
    private static func nameThisThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        write(name, to: fd)
        close(fd)
    }

    /// Whether standard output is a terminal (not a pipe, a file or the journal).
    public static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard output is the systemd journal (a service's `StandardOutput=journal`):
    /// systemd then sets `$JOURNAL_STREAM` to the stream's `DEVICE:INODE`. What goes there is
    /// kept in the journal, so a secret is never printed to it.
    public static var stdoutIsJournal: Bool {
        guard let stream = getenv("JOURNAL_STREAM").map({ String(cString: $0) }) else { return false }
        var info = stat()
        guard fstat(STDOUT_FILENO, &info) == 0 else { return false }
        // The stream itself, or any socket while a journal stream is named (stdout and stderr
        // are one socket or two, depending on the unit).
        return stream == "\(info.st_dev):\(info.st_ino)" || (info.st_mode & S_IFMT) == S_IFSOCK
    }

    /// Puts `text` in the file at `path` with permissions `mode` (e.g. 0600: only its owner reads
    /// it), replacing whatever was there in one step (``/Vocabulary/DurableFile``: written beside it, flushed,
    /// then renamed).
    public static func replaceFile(_ path: String, with text: String, mode: mode_t) throws(POSIXError) {
        do { try DurableFile.replace(path, with: Array(text.utf8), mode: mode) } catch {
            throw POSIXError(POSIXErrorCode(rawValue: error.code) ?? .EIO)
        }
    }

    /// The width of the terminal on `fd`, or nil when it is none (or says 0).
    public static func terminalColumns(_ fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Whether stdin is a terminal and this process is in its foreground: only then may it
    /// read keys from it (a background job that reads its terminal is stopped by SIGTTIN).
    public static var stdinIsForegroundTerminal: Bool {
        isatty(STDIN_FILENO) == 1 && tcgetpgrp(STDIN_FILENO) == getpgrp()
    }

    /// The machine's host name, `gethostname(2)` (`ProcessInfo.processInfo.hostName`).
    public static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// An error as a person reads it: for a file that could not be read, the system's words
    /// ("No such file or directory"), else its description (`localizedDescription`).
    public static func describe(_ error: any Error) -> String {
        if let posix = (error as? CocoaError)?.underlying as? POSIXError ?? error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return "\(error)"
    }

    /// An open file that `write(_:)` appends to (`FileHandle(forWritingTo:)` + `seekToEnd()`);
    /// created (mode 0644) if missing.
    public final class AppendFile: Sendable {
        let fd: Int32

        public init(path: String) throws(POSIXError) {
            let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            self.fd = fd
        }

        public func write(_ text: String) { POSIX.write(text, to: fd) }

        deinit { close(fd) }
    }
}

/// `String(format:)` for numbers, by C's `vsnprintf` (no `%@`; the C locale, as
/// `String(format:)` without a locale).
public func cFormat(_ format: String, _ arguments: any CVarArg...) -> String {
    let count = withVaList(arguments) { vsnprintf(nil, 0, format, $0) }
    guard count > 0 else { return "" }
    var buffer = [CChar](repeating: 0, count: Int(count) + 1)
    _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
}
