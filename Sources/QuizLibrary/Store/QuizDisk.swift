import Glibc
import Vocabulary

/// The library's file-system edge: the few POSIX calls the store makes, each failure a
/// ``QuizStoreError/fileSystem(path:reason:)``. Folders are made 0700; files are written
/// through ``DurableFile`` (0600). Links are never followed.
enum QuizDisk {
    /// Makes the folder `path` (0700) unless it is there, and its missing parents (0700 too, as
    /// the host's TLS key makes them): `serve` opens the library before anything else has made a
    /// new state directory.
    static func makeFolder(_ path: String) throws(QuizStoreError) {
        if mkdir(path, 0o700) == 0 || (errno == EEXIST && isFolder(path)) { return }
        guard errno == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex else { throw failure(path) }
        try makeFolder(String(path[..<slash]))
        guard mkdir(path, 0o700) == 0 || (errno == EEXIST && isFolder(path)) else { throw failure(path) }
    }

    /// Whether `path` is a folder (not a link to one).
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The size of the regular file `path`, or nil when it is none.
    static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The names in the folder `path` (not `.` and `..`), sorted.
    static func names(in path: String) throws(QuizStoreError) -> [String] {
        guard let folder = opendir(path) else { throw failure(path) }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The bytes of the regular file `path`, refused past `limit` bytes.
    static func read(_ path: String, limit: Int) throws(QuizStoreError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw failure(path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .fileSystem(path: path, reason: "not a regular file") }
        guard Int(info.st_size) <= limit else { throw .fileSystem(path: path, reason: "larger than \(limit) bytes") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw count == 0 ? .fileSystem(path: path, reason: "it got shorter while read") : failure(path) }
            offset += count
        }
        return bytes
    }

    /// Writes `bytes` to `path` in one step (``DurableFile``, 0600).
    static func write(_ path: String, _ bytes: [UInt8]) throws(QuizStoreError) {
        do { try DurableFile.replace(path, with: bytes, mode: 0o600) } catch { throw QuizStoreError(error) }
    }

    /// Renames `from` to `to` (in the same file system: one step), then flushes `to`'s folder.
    static func rename(_ from: String, to: String) throws(QuizStoreError) {
        guard Glibc.rename(from, to) == 0 else { throw failure(from) }
        do { try DurableFile.syncFolder(DurableFile.folder(of: to)) } catch { throw QuizStoreError(error) }
    }

    /// Removes the file `path`; a missing one is no failure.
    static func remove(_ path: String) {
        unlink(path)
    }

    /// Removes `path` and, when it is a folder, everything in it (links themselves, never what
    /// they point at).
    static func removeTree(_ path: String) {
        if isFolder(path) {
            for name in (try? names(in: path)) ?? [] { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// The error for the failing call on `path`, from `errno`.
    private static func failure(_ path: String) -> QuizStoreError {
        .fileSystem(path: path, reason: String(cString: strerror(errno)))
    }
}
