import Vocabulary

extension QuestionBank {
    /// A JSON bank: snap-host's own format (an object with `questions`), or Open Trivia DB's (an
    /// object with `results`).
    static func fromJSON(_ text: BankText, source: String) throws(BankProblem) -> QuestionBank {
        let root = try LocatedJSON.parse(text)
        guard case .object(let top) = root.value, let list = top["questions"] ?? top["results"] else {
            throw BankProblem(
                "expected an object with a \"questions\" array (snap-host's format) or a \"results\" array (Open Trivia DB's) at the top level",
                at: root.position)
        }
        if top["questions"] == nil { return try fromOpenTriviaDB(top, results: list, source: source) }
        guard case .array(let entries) = list.value else { throw BankProblem("\"questions\" must be an array", at: list.position) }
        var builder = BankBuilder(source: source)
        for (offset, entry) in entries.enumerated() {
            try builder.add(try question(from: entry, number: offset + 1))
        }
        return try builder.bank(emptyAt: list.position)
    }

    /// Reads one entry of the `questions` array.
    private static func question(from entry: LocatedJSON, number: Int) throws(BankProblem) -> LocatedQuestion {
        guard case .object(let fields) = entry.value else { throw BankProblem("expected an object", at: entry.position, entry: number) }
        guard let questionValue = fields["question"] else { throw BankProblem("missing \"question\"", at: entry.position, entry: number) }
        guard case .string(let rawText) = questionValue.value else {
            throw BankProblem("\"question\" must be a string", at: questionValue.position, entry: number)
        }
        let text = rawText.trimmingWhitespaceAndNewlines()
        func fail(_ problem: String, at value: LocatedJSON) -> BankProblem {
            BankProblem(problem, at: value.position, entry: number, question: text)
        }
        guard let answersValue = fields["answers"] else { throw fail("missing \"answers\"", at: entry) }
        guard case .array(let answerValues) = answersValue.value else { throw fail("\"answers\" must be an array", at: answersValue) }
        var located = LocatedQuestion(question: TriviaQuestion(text: text, answers: [], correct: []), entry: number, position: entry.position)
        located.parts = [.text: questionValue.position, .answers: answersValue.position]
        var correct: [Int] = []
        for (index, value) in answerValues.enumerated() {
            guard case .object(let answer) = value.value else { throw fail("answer \(index + 1): expected an object with \"text\"", at: value) }
            guard case .string(let answerText)? = answer["text"]?.value else { throw fail("answer \(index + 1): missing \"text\" string", at: answer["text"] ?? value) }
            switch answer["correct"]?.value {
            case nil, .bool(false)?: break
            case .bool(true)?: correct.append(index)
            default: throw fail("answer \(index + 1): \"correct\" must be true or false", at: answer["correct"]!)
            }
            located.question.answers.append(answerText.trimmingWhitespaceAndNewlines())
            located.parts[.answer(index)] = (answer["text"] ?? value).position
        }
        guard !correct.isEmpty || answerValues.count < 2 else { throw fail("no answer is marked correct; mark one or more", at: answersValue) }
        located.question.correct = correct.isEmpty ? [0] : correct
        if let category = fields["category"] {
            switch category.value {
            case .null: break
            case .string(let value): located.question.category = value.trimmingWhitespaceAndNewlines()
            default: throw fail("\"category\" must be a string", at: category)
            }
            located.parts[.category] = category.position
        }
        if let timeLimit = fields["timeLimit"] {
            switch timeLimit.value {
            case .null: break
            case .number(let seconds): located.question.timeLimit = seconds
            default: throw fail("\"timeLimit\" must be a number of seconds", at: timeLimit)
            }
            located.parts[.timeLimit] = timeLimit.position
        }
        if let picture = fields["picture"] {
            switch picture.value {
            case .null: break
            case .string(let hash) where hash.utf8.count == 64 && hash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }):
                located.question.picture = hash
            default: throw fail("\"picture\" must be a picture of the quiz library: 64 hex digits, its SHA-256", at: picture)
            }
        }
        if let points = fields["points"] {
            let allowed = QuestionPoints.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            switch points.value {
            case .null: break
            case .string(let word):
                guard let level = QuestionPoints(rawValue: word) else { throw fail("\"points\" must be one of \(allowed)", at: points) }
                located.question.points = level
            default: throw fail("\"points\" must be one of \(allowed)", at: points)
            }
        }
        return located
    }
}
