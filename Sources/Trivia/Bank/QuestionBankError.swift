import FoundationEssentials

/// Why a question bank cannot be used. The description names the file, the entry and the problem,
/// e.g. `quiz.json: entry 3 ("What is the capital of…"): no answer is marked correct`.
public struct QuestionBankError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the bank came from: a file path, or `embedded bank`.
    public var source: String
    /// The 1-based entry in the `questions` array, when the problem is in one entry.
    public var entry: Int?
    /// The start of that entry's question text, when it has one.
    public var question: String?
    /// What is wrong, for a person.
    public var problem: String

    /// Creates an error.
    public init(source: String, entry: Int? = nil, question: String? = nil, problem: String) {
        self.source = source
        self.entry = entry
        self.question = question
        self.problem = problem
    }

    public var description: String {
        var text = source + ": "
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
