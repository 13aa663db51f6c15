import FoundationEssentials

/// One line of the library's list: what the host page shows of a quiz.
public struct QuizSummary: Sendable, Hashable {
    /// Its id.
    public var id: QuizID
    /// Its title (empty when it is ``problem``'s unreadable one).
    public var title: String
    /// Its revision: 1 when created, one more for each save (0 when unreadable; a read-only
    /// quiz's is always 1).
    public var revision: Int
    /// Its size in bytes: `quiz.json` and the pictures (a read-only quiz's: its document's).
    public var bytes: Int
    /// When it was last saved (nil for a read-only or unreadable one).
    public var modified: Date?
    /// Whether it is read-only (the built-in bank, a `--questions` file).
    public var readOnly: Bool
    /// Why it cannot be read, when it cannot (its `quiz.json` damaged or missing); nil otherwise.
    public var problem: String?
}

/// A quiz as ``QuizStore/load(_:)`` reads it.
public struct StoredQuiz: Sendable, Hashable {
    /// Its id.
    public var id: QuizID
    /// Its title.
    public var title: String
    /// Its revision: what a save or delete of it is based on.
    public var revision: Int
    /// The document as the caller saved it (JSON, UTF-8).
    public var document: [UInt8]
    /// The pictures the document uses, in hash order.
    public var pictures: [PictureHash]
    /// When it was last saved (nil for a read-only one).
    public var modified: Date?
    /// Whether it is read-only.
    public var readOnly: Bool
}

/// A picture ``QuizStore/addPicture(to:bytes:)`` took (or already had).
public struct StoredPicture: Sendable, Hashable {
    /// Its name: the SHA-256 of its bytes.
    public var hash: PictureHash
    /// Its kind and size in pixels.
    public var info: PictureInfo
    /// Its size in bytes.
    public var bytes: Int
}

/// A picture's bytes, to serve: always as ``mediaType``, the type its bytes are.
public struct PictureFile: Sendable, Hashable {
    /// The picture's bytes.
    public var bytes: [UInt8]
    /// Its kind, read from the bytes.
    public var format: PictureFormat
    /// `image/png`, `image/jpeg`, `image/webp` or `image/gif`.
    public var mediaType: String { format.mediaType }
}

/// A quiz the library lists but never changes: the built-in trivia bank, a `serve --questions`
/// file. Its document is the caller's; it has no pictures.
public struct ReadOnlyQuiz: Sendable, Hashable {
    /// Its id (`built-in`, `questions`).
    public var id: QuizID
    /// Its title.
    public var title: String
    /// Its document (the same format the editable quizzes hold).
    public var document: [UInt8]

    /// A read-only quiz.
    public init(id: QuizID, title: String, document: [UInt8]) {
        self.id = id
        self.title = title
        self.document = document
    }
}
