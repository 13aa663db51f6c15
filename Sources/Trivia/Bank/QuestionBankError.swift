import Vocabulary

/// Why a question bank cannot be used. The description names the file, the line and column, the
/// entry and the problem, the way compilers do, e.g.
/// `quiz.json:12:5: entry 3 ("What is the capital of…"): no answer is marked correct` or
/// `questions.csv:14:9: row has 2 fields; a question needs a question, a correct answer and at
/// least one wrong answer`.
public struct QuestionBankError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the bank came from: a file path, or `embedded bank`.
    public var source: String
    /// Where in the file the problem is; nil for a file that cannot be read and for banks built
    /// in code.
    public var position: SourcePosition?
    /// Where in a spreadsheet the problem is (`Sheet1!C9`), for a file without lines.
    public var cell: String?
    /// The 1-based entry of a JSON bank's `questions` (or Open Trivia DB's `results`) array, when
    /// the problem is in one entry.
    public var entry: Int?
    /// The start of that entry's question text, when it has one.
    public var question: String?
    /// What is wrong, for a person.
    public var problem: String

    /// Creates an error.
    public init(
        source: String, position: SourcePosition? = nil, cell: String? = nil, entry: Int? = nil, question: String? = nil, problem: String
    ) {
        self.source = source
        self.position = position
        self.cell = cell
        self.entry = entry
        self.question = question
        self.problem = problem
    }

    public var description: String {
        var text = source
        if let position { text += ":\(position)" } else if let cell { text += ":\(cell)" }
        text += ": "
        if let entry {
            text += "entry \(entry)"
            if let question, !question.isEmpty {
                let excerpt = question.count > 40 ? question.prefix(40).trimmingSpacesAndTabs() + "…" : question
                text += " (\"\(excerpt)\")"
            }
            text += ": "
        }
        return text + problem
    }
}

/// A problem found while reading a bank, before the source is attached.
struct BankProblem: Error {
    var position: SourcePosition?
    /// A spreadsheet's cell (`Sheet1!C9`), where there are no lines.
    var cell: String?
    var entry: Int?
    var question: String?
    var problem: String

    init(_ problem: String, at position: SourcePosition?, cell: String? = nil, entry: Int? = nil, question: String? = nil) {
        self.position = position
        self.cell = cell
        self.entry = entry
        self.question = question
        self.problem = problem
    }

    /// The public error, naming `source`.
    func error(in source: String) -> QuestionBankError {
        QuestionBankError(source: source, position: position, cell: cell, entry: entry, question: question, problem: problem)
    }
}
