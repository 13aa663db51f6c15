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

/// Draws a game's questions from a bank: at random, without repeats, each question's answers
/// shuffled.
public enum Deck {
    /// `count` questions (all of them when nil or larger than the bank).
    public static func deal(_ count: Int?, from bank: QuestionBank, using rng: inout some RandomNumberGenerator) -> [DealtQuestion] {
        let wanted = min(count ?? bank.questions.count, bank.questions.count)
        return bank.questions.shuffled(using: &rng).prefix(wanted).map { question in
            let order = question.answers.indices.shuffled(using: &rng)
            return DealtQuestion(
                source: question, answers: order.map { question.answers[$0] },
                correct: order.indices.filter { question.isCorrect(order[$0]) })
        }
    }
}
