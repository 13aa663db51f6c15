import FoundationEssentials
import Matchmaking

/// A problem in one entry of a bank, before the entry's number is known.
struct EntryProblem: Error {
    var question: String?
    var problem: String
}

extension QuestionBank {
    /// Reads one entry of the `questions` array.
    static func question(from entry: JSONValue) throws(EntryProblem) -> TriviaQuestion {
        guard case .object(let fields) = entry else { throw EntryProblem(problem: "expected an object") }
        guard case .string(let rawText)? = fields["question"] else {
            throw EntryProblem(problem: fields["question"] == nil ? "missing \"question\"" : "\"question\" must be a string")
        }
        let text = rawText.trimmingWhitespaceAndNewlines()
        func fail(_ problem: String) -> EntryProblem { EntryProblem(question: text, problem: problem) }
        guard let answersValue = fields["answers"] else { throw fail("missing \"answers\"") }
        guard case .array(let answerValues) = answersValue else { throw fail("\"answers\" must be an array") }
        var answers: [String] = []
        var correct: [Int] = []
        for (index, value) in answerValues.enumerated() {
            guard case .object(let answer) = value else { throw fail("answer \(index + 1): expected an object with \"text\"") }
            guard case .string(let answerText)? = answer["text"] else { throw fail("answer \(index + 1): missing \"text\" string") }
            switch answer["correct"] {
            case nil, .bool(false)?: break
            case .bool(true)?: correct.append(index)
            default: throw fail("answer \(index + 1): \"correct\" must be true or false")
            }
            answers.append(answerText.trimmingWhitespaceAndNewlines())
        }
        guard !correct.isEmpty || answers.count < 2 else { throw fail("no answer is marked correct") }
        guard correct.count <= 1 else {
            throw fail("answers \(correct.map { String($0 + 1) }.joined(separator: " and ")) are both marked correct; mark exactly one")
        }
        var category: String?
        switch fields["category"] {
        case nil, .null?: break
        case .string(let value)?: category = value.trimmingWhitespaceAndNewlines()
        default: throw fail("\"category\" must be a string")
        }
        var timeLimit: Double?
        switch fields["timeLimit"] {
        case nil, .null?: break
        case .integer(let value)?: timeLimit = Double(value)
        case .number(let value)?: timeLimit = value
        default: throw fail("\"timeLimit\" must be a number of seconds")
        }
        let question = TriviaQuestion(text: text, answers: answers, correctIndex: correct.first ?? 0, category: category, timeLimit: timeLimit)
        try check(question)
        return question
    }

    /// The rules every question obeys.
    static func check(_ question: TriviaQuestion) throws(EntryProblem) {
        func fail(_ problem: String) -> EntryProblem { EntryProblem(question: question.text, problem: problem) }
        guard !question.text.isEmpty else { throw fail("the question text is empty") }
        guard question.text.count <= maxQuestionLength else { throw fail("the question is longer than \(maxQuestionLength) characters") }
        guard question.answers.count >= 2 else {
            throw fail(question.answers.count == 1 ? "only one answer; a question needs 2 to \(maxAnswers)" : "no answers; a question needs 2 to \(maxAnswers)")
        }
        guard question.answers.count <= maxAnswers else {
            throw fail("\(question.answers.count) answers; at most \(maxAnswers) (players answer with one key, 1-9)")
        }
        for (index, answer) in question.answers.enumerated() {
            guard !answer.isEmpty else { throw fail("answer \(index + 1) is empty") }
            guard answer.count <= maxAnswerLength else { throw fail("answer \(index + 1) is longer than \(maxAnswerLength) characters") }
            if let earlier = question.answers[..<index].firstIndex(where: { $0.lowercased() == answer.lowercased() }) {
                throw fail("answers \(earlier + 1) and \(index + 1) are the same")
            }
        }
        guard question.answers.indices.contains(question.correctIndex) else { throw fail("no answer is marked correct") }
        if let category = question.category {
            guard !category.isEmpty, category.count <= maxCategoryLength else {
                throw fail("\"category\" must be 1-\(maxCategoryLength) characters")
            }
        }
        if let timeLimit = question.timeLimit, !timeLimits.contains(timeLimit) {
            throw fail("\"timeLimit\" \(timeLimit) is outside \(Int(timeLimits.lowerBound))-\(Int(timeLimits.upperBound)) seconds")
        }
    }
}
