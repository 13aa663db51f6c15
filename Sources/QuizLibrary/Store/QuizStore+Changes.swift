import Logging
import Vocabulary

extension QuizStore {
    /// Makes a new quiz, at revision 1, without pictures (add them with
    /// ``addPicture(to:bytes:)``, then ``save(_:title:document:pictures:basedOn:)``).
    /// - Parameters:
    ///   - title: 1 to ``QuizLimits/titleLength`` characters on one line (trimmed).
    ///   - document: one JSON value, UTF-8: kept byte for byte.
    /// - Returns: the new quiz's line in the list.
    /// - Throws: a bad title or document, ``QuizStoreError/tooManyQuizzes(limit:)``, a size limit.
    public func create(title: String, document: [UInt8]) throws(QuizStoreError) -> QuizSummary {
        let title = try checkedTitle(title)
        let document = try checkedDocument(document)
        return try lock.withLock { generator throws(QuizStoreError) in
            let envelope = QuizEnvelope(revision: 1, title: title, modified: now(), pictures: [], document: document)
            let id = try newID(&generator)
            try checkRoom(for: envelope.encoded().count)
            try assemble(id, envelope, pictures: [])
            logger.info("quiz created", metadata: ["quiz": "\(id)"])
            return summary(id, envelope)
        }
    }

    /// Stores a new revision of the quiz `id`, if `revision` is the one stored; then removes the
    /// pictures the old revision used and this one does not.
    /// - Parameters:
    ///   - pictures: the pictures the document uses: each must have been added to the quiz.
    ///   - revision: the revision the caller loaded and changed.
    /// - Returns: the quiz's line in the list, with its new revision.
    /// - Throws: ``QuizStoreError/changedElsewhere(current:)`` when `revision` is not the one
    ///   stored; ``QuizStoreError/readOnly(_:title:)``, ``QuizStoreError/notFound(_:)``,
    ///   ``QuizStoreError/missingPicture(_:)``, a bad title or document, a size limit.
    public func save(
        _ id: QuizID, title: String, document: [UInt8], pictures: Set<PictureHash>, basedOn revision: Int
    ) throws(QuizStoreError) -> QuizSummary {
        try requireEditable(id)
        let title = try checkedTitle(title)
        let document = try checkedDocument(document)
        return try lock.withLock { _ throws(QuizStoreError) in
            let old = try envelope(of: id)
            guard old.revision == revision else { throw .changedElsewhere(current: old.revision) }
            let files = pictureFiles(of: id)
            if let missing = pictures.sorted().first(where: { files[$0] == nil }) { throw .missingPicture(missing) }
            let unused = Set(old.pictures).subtracting(pictures)
            let envelope = QuizEnvelope(
                revision: old.revision + 1, title: title, modified: now(), pictures: pictures.sorted(), document: document)
            let bytes = envelope.encoded()
            let kept = files.filter { !unused.contains($0.key) }.values.reduce(0) { $0 + $1.bytes }
            try checkRoom(for: bytes.count + kept, replacing: size(of: id))
            try QuizDisk.write(envelopePath(of: id), bytes)
            for hash in unused { if let file = files[hash] { QuizDisk.remove(picturesPath(of: id) + "/" + file.name) } }
            logger.info("quiz saved", metadata: ["quiz": "\(id)", "revision": "\(envelope.revision)", "bytes": "\(bytes.count + kept)"])
            return summary(id, envelope)
        }
    }

    /// Deletes the quiz `id` and its pictures, if `revision` is the one stored (0 for a quiz
    /// that cannot be read, as the list shows it).
    /// - Throws: ``QuizStoreError/changedElsewhere(current:)``, ``QuizStoreError/readOnly(_:title:)``,
    ///   ``QuizStoreError/notFound(_:)``.
    public func delete(_ id: QuizID, basedOn revision: Int) throws(QuizStoreError) {
        try requireEditable(id)
        try lock.withLock { _ throws(QuizStoreError) in
            let current: Int
            do throws(QuizStoreError) { current = try envelope(of: id).revision } catch {
                guard error.unreadableProblem != nil else { throw error }
                current = 0
            }
            guard current == revision else { throw .changedElsewhere(current: current) }
            let away = folder + "/" + DurableFile.temporaryPrefix + "deleted-" + id.rawValue
            try QuizDisk.rename(path(of: id), to: away)
            QuizDisk.removeTree(away)
            logger.info("quiz deleted", metadata: ["quiz": "\(id)"])
        }
    }

    /// Makes an editable copy of the quiz `id` (read-only or not), its pictures too, titled
    /// `title`, at revision 1.
    /// - Returns: the copy's line in the list.
    /// - Throws: ``QuizStoreError/notFound(_:)``, ``QuizStoreError/unreadable(_:problem:)``, a bad
    ///   title, ``QuizStoreError/tooManyQuizzes(limit:)``, a size limit.
    public func copy(_ id: QuizID, title: String) throws(QuizStoreError) -> QuizSummary {
        let title = try checkedTitle(title)
        return try lock.withLock { generator throws(QuizStoreError) in
            var pictures: [(name: String, bytes: [UInt8])] = []
            let envelope: QuizEnvelope
            if let fixed = readOnlyQuizzes.first(where: { $0.id == id }) {
                let document = try checkedDocument(fixed.document)
                envelope = QuizEnvelope(revision: 1, title: title, modified: now(), pictures: [], document: document)
            } else {
                let source = try self.envelope(of: id)
                let files = pictureFiles(of: id)
                for hash in source.pictures {
                    guard let file = files[hash] else { throw .missingPicture(hash) }
                    pictures.append((file.name, try QuizDisk.read(picturesPath(of: id) + "/" + file.name, limit: PictureCheck.maxBytes)))
                }
                envelope = QuizEnvelope(revision: 1, title: title, modified: now(), pictures: source.pictures, document: source.document)
            }
            let copy = try newID(&generator)
            try checkRoom(for: envelope.encoded().count + pictures.reduce(0) { $0 + $1.bytes.count })
            try assemble(copy, envelope, pictures: pictures)
            logger.info("quiz copied", metadata: ["quiz": "\(copy)", "from": "\(id)", "pictures": "\(pictures.count)"])
            return summary(copy, envelope)
        }
    }

    // MARK: Helpers (called with the lock held)

    /// Writes a new quiz in a temporary folder, then renames it into place: it appears whole or not at all.
    private func assemble(_ id: QuizID, _ envelope: QuizEnvelope, pictures: [(name: String, bytes: [UInt8])]) throws(QuizStoreError) {
        let temporary = folder + "/" + DurableFile.temporaryPrefix + "new-" + id.rawValue
        do {
            try QuizDisk.makeFolder(temporary)
            try QuizDisk.makeFolder(temporary + "/" + Self.picturesName)
            for picture in pictures { try QuizDisk.write(temporary + "/" + Self.picturesName + "/" + picture.name, picture.bytes) }
            try QuizDisk.write(temporary + "/" + Self.envelopeName, envelope.encoded())
            try QuizDisk.rename(temporary, to: path(of: id))
        } catch {
            QuizDisk.removeTree(temporary)
            throw error
        }
    }

    /// A new id, in use by no quiz; refused when the library is full.
    private func newID(_ generator: inout SystemRandomNumberGenerator) throws(QuizStoreError) -> QuizID {
        let ids = Set(try storedIDs())
        guard ids.count < limits.quizzes else { throw .tooManyQuizzes(limit: limits.quizzes) }
        while true {
            let id = QuizID.random(using: &generator)
            if !ids.contains(id), !readOnlyQuizzes.contains(where: { $0.id == id }) { return id }
        }
    }

    /// Refuses a quiz of `bytes` (in place of one of `replacing` bytes) that would pass the
    /// limit of a quiz, or, growing, the limit of the whole library.
    func checkRoom(for bytes: Int, replacing old: Int = 0) throws(QuizStoreError) {
        guard bytes <= limits.bytesPerQuiz else { throw .quizTooLarge(bytes: bytes, limit: limits.bytesPerQuiz) }
        guard bytes > old else { return }
        let total = try totalSize() - old + bytes
        guard total <= limits.bytesInAll else { throw .libraryFull(bytes: total, limit: limits.bytesInAll) }
    }

    func summary(_ id: QuizID, _ envelope: QuizEnvelope) -> QuizSummary {
        QuizSummary(
            id: id, title: envelope.title, revision: envelope.revision, bytes: size(of: id),
            modified: envelope.modified, readOnly: false, problem: nil)
    }
}
