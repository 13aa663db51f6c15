/// One question of a bank, validated: non-empty text, 2-9 distinct answers (a player answers
/// with one key, 1-9), exactly one of them correct.
public struct TriviaQuestion: Hashable, Sendable {
    /// The question as players read it.
    public var text: String
    /// The answers in the order the bank lists them.
    public var answers: [String]
    /// Index into ``answers`` of the correct one. Never leaves the host.
    public var correctIndex: Int
    /// A category shown with the question, e.g. "Science".
    public var category: String?
    /// This question's own time limit in seconds; the host's `--question-time` overrides it.
    public var timeLimit: Double?

    /// Creates a question; call ``QuestionBank/validate(_:)`` (through a bank) to check it.
    public init(text: String, answers: [String], correctIndex: Int, category: String? = nil, timeLimit: Double? = nil) {
        self.text = text
        self.answers = answers
        self.correctIndex = correctIndex
        self.category = category
        self.timeLimit = timeLimit
    }

    /// The correct answer's text.
    public var correctAnswer: String { answers[correctIndex] }
}
