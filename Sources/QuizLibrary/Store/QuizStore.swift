import FoundationEssentials
import Logging
import Synchronization
import Vocabulary

/// The host's quiz library: a folder in its state directory (``folder(inStateDirectory:)``,
/// `STATE/quizzes`), one subfolder per quiz, named by an id the store makes:
///
/// ```
/// quizzes/<id>/quiz.json                   the envelope: title, revision, time, pictures, document
/// quizzes/<id>/pictures/<sha256>.<ext>     each picture, named by the hash of its bytes
/// ```
///
/// A quiz's document is the caller's JSON, kept byte for byte: the store does not know the
/// questions' format. Every write is a temporary file renamed over the old one (``DurableFile``),
/// so a crash leaves the old quiz whole; a new or copied quiz is made in a temporary folder and
/// renamed into place, a deleted one renamed away before it is removed. Opening the store
/// removes what such a crash left (`.tmp-*` names) and the pictures no quiz uses.
///
/// Saves and deletes name the revision they are based on, and are refused with
/// ``QuizStoreError/changedElsewhere(current:)`` when another was stored since: the store's
/// operations run one at a time (a lock), the comparison and the write under it. Sizes are held
/// to ``QuizLimits``. Read-only quizzes (the built-in bank, `serve --questions`) are listed
/// and loaded like the others and never changed; ``copy(_:title:)`` makes an editable copy.
///
/// Every call does blocking file I/O: call it from a thread that may block, not an event loop.
public final class QuizStore: Sendable {
    /// The library's folder.
    public let folder: String
    /// The limits it keeps to.
    public let limits: QuizLimits
    /// The read-only quizzes, in the order given.
    let readOnlyQuizzes: [ReadOnlyQuiz]
    let logger: Logger
    let now: @Sendable () -> Date
    /// Held for each operation; it also holds the generator of new ids.
    let lock = Mutex(SystemRandomNumberGenerator())

    /// The file that holds a quiz's envelope, in its folder.
    static let envelopeName = "quiz.json"
    /// The folder of a quiz's pictures, in its folder.
    static let picturesName = "pictures"

    /// The library's folder in the host's state directory: `STATE/quizzes`.
    public static func folder(inStateDirectory state: String) -> String { state + "/quizzes" }

    /// Opens the library in `folder` (made 0700, with its parents' permissions left alone, when
    /// missing), removing what an interrupted write left behind and the pictures no quiz uses.
    /// - Parameters:
    ///   - readOnly: the quizzes to list that are never changed; their ids must differ.
    ///   - now: the clock that stamps saves.
    /// - Throws: ``QuizStoreError/fileSystem(path:reason:)`` when the folder cannot be made or read.
    public init(
        folder: String, limits: QuizLimits = QuizLimits(), readOnly: [ReadOnlyQuiz] = [], logger: Logger,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(QuizStoreError) {
        precondition(Set(readOnly.map(\.id)).count == readOnly.count, "two read-only quizzes have one id")
        self.folder = folder
        self.limits = limits
        self.readOnlyQuizzes = readOnly
        self.logger = logger
        self.now = now
        try QuizDisk.makeFolder(folder)
        try sweep()
    }

    // MARK: Reading

    /// Every quiz: the read-only ones first, in the order given, then the stored ones by title
    /// (those that cannot be read last, with their ``QuizSummary/problem``).
    public func list() throws(QuizStoreError) -> [QuizSummary] {
        try lock.withLock { _ throws(QuizStoreError) in
            let fixed = readOnlyQuizzes.map {
                QuizSummary(id: $0.id, title: $0.title, revision: 1, bytes: $0.document.count, modified: nil, readOnly: true, problem: nil)
            }
            var stored: [QuizSummary] = []
            for id in try storedIDs() {
                let bytes = size(of: id)
                do throws(QuizStoreError) {
                    let envelope = try envelope(of: id)
                    stored.append(QuizSummary(
                        id: id, title: envelope.title, revision: envelope.revision, bytes: bytes,
                        modified: envelope.modified, readOnly: false, problem: nil))
                } catch {
                    let problem = error.unreadableProblem ?? error.description
                    stored.append(QuizSummary(id: id, title: "", revision: 0, bytes: bytes, modified: nil, readOnly: false, problem: problem))
                }
            }
            stored.sort { ($0.problem == nil ? 0 : 1, $0.title.lowercased(), $0.id) < ($1.problem == nil ? 0 : 1, $1.title.lowercased(), $1.id) }
            return fixed + stored
        }
    }

    /// The quiz `id`: its title, revision, document and pictures.
    /// - Throws: ``QuizStoreError/notFound(_:)``, ``QuizStoreError/unreadable(_:problem:)``.
    public func load(_ id: QuizID) throws(QuizStoreError) -> StoredQuiz {
        if let fixed = readOnlyQuizzes.first(where: { $0.id == id }) {
            return StoredQuiz(id: id, title: fixed.title, revision: 1, document: fixed.document, pictures: [], modified: nil, readOnly: true)
        }
        return try lock.withLock { _ throws(QuizStoreError) in
            let envelope = try envelope(of: id)
            return StoredQuiz(
                id: id, title: envelope.title, revision: envelope.revision, document: envelope.document,
                pictures: envelope.pictures, modified: envelope.modified, readOnly: false)
        }
    }

    // MARK: Paths and sizes (called with the lock held)

    func path(of id: QuizID) -> String { folder + "/" + id.rawValue }
    func envelopePath(of id: QuizID) -> String { path(of: id) + "/" + Self.envelopeName }
    func picturesPath(of id: QuizID) -> String { path(of: id) + "/" + Self.picturesName }

    /// The ids of the quizzes in the folder (a folder named as a read-only quiz is not one).
    func storedIDs() throws(QuizStoreError) -> [QuizID] {
        try QuizDisk.names(in: folder).compactMap { name in
            guard let id = try? QuizID(name), QuizDisk.isFolder(path(of: id)), !readOnlyQuizzes.contains(where: { $0.id == id }) else {
                return nil
            }
            return id
        }
    }

    /// The envelope of the stored quiz `id`.
    func envelope(of id: QuizID) throws(QuizStoreError) -> QuizEnvelope {
        guard QuizDisk.isFolder(path(of: id)) else { throw .notFound(id) }
        let path = envelopePath(of: id)
        guard QuizDisk.fileSize(path) != nil else { throw .unreadable(id, problem: "quiz.json is missing") }
        let bytes: [UInt8]
        do { bytes = try QuizDisk.read(path, limit: max(limits.bytesPerQuiz, 1)) } catch {
            guard case .fileSystem(_, let reason) = error else { throw error }
            throw .unreadable(id, problem: reason)
        }
        do { return try QuizEnvelope.decode(bytes) } catch { throw .unreadable(id, problem: error.text) }
    }

    /// The pictures stored for `id`, by hash: their file names and sizes.
    func pictureFiles(of id: QuizID) -> [PictureHash: (name: String, bytes: Int)] {
        let folder = picturesPath(of: id)
        var files: [PictureHash: (name: String, bytes: Int)] = [:]
        for name in (try? QuizDisk.names(in: folder)) ?? [] {
            guard let dot = name.firstIndex(of: "."), let hash = try? PictureHash(String(name[..<dot])),
                PictureFormat.allCases.contains(where: { $0.fileExtension == name[name.index(after: dot)...] }),
                let bytes = QuizDisk.fileSize(folder + "/" + name)
            else { continue }
            files[hash] = (name, bytes)
        }
        return files
    }

    /// The bytes the quiz `id` takes: its envelope and its pictures.
    func size(of id: QuizID) -> Int {
        (QuizDisk.fileSize(envelopePath(of: id)) ?? 0) + pictureFiles(of: id).values.reduce(0) { $0 + $1.bytes }
    }

    /// The bytes all stored quizzes take.
    func totalSize() throws(QuizStoreError) -> Int {
        try storedIDs().reduce(0) { $0 + size(of: $1) }
    }

    /// Refuses a change to a read-only quiz.
    func requireEditable(_ id: QuizID) throws(QuizStoreError) {
        if let fixed = readOnlyQuizzes.first(where: { $0.id == id }) { throw .readOnly(id, title: fixed.title) }
    }

    // MARK: Opening

    /// Removes what interrupted writes left (`.tmp-*` folders and files at every level) and the
    /// pictures that no readable quiz uses.
    private func sweep() throws(QuizStoreError) {
        var removed = 0, pictures = 0
        for name in try QuizDisk.names(in: folder) where name.hasPrefix(DurableFile.temporaryPrefix) {
            QuizDisk.removeTree(folder + "/" + name)
            removed += 1
        }
        for id in try storedIDs() {
            for inside in [path(of: id), picturesPath(of: id)] {
                for name in (try? QuizDisk.names(in: inside)) ?? [] where name.hasPrefix(DurableFile.temporaryPrefix) {
                    QuizDisk.removeTree(inside + "/" + name)
                    removed += 1
                }
            }
            guard let envelope = try? envelope(of: id) else { continue }
            let used = Set(envelope.pictures)
            for (hash, file) in pictureFiles(of: id) where !used.contains(hash) {
                QuizDisk.remove(picturesPath(of: id) + "/" + file.name)
                pictures += 1
            }
        }
        if removed > 0 { logger.notice("quiz library: removed leftovers of interrupted writes", metadata: ["count": "\(removed)"]) }
        if pictures > 0 { logger.info("quiz library: removed unused pictures", metadata: ["count": "\(pictures)"]) }
    }
}
