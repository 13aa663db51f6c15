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
        var picture: String?

        init(_ question: TriviaQuestion) {
            picture = question.picture
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

extension QuestionBank {
    /// The bank as CSV with a header (docs/TRIVIA.md, "CSV"), as ``parse(_:source:)`` reads it
    /// back: `question`, one `correct` column per correct answer, one `wrong` per wrong answer,
    /// `category`, `time limit` and `points`. UTF-8 with a byte-order mark and CR LF line ends,
    /// so that Excel opens it as a table as LibreOffice does.
    public func csv() -> [UInt8] {
        let rights = questions.map(\.correct.count).max() ?? 1
        let wrongs = questions.map { $0.answers.count - $0.correct.count }.max() ?? 1
        var rows = [["question"] + Array(repeating: "correct", count: rights) + Array(repeating: "wrong", count: wrongs) + ["category", "time limit", "points"]]
        for question in questions {
            let right = question.correct.map { question.answers[$0] }
            let wrong = question.answers.indices.filter { !question.isCorrect($0) }.map { question.answers[$0] }
            let time = question.timeLimit.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? ""
            // Built step by step: one long expression of `+` takes the type checker too long in a release build.
            var row: [String] = [question.text]
            row += right
            row += Array(repeating: "", count: rights - right.count)
            row += wrong
            row += Array(repeating: "", count: wrongs - wrong.count)
            let points: String = question.points == .standard ? "" : question.points.rawValue
            row += [question.category ?? "", time, points]
            rows.append(row)
        }
        let text = rows.map { $0.map(Self.csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    }

    /// A CSV field, quoted when it holds a comma, a quote or a line end (quotes doubled).
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
