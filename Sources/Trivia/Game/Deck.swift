/// A question as asked in one game: answers shuffled, the correct one's new index kept here on
/// the host.
public struct DealtQuestion: Hashable, Sendable {
    /// The bank's question (its `correctIndex` refers to the bank's order).
    public var source: TriviaQuestion
    /// The answers in the order players see them.
    public var answers: [String]
    /// Index into ``answers`` of the correct one.
    public var correctIndex: Int

    /// The question text.
    public var text: String { source.text }
    /// The correct answer's text.
    public var correctAnswer: String { answers[correctIndex] }
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
                correctIndex: order.firstIndex(of: question.correctIndex)!)
        }
    }
}
