/// The part of a question a rule is about, so that each format can point at it in its file.
enum QuestionPart: Hashable {
    case text
    /// The answers as a whole (too few of them).
    case answers
    /// One answer, 0-based.
    case answer(Int)
    case category
    case timeLimit
}

/// A broken rule in one question, before it is placed in a file.
struct EntryProblem: Error {
    var part: QuestionPart
    var problem: String
}

/// A question read from a file, with where it and its parts are.
struct LocatedQuestion {
    var question: TriviaQuestion
    /// The 1-based entry of a JSON bank's array; nil for a CSV row.
    var entry: Int?
    /// Where the entry (or the row) starts; nil for a bank built in code.
    var position: SourcePosition?
    /// Where its parts are, as far as the format knows.
    var parts: [QuestionPart: SourcePosition] = [:]

    /// How the bank's other questions refer to this one: `entry 3`, or `line 14` in a CSV bank.
    var name: String {
        if let entry { return "entry \(entry)" }
        return "line \(position?.line ?? 0)"
    }

    /// The problem placed at its part (or, failing that, at the entry).
    func placing(_ problem: EntryProblem) -> BankProblem {
        var at = parts[problem.part]
        if at == nil, case .answer = problem.part { at = parts[.answers] }
        return BankProblem(problem.problem, at: at ?? position, entry: entry, question: question.text)
    }
}

/// Collects a file's questions in order, each checked against the rules and the questions before
/// it, so that the first problem in the file is the one reported.
struct BankBuilder {
    let source: String
    private(set) var questions: [TriviaQuestion] = []
    /// The name of the first question of each text, lowercased.
    private var firstOf: [String: String] = [:]

    init(source: String) { self.source = source }

    mutating func add(_ located: LocatedQuestion) throws(BankProblem) {
        do throws(EntryProblem) {
            try QuestionBank.check(located.question)
        } catch {
            throw located.placing(error)
        }
        let key = located.question.text.lowercased()
        if let first = firstOf[key] { throw located.placing(EntryProblem(part: .text, problem: "the same question as \(first)")) }
        firstOf[key] = located.name
        questions.append(located.question)
    }

    /// The bank; without questions, an error at `emptyAt`.
    func bank(emptyAt: SourcePosition?) throws(BankProblem) -> QuestionBank {
        guard !questions.isEmpty else { throw BankProblem("the bank has no questions", at: emptyAt) }
        return QuestionBank(checked: questions, source: source)
    }
}

extension QuestionBank {
    /// The rules every question obeys, whatever its format.
    static func check(_ question: TriviaQuestion) throws(EntryProblem) {
        guard !question.text.isEmpty else { throw EntryProblem(part: .text, problem: "the question text is empty") }
        guard question.text.count <= maxQuestionLength else {
            throw EntryProblem(part: .text, problem: "the question is longer than \(maxQuestionLength) characters")
        }
        guard question.answers.count >= 2 else {
            throw EntryProblem(
                part: .answers,
                problem: question.answers.count == 1 ? "only one answer; a question needs 2 to \(maxAnswers)" : "no answers; a question needs 2 to \(maxAnswers)")
        }
        guard question.answers.count <= maxAnswers else {
            throw EntryProblem(
                part: .answer(maxAnswers), problem: "\(question.answers.count) answers; at most \(maxAnswers) (players answer with one key, 1-9)")
        }
        for (index, answer) in question.answers.enumerated() {
            guard !answer.isEmpty else { throw EntryProblem(part: .answer(index), problem: "answer \(index + 1) is empty") }
            guard answer.count <= maxAnswerLength else {
                throw EntryProblem(part: .answer(index), problem: "answer \(index + 1) is longer than \(maxAnswerLength) characters")
            }
            if let earlier = question.answers[..<index].firstIndex(where: { $0.lowercased() == answer.lowercased() }) {
                throw EntryProblem(part: .answer(index), problem: "answers \(earlier + 1) and \(index + 1) are the same")
            }
        }
        guard !question.correct.isEmpty else { throw EntryProblem(part: .answers, problem: "no answer is marked correct") }
        guard question.correct.allSatisfy(question.answers.indices.contains), question.correct == Array(Set(question.correct)).sorted() else {
            throw EntryProblem(part: .answers, problem: "the correct answers must be answers of the question, each named once")
        }
        if let category = question.category {
            guard !category.isEmpty, category.count <= maxCategoryLength else {
                throw EntryProblem(part: .category, problem: "\"category\" must be 1-\(maxCategoryLength) characters")
            }
        }
        if let timeLimit = question.timeLimit, !timeLimits.contains(timeLimit) {
            throw EntryProblem(
                part: .timeLimit,
                problem: "\"timeLimit\" \(timeLimit) is outside \(Int(timeLimits.lowerBound))-\(Int(timeLimits.upperBound)) seconds")
        }
    }
}
