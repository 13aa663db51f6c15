import FoundationEssentials
import GameRuntime

/// A validated set of questions, loaded from a file in one of three formats (docs/TRIVIA.md):
/// snap-host's JSON,
///
/// ```json
/// {"questions": [
///   {"question": "Which planet is known as the Red Planet?",
///    "answers": [{"text": "Mars", "correct": true}, {"text": "Venus"}, {"text": "Jupiter"}],
///    "category": "Science", "timeLimit": 15}
/// ]}
/// ```
///
/// CSV (`question,correct,wrong,wrong,category`), and Open Trivia DB's JSON.
///
/// Loading checks every question and stops at the first problem, naming the file, the line and
/// the column.
public struct QuestionBank: Hashable, Sendable {
    /// The questions, in the order of the file.
    public let questions: [TriviaQuestion]
    /// Where they came from: a path, or `embedded bank`; after ``only(categories:)``, followed
    /// by the categories (`quiz.csv: Music, Film`).
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

    /// Wraps questions built in code, checking them (``validate()``).
    public init(questions: [TriviaQuestion], source: String) throws(QuestionBankError) {
        self.questions = questions
        self.source = source
        try validate()
    }

    /// Wraps questions a ``BankBuilder`` checked.
    init(checked questions: [TriviaQuestion], source: String) {
        self.questions = questions
        self.source = source
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
            throw QuestionBankError(source: path, problem: "cannot read the file (\(POSIX.describe(error)))")
        }
        return try parse(data, source: path)
    }

    /// Parses and validates a bank's bytes; `source` names it in errors and picks the format: a
    /// name ending in `.csv` is CSV, `.json` JSON; otherwise a text starting with `{` or `[` is
    /// JSON, anything else CSV. JSON with a `results` array is Open Trivia DB's format.
    public static func parse(_ data: Data, source: String) throws(QuestionBankError) -> QuestionBank {
        if isXLSX(source: source, data: data) { return try fromXLSX(Array(data), source: source) }
        do throws(BankProblem) {
            let text = try BankText(utf8: data)
            return isCSV(source: source, text: text) ? try fromCSV(text, source: source) : try fromJSON(text, source: source)
        } catch {
            throw error.error(in: source)
        }
    }

    /// An `.xlsx` by its name, or a zip file by its first bytes (`PK\u{3}\u{4}`).
    private static func isXLSX(source: String, data: Data) -> Bool {
        source.lowercased().hasSuffix(".xlsx") || data.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    private static func isCSV(source: String, text: BankText) -> Bool {
        let name = source.split(separator: "/").last ?? ""
        if let dot = name.lastIndex(of: ".") {
            switch name[name.index(after: dot)...].lowercased() {
            case "csv": return true
            case "json": return false
            default: break
            }
        }
        let first = text.scalars.first { !$0.properties.isWhitespace }
        return first != "{" && first != "["
    }

    /// Checks every rule of the format on questions built in code.
    public func validate() throws(QuestionBankError) {
        var builder = BankBuilder(source: source)
        do throws(BankProblem) {
            for (offset, question) in questions.enumerated() {
                try builder.add(LocatedQuestion(question: question, entry: offset + 1))
            }
            _ = try builder.bank(emptyAt: nil)
        } catch {
            throw error.error(in: source)
        }
    }
}
