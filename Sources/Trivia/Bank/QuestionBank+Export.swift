import FoundationEssentials

extension QuestionBank {
    /// The bank in snap-host's JSON (docs/TRIVIA.md), as ``parse(_:source:)`` reads it back:
    /// `{"questions":[{"question":…,"answers":[{"text":…,"correct":true},…],…}]}`, keys sorted,
    /// a standard question's `points` left out.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(File(questions: questions.map(Entry.init)))
    }

    private struct File: Encodable {
        var questions: [Entry]
    }

    private struct Entry: Encodable {
        var question: String
        var answers: [Answer]
        var category: String?
        var timeLimit: Double?
        var points: QuestionPoints?

        init(_ question: TriviaQuestion) {
            self.question = question.text
            answers = question.answers.indices.map { Answer(text: question.answers[$0], correct: question.isCorrect($0) ? true : nil) }
            category = question.category
            timeLimit = question.timeLimit
            points = question.points == .standard ? nil : question.points
        }
    }

    private struct Answer: Encodable {
        var text: String
        var correct: Bool?
    }
}
