/// A question as asked in one game: answers shuffled, the correct ones' new indexes kept here
/// on the host.
public struct DealtQuestion: Hashable, Sendable {
    /// The bank's question (its `correct` refers to the bank's order).
    public var source: TriviaQuestion
    /// The answers in the order players see them.
    public var answers: [String]
    /// Indexes into ``answers`` of the correct ones, ascending.
    public var correct: [Int]

    /// The question text.
    public var text: String { source.text }
    /// Whether the answer at `index` (in the players' order) is a correct one.
    public func isCorrect(_ index: Int) -> Bool { correct.contains(index) }
    /// The correct answers' texts, in the players' order.
    public var correctAnswers: [String] { correct.map { answers[$0] } }
    /// The correct answers as a line: `2) Mercury`, or `1) Mars / 3) Venus`.
    public var correctLine: String { correct.map { "\($0 + 1)) \(answers[$0])" }.joined(separator: " / ") }
}

/// Draws a game's questions from a bank: at random (or in the bank's order), without repeats,
/// each question's answers shuffled (or as the bank lists them).
public enum Deck {
    /// How many questions a game of `count` asks from `bank` (all of them for nil).
    public static func count(_ count: Int?, of bank: QuestionBank) -> Int { min(count ?? bank.questions.count, bank.questions.count) }

    /// `count` questions (all of them when nil or larger than the bank); `shuffleQuestions`:
    /// drawn at random, else the first `count` in order; `shuffleAnswers`: each question's
    /// answers in a random order, else the bank's.
    public static func deal(
        _ count: Int?, from bank: QuestionBank, shuffleQuestions: Bool = true, shuffleAnswers: Bool = true,
        using rng: inout some RandomNumberGenerator
    ) -> [DealtQuestion] {
        let wanted = Self.count(count, of: bank)
        let drawn = shuffleQuestions ? bank.questions.shuffled(using: &rng) : bank.questions
        return drawn.prefix(wanted).map { question in
            let order = shuffleAnswers ? question.answers.indices.shuffled(using: &rng) : Array(question.answers.indices)
            return DealtQuestion(
                source: question, answers: order.map { question.answers[$0] },
                correct: order.indices.filter { question.isCorrect(order[$0]) })
        }
    }
}
