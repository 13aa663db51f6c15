import FoundationEssentials
import Vocabulary

extension QuizStore {
    /// `title` trimmed, when it is 1 to ``QuizLimits/titleLength`` characters on one line.
    func checkedTitle(_ title: String) throws(QuizStoreError) -> String {
        let trimmed = title.trimmingWhitespaceAndNewlines()
        guard !trimmed.isEmpty else { throw .invalidTitle(problem: "is empty: give the quiz a title") }
        guard trimmed.count <= limits.titleLength else {
            throw .invalidTitle(problem: "is \(trimmed.count) characters; a title may have at most \(limits.titleLength)")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidTitle(problem: "holds a line break, tab or other control character: a title is one line of text")
        }
        return trimmed
    }

    /// `document` when it is one JSON value in UTF-8 (re-encoded when only a lenient reader
    /// takes it, as ``RawJSON/init(parsing:)`` does), and not over the limit of a quiz.
    func checkedDocument(_ document: [UInt8]) throws(QuizStoreError) -> [UInt8] {
        guard document.count <= limits.bytesPerQuiz else { throw .quizTooLarge(bytes: document.count, limit: limits.bytesPerQuiz) }
        do { return Array(try RawJSON(parsing: Data(document)).bytes) } catch {
            let detail = if case .dataCorrupted(let context) = error as? DecodingError { context.debugDescription } else { "\(error)" }
            throw .invalidDocument(problem: document.isEmpty ? "it is empty" : detail)
        }
    }
}
