import Vocabulary

/// The Open Trivia DB format (https://opentdb.com/api_config.php), as its API answers with the
/// default encoding:
///
/// ```json
/// {"response_code": 0, "results": [
///   {"type": "multiple", "difficulty": "easy", "category": "Science &amp; Nature",
///    "question": "What is the chemical symbol for &quot;gold&quot;?",
///    "correct_answer": "Au", "incorrect_answers": ["Ag", "Gd", "Go"]}
/// ]}
/// ```
///
/// Texts are HTML-escaped (``HTMLEntities``). `type` is `multiple` or `boolean`; `difficulty` is
/// ignored.
extension QuestionBank {
    /// Reads the `results` of an Open Trivia DB answer; `top` is the whole object.
    static func fromOpenTriviaDB(_ top: [String: LocatedJSON], results: LocatedJSON, source: String) throws(BankProblem) -> QuestionBank {
        if let code = top["response_code"] {
            guard case .number(let number) = code.value, let value = Int(exactly: number) else {
                throw BankProblem("\"response_code\" must be a whole number", at: code.position)
            }
            guard value == 0 else {
                throw BankProblem(
                    "Open Trivia DB answered response_code \(value) (\(responseMeaning(value))), so the file holds no questions; fetch them again",
                    at: code.position)
            }
        }
        guard case .array(let entries) = results.value else { throw BankProblem("\"results\" must be an array", at: results.position) }
        var builder = BankBuilder(source: source)
        for (offset, entry) in entries.enumerated() {
            try builder.add(try openTriviaDBQuestion(from: entry, number: offset + 1))
        }
        return try builder.bank(emptyAt: results.position)
    }

    /// What Open Trivia DB's response codes mean.
    private static func responseMeaning(_ code: Int) -> String {
        switch code {
        case 1: "no results: too few questions for that query"
        case 2: "invalid parameter"
        case 3: "session token not found"
        case 4: "session token empty: it has returned every question for that query"
        case 5: "rate limit: one request per 5 seconds"
        default: "not a code Open Trivia DB documents"
        }
    }

    /// One entry of `results`.
    private static func openTriviaDBQuestion(from entry: LocatedJSON, number: Int) throws(BankProblem) -> LocatedQuestion {
        guard case .object(let fields) = entry.value else { throw BankProblem("expected an object", at: entry.position, entry: number) }
        var question: String?
        func fail(_ problem: String, at value: LocatedJSON) -> BankProblem {
            BankProblem(problem, at: value.position, entry: number, question: question)
        }
        func text(_ key: String, required: Bool = true) throws(BankProblem) -> (String, SourcePosition)? {
            guard let value = fields[key] else {
                if required { throw fail("missing \"\(key)\"", at: entry) }
                return nil
            }
            guard case .string(let raw) = value.value else { throw fail("\"\(key)\" must be a string", at: value) }
            return (HTMLEntities.decode(raw).trimmingWhitespaceAndNewlines(), value.position)
        }
        let (questionText, questionAt) = try text("question")!
        question = questionText
        if let type = fields["type"] {
            guard case .string(let name) = type.value, name == "multiple" || name == "boolean" else {
                var problem = "\"type\" must be \"multiple\" or \"boolean\""
                if case .string(let name) = type.value, name == "bXVsdGlwbGU=" || name == "Ym9vbGVhbg==" {
                    problem += "; this file is base64-encoded: fetch it with the default encoding"
                }
                throw fail(problem, at: type)
            }
        }
        let (correct, correctAt) = try text("correct_answer")!
        guard let wrongValue = fields["incorrect_answers"] else { throw fail("missing \"incorrect_answers\"", at: entry) }
        guard case .array(let wrongs) = wrongValue.value else { throw fail("\"incorrect_answers\" must be an array of strings", at: wrongValue) }
        var located = LocatedQuestion(
            question: TriviaQuestion(text: questionText, answers: [correct], correct: [0]), entry: number, position: entry.position)
        located.parts = [.text: questionAt, .answers: wrongValue.position, .answer(0): correctAt]
        for wrong in wrongs {
            guard case .string(let raw) = wrong.value else { throw fail("\"incorrect_answers\" must be an array of strings", at: wrong) }
            located.parts[.answer(located.question.answers.count)] = wrong.position
            located.question.answers.append(HTMLEntities.decode(raw).trimmingWhitespaceAndNewlines())
        }
        if let (category, categoryAt) = try text("category", required: false) {
            located.question.category = category
            located.parts[.category] = categoryAt
        }
        return located
    }
}
