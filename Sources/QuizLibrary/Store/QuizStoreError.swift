import Vocabulary

/// Why the quiz library refused or failed. Each says what was wrong and what is allowed, in words
/// for the host page.
public enum QuizStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An id that is not 1 to 32 letters, digits, `-` or `_` (it never reaches the disk).
    case invalidID(String)
    /// No quiz has this id.
    case notFound(QuizID)
    /// The quiz is read-only (the built-in bank, a `--questions` file): it cannot be saved,
    /// deleted or given pictures; ``QuizStore/copy(_:title:)`` makes an editable copy.
    case readOnly(QuizID, title: String)
    /// The quiz was saved or deleted by someone else since the revision the caller read:
    /// `current` is the revision now stored.
    case changedElsewhere(current: Int)
    /// A title that is empty, too long, or holds control characters.
    case invalidTitle(problem: String)
    /// A document that is not one JSON value in UTF-8.
    case invalidDocument(problem: String)
    /// A picture hash that is not 64 lower-case hex digits.
    case invalidPictureHash(String)
    /// The document uses a picture that was never added to the quiz (or was removed).
    case missingPicture(PictureHash)
    /// The quiz has no picture with this hash.
    case pictureNotFound(QuizID, PictureHash)
    /// The bytes given as a picture are not one a quiz may hold.
    case notAPicture(PictureError)
    /// The quiz would be `bytes` long, more than `limit` (``QuizLimits/bytesPerQuiz``).
    case quizTooLarge(bytes: Int, limit: Int)
    /// All quizzes together would be `bytes` long, more than `limit` (``QuizLimits/bytesInAll``).
    case libraryFull(bytes: Int, limit: Int)
    /// The library holds `limit` quizzes already (``QuizLimits/quizzes``).
    case tooManyQuizzes(limit: Int)
    /// The quiz's `quiz.json` cannot be read as one: `problem` says why. It is listed with the
    /// problem; it can only be deleted.
    case unreadable(QuizID, problem: String)
    /// The file system refused: `path` and the system's words.
    case fileSystem(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidID(let text):
            "“\(text.prefix(40))” is not a quiz id: an id is 1 to \(QuizID.maxLength) letters, digits, '-' or '_'"
        case .notFound(let id):
            "there is no quiz \(id) (it may have been deleted elsewhere): reload the list"
        case .readOnly(_, let title):
            "the quiz “\(title)” cannot be changed; save a copy and change that"
        case .changedElsewhere(let current):
            current == 0
                ? "the quiz was deleted elsewhere since you opened it: reload the list"
                : "the quiz was changed elsewhere since you opened it (it is now at revision \(current)): reload it and make your changes again"
        case .invalidTitle(let problem):
            "the title \(problem)"
        case .invalidDocument(let problem):
            "the quiz is not JSON: \(problem)"
        case .invalidPictureHash(let text):
            "“\(text.prefix(70))” is not a picture's name: a picture is named by 64 hex digits (its SHA-256)"
        case .missingPicture(let hash):
            "the quiz uses picture \(hash.hex.prefix(12))…, which is not in it: add the picture again"
        case .pictureNotFound(let id, let hash):
            "the quiz \(id) has no picture \(hash.hex.prefix(12))…"
        case .notAPicture(let error):
            error.description
        case .quizTooLarge(let bytes, let limit):
            "the quiz would be \(ByteCount.text(bytes, roundingUp: true)); a quiz may be at most \(ByteCount.text(limit)), pictures included"
        case .libraryFull(let bytes, let limit):
            "the quiz library would hold \(ByteCount.text(bytes, roundingUp: true)); it may hold at most \(ByteCount.text(limit)) in all: delete a quiz first"
        case .tooManyQuizzes(let limit):
            "the quiz library holds \(limit) quizzes, the most it may: delete one first"
        case .unreadable(let id, let problem):
            "the quiz \(id) cannot be read (\(problem)); it can only be deleted"
        case .fileSystem(let path, let reason):
            "cannot store the quiz: \(path): \(reason)"
        }
    }

    /// The problem of an ``unreadable(_:problem:)`` quiz; nil for any other error.
    var unreadableProblem: String? {
        guard case .unreadable(_, let problem) = self else { return nil }
        return problem
    }

    /// A file system error from ``DurableFile``.
    init(_ error: DurableFileError) { self = .fileSystem(path: error.path, reason: error.reason) }
}
