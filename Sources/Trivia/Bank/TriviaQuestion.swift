/// One question of a bank, validated: non-empty text, 2-9 distinct answers (a player answers
/// with one key, 1-9), one or more of them correct.
public struct TriviaQuestion: Hashable, Sendable {
    /// The question as players read it.
    public var text: String
    /// The answers in the order the bank lists them.
    public var answers: [String]
    /// Indexes into ``answers`` of the correct ones, ascending (at least one; any of them
    /// scores). Never leaves the host before the question closes.
    public var correct: [Int]
    /// A category shown with the question, e.g. "Science".
    public var category: String?
    /// This question's own time limit in seconds; the host's `--question-time` overrides it.
    public var timeLimit: Double?
    /// What a right answer to it is worth.
    public var points: QuestionPoints
    /// Its picture in the quiz library: the SHA-256 of the picture's bytes (64 hex digits).
    public var picture: String?

    /// Creates a question; call ``QuestionBank/validate(_:)`` (through a bank) to check it.
    public init(
        text: String, answers: [String], correct: [Int], category: String? = nil, timeLimit: Double? = nil, points: QuestionPoints = .standard,
        picture: String? = nil
    ) {
        self.picture = picture
        self.text = text
        self.answers = answers
        self.correct = correct
        self.category = category
        self.timeLimit = timeLimit
        self.points = points
    }

    /// A question with one correct answer.
    public init(
        text: String, answers: [String], correctIndex: Int, category: String? = nil, timeLimit: Double? = nil, points: QuestionPoints = .standard,
        picture: String? = nil
    ) {
        self.init(text: text, answers: answers, correct: [correctIndex], category: category, timeLimit: timeLimit, points: points, picture: picture)
    }

    /// Whether the answer at `index` is a correct one.
    public func isCorrect(_ index: Int) -> Bool { correct.contains(index) }

    /// The correct answers' texts, in the bank's order.
    public var correctAnswers: [String] { correct.filter(answers.indices.contains).map { answers[$0] } }
}

/// What a right answer to a question is worth (Kahoot's "points": standard, double, none).
public enum QuestionPoints: String, Hashable, Sendable, Codable, CaseIterable {
    /// One point.
    case standard
    /// Two points.
    case double
    /// None: a question for fun, or a warm-up.
    case none

    /// The points a right answer scores.
    public var value: Int {
        switch self {
        case .standard: 1
        case .double: 2
        case .none: 0
        }
    }
}
