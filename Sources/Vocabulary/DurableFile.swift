#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files replaced in one step that survive a crash: the one way snap-host writes what it keeps
/// (the host's PIN file, resume tokens, known hosts, the quiz library).
///
/// ``replace(_:with:mode:)`` writes a temporary file beside the target (`.tmp-…` in the same
/// folder), flushes it to the disk, renames it over the target and flushes the folder: a reader,
/// or a crash at any moment, finds the old file or the new one, whole. A crash may leave the
/// temporary file behind; whoever owns a folder removes names that begin with
/// ``temporaryPrefix`` when it starts.
public enum DurableFile {
    /// How the temporary files begin: `.tmp-`.
    public static let temporaryPrefix = ".tmp-"

    /// Puts `bytes` in the file at `path` with permissions `mode` (0600: only its owner reads it,
    /// whatever the umask), replacing whatever was there in one step.
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t) throws(DurableFileError) {
        let folder = folder(of: path)
        let temporary = folder + "/" + temporaryPrefix + "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw DurableFileError(path: path, code: errno) }
        var code: Int32 = 0
        if fchmod(fd, mode) != 0 || !writeAll(bytes, to: fd) || fsync(fd) != 0 { code = errno }
        close(fd)
        if code == 0, rename(temporary, path) != 0 { code = errno }
        guard code == 0 else {
            unlink(temporary)
            throw DurableFileError(path: path, code: code)
        }
        try syncFolder(folder)
    }

    /// Flushes a folder's entries (a rename, a new or removed name in it) to the disk.
    public static func syncFolder(_ path: String) throws(DurableFileError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw DurableFileError(path: path, code: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw DurableFileError(path: path, code: errno) }
    }

    /// The folder that holds `path` (`.` for a bare name, `/` for a name at the root).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Writes all of `bytes`, going on after partial writes and EINTR; false at any other error.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    if written == 0 { errno = EIO }
                    return false
                }
            }
            return true
        }
    }
}

/// A file could not be written, or its folder flushed.
public struct DurableFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or folder) it was about.
    public let path: String
    /// What the failing call set in `errno`.
    public let code: Int32

    /// The system's words for ``code`` ("No space left on device").
    public var reason: String { String(cString: strerror(code)) }
    /// `cannot write PATH: REASON`.
    public var description: String { "cannot write \(path): \(reason)" }
}
