import Crypto
import Logging

extension QuizStore {
    /// Adds a picture to the quiz `id`, named by the SHA-256 of its bytes: checked by
    /// ``PictureCheck`` (the kind comes from the bytes alone), stored once however often it is
    /// added. The quiz's document refers to it by ``StoredPicture/hash``; a picture that no save
    /// takes into a quiz is removed when the store next opens.
    /// - Throws: ``QuizStoreError/notAPicture(_:)``, ``QuizStoreError/readOnly(_:title:)``,
    ///   ``QuizStoreError/notFound(_:)``, ``QuizStoreError/unreadable(_:problem:)``, a size limit.
    public func addPicture(to id: QuizID, bytes: [UInt8]) throws(QuizStoreError) -> StoredPicture {
        try requireEditable(id)
        let info: PictureInfo
        do { info = try PictureCheck.inspect(bytes) } catch { throw .notAPicture(error) }
        let hash = PictureHash(digest: SHA256.hash(data: bytes))
        let picture = StoredPicture(hash: hash, info: info, bytes: bytes.count)
        return try lock.withLock { _ throws(QuizStoreError) in
            _ = try envelope(of: id)
            if pictureFiles(of: id)[hash] != nil { return picture }
            let size = size(of: id)
            try checkRoom(for: size + bytes.count, replacing: size)
            try QuizDisk.makeFolder(picturesPath(of: id))
            try QuizDisk.write(picturesPath(of: id) + "/" + hash.hex + "." + info.format.fileExtension, bytes)
            logger.info("picture added", metadata: ["quiz": "\(id)", "format": "\(info.format)", "bytes": "\(bytes.count)"])
            return picture
        }
    }

    /// The picture `hash` of the quiz `id`, to serve as its ``PictureFile/mediaType`` (read from
    /// its bytes again).
    /// - Throws: ``QuizStoreError/pictureNotFound(_:_:)``, ``QuizStoreError/notFound(_:)``.
    public func picture(_ id: QuizID, hash: PictureHash) throws(QuizStoreError) -> PictureFile {
        if readOnlyQuizzes.contains(where: { $0.id == id }) { throw .pictureNotFound(id, hash) }
        return try lock.withLock { _ throws(QuizStoreError) in
            guard QuizDisk.isFolder(path(of: id)) else { throw .notFound(id) }
            guard let file = pictureFiles(of: id)[hash] else { throw .pictureNotFound(id, hash) }
            let path = picturesPath(of: id) + "/" + file.name
            let bytes = try QuizDisk.read(path, limit: PictureCheck.maxBytes)
            do { return PictureFile(bytes: bytes, format: try PictureCheck.inspect(bytes).format) } catch {
                throw .fileSystem(path: path, reason: "the stored picture is damaged: \(error)")
            }
        }
    }
}
