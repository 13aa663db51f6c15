import FoundationEssentials
import Glibc
import Matchmaking

/// A validated set of questions, loaded from JSON (see docs/TRIVIA.md for the format):
///
/// ```json
/// {"questions": [
///   {"question": "Which planet is known as the Red Planet?",
///    "answers": [{"text": "Mars", "correct": true}, {"text": "Venus"}, {"text": "Jupiter"}],
///    "category": "Science", "timeLimit": 15}
/// ]}
/// ```
///
/// Loading checks every entry and stops at the first problem, naming the file and the entry.
public struct QuestionBank: Hashable, Sendable {
    /// The questions, in the order of the file.
    public let questions: [TriviaQuestion]
    /// Where they came from (a path, or `embedded bank`).
    public let source: String

    /// Most answers a question may have: a player answers with one key, 1-9.
    public static let maxAnswers = 9
    /// Longest question text, in characters.
    public static let maxQuestionLength = 500
    /// Longest answer text, in characters.
    public static let maxAnswerLength = 200
    /// Longest category, in characters.
    public static let maxCategoryLength = 40
    /// Allowed per-question time limits, in seconds.
    public static let timeLimits: ClosedRange<Double> = 1...600

    /// Wraps questions that are already valid (``validate(_:)`` checks them).
    public init(questions: [TriviaQuestion], source: String) throws(QuestionBankError) {
        self.questions = questions
        self.source = source
        try validate()
    }

    /// The bank built into snap-host, so `serve --game trivia` works without a file.
    public static func embedded() -> QuestionBank {
        do {
            return try parse(Data(EmbeddedQuestions.json.utf8), source: "embedded bank")
        } catch {
            preconditionFailure("the embedded question bank is invalid: \(error)")
        }
    }

    /// Loads and validates a bank file.
    public static func load(path: String) throws(QuestionBankError) -> QuestionBank {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw QuestionBankError(source: path, problem: "cannot read the file (\(Self.reason(error)))")
        }
        return try parse(data, source: path)
    }

    /// Parses and validates JSON text; `source` names it in errors.
    public static func parse(_ data: Data, source: String) throws(QuestionBankError) -> QuestionBank {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw QuestionBankError(source: source, problem: "not valid JSON (\(Self.reason(error)))")
        }
        guard case .object(let top) = root, let list = top["questions"] else {
            throw QuestionBankError(source: source, problem: "expected an object with a \"questions\" array at the top level")
        }
        guard case .array(let entries) = list else {
            throw QuestionBankError(source: source, problem: "\"questions\" must be an array")
        }
        var questions: [TriviaQuestion] = []
        for (offset, entry) in entries.enumerated() {
            do throws(EntryProblem) {
                questions.append(try Self.question(from: entry))
            } catch {
                throw QuestionBankError(source: source, entry: offset + 1, question: error.question, problem: error.problem)
            }
        }
        return try QuestionBank(questions: questions, source: source)
    }

    /// Checks every rule of the format on questions built in code.
    public func validate() throws(QuestionBankError) {
        guard !questions.isEmpty else { throw QuestionBankError(source: source, problem: "the bank has no questions") }
        var seen: [String: Int] = [:]
        for (offset, question) in questions.enumerated() {
            do throws(EntryProblem) {
                try Self.check(question)
            } catch {
                throw QuestionBankError(source: source, entry: offset + 1, question: question.text, problem: error.problem)
            }
            let key = question.text.lowercased()
            if let first = seen[key] {
                throw QuestionBankError(
                    source: source, entry: offset + 1, question: question.text, problem: "the same question as entry \(first)")
            }
            seen[key] = offset + 1
        }
    }

    private static func reason(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            let underlying = context.underlyingError.map { " \($0)" } ?? ""
            return context.debugDescription + underlying
        }
        // A file that cannot be read: the system's words for it ("No such file or directory").
        if let posix = (error as? CocoaError)?.underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return "\(error)"
    }
}
