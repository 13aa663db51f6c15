import Vocabulary

extension QuestionBank {
    /// A CSV bank: one question a row, the columns named by an optional header row
    /// (docs/TRIVIA.md, ``CSVColumns``).
    static func fromCSV(_ text: BankText, source: String) throws(BankProblem) -> QuestionBank {
        var rows = try CSVReader.rows(text)[...]
        var columns = CSVColumns.plain
        if let first = rows.first, let header = try CSVColumns(header: first) {
            columns = header
            rows.removeFirst()
        }
        var builder = BankBuilder(source: source)
        for row in rows {
            try builder.add(try columns.question(from: row))
        }
        return try builder.bank(emptyAt: .start)
    }
}

/// What the columns of a CSV bank hold. A first row with a cell `question` is a header naming
/// each column, in any order: `question`, `correct` (one column per correct answer; also
/// `correct2`, `correct 2`, ...: the first must be filled), `wrong` (one column per wrong answer;
/// also `wrong1`, `wrong 2`, ...) and, optionally, `category`, `time limit` (seconds) and
/// `points` (`standard`, `double`, `none`) (names ignore case). Without a header the columns are
/// question, correct answer, then wrong answers.
struct CSVColumns {
    enum Column: Equatable {
        case question, correct, wrong, category, timeLimit, points
        /// An empty header cell: its column must stay empty.
        case unnamed
    }

    /// The header's columns; nil without a header.
    let named: [Column]?

    /// No header: question, correct, wrong, wrong, ...
    static let plain = CSVColumns(named: nil)

    private static let needs = "a question needs a question, a correct answer and at least one wrong answer"

    private init(named: [Column]?) { self.named = named }

    /// The columns a header row names; nil when the row is no header (no cell reads `question`).
    init?(header row: CSVRow) throws(BankProblem) {
        let names = row.fields.map { $0.text.trimmingWhitespaceAndNewlines() }
        guard names.contains(where: { $0.lowercased() == "question" }) else { return nil }
        var columns: [Column] = []
        for (field, name) in zip(row.fields, names) {
            let column: Column
            switch name.lowercased() {
            case "": column = .unnamed
            case "question": column = .question
            case "category": column = .category
            case "time limit", "timelimit": column = .timeLimit
            case "points": column = .points
            case let other where other.wholeMatch(of: /correct ?[0-9]*/) != nil: column = .correct
            case let other where other.wholeMatch(of: /wrong ?[0-9]*/) != nil: column = .wrong
            default:
                throw BankProblem(
                    "unknown column \"\(name)\"; a header row names the columns question, correct, wrong (one column per answer), category, time limit and points",
                    at: field.position)
            }
            if column != .wrong, column != .correct, column != .unnamed, columns.contains(column) {
                throw BankProblem("a second \"\(name.lowercased())\" column", at: field.position)
            }
            columns.append(column)
        }
        guard columns.contains(.correct) else { throw BankProblem("the header row has no \"correct\" column; \(Self.needs)", at: row.end) }
        guard columns.contains(.wrong) else { throw BankProblem("the header row has no \"wrong\" column; \(Self.needs)", at: row.end) }
        self.init(named: columns)
    }

    /// The question in one row.
    func question(from row: CSVRow) throws(BankProblem) -> LocatedQuestion {
        var question: CSVField?, correct: CSVField?, category: CSVField?, timeLimit: CSVField?, points: CSVField?
        var wrongs: [CSVField] = [], moreCorrect: [CSVField] = []
        if let named {
            for (index, field) in row.fields.enumerated() {
                switch index < named.count ? named[index] : .unnamed {
                case .question: question = field
                case .correct where correct == nil: correct = field
                case .correct: moreCorrect.append(field)
                case .category: category = field
                case .timeLimit: timeLimit = field
                case .points: points = field
                case .wrong: wrongs.append(field)
                case .unnamed:
                    guard Self.isBlank(field) else {
                        throw BankProblem(
                            index < named.count ? "a value in a column the header row does not name" : "a value beyond the header row's \(named.count) columns",
                            at: field.position)
                    }
                }
            }
        } else {
            guard row.fields.count >= 3 else {
                throw BankProblem("row has \(row.fields.count) field\(row.fields.count == 1 ? "" : "s"); \(Self.needs)\(Self.separatorHint(row))", at: row.end)
            }
            question = row.fields[0]
            correct = row.fields[1]
            wrongs = Array(row.fields[2...])
        }
        guard let question, !Self.isBlank(question) else { throw BankProblem("the question is empty; \(Self.needs)", at: question?.position ?? row.end) }
        guard let correct, !Self.isBlank(correct) else {
            throw BankProblem("the correct answer is empty; \(Self.needs)", at: correct?.position ?? row.end)
        }
        let given = wrongs.filter { !Self.isBlank($0) }
        guard !given.isEmpty else { throw BankProblem("no wrong answer; \(Self.needs)", at: wrongs.first?.position ?? row.end) }

        let rights = [correct] + moreCorrect.filter { !Self.isBlank($0) }
        let answers = rights + given
        var located = LocatedQuestion(
            question: TriviaQuestion(text: Self.trimmed(question), answers: answers.map(Self.trimmed), correct: Array(rights.indices)),
            position: row.position)
        located.parts[.text] = question.position
        for (index, answer) in answers.enumerated() { located.parts[.answer(index)] = answer.position }
        if let category, !Self.isBlank(category) {
            located.question.category = Self.trimmed(category)
            located.parts[.category] = category.position
        }
        if let timeLimit, !Self.isBlank(timeLimit) {
            guard let seconds = Double(Self.trimmed(timeLimit)) else {
                throw BankProblem("the time limit \"\(Self.trimmed(timeLimit))\" is not a number of seconds", at: timeLimit.position)
            }
            located.question.timeLimit = seconds
            located.parts[.timeLimit] = timeLimit.position
        }
        if let points, !Self.isBlank(points) {
            guard let level = QuestionPoints(rawValue: Self.trimmed(points).lowercased()) else {
                throw BankProblem("points \"\(Self.trimmed(points))\": standard, double or none", at: points.position)
            }
            located.question.points = level
        }
        return located
    }

    private static func trimmed(_ field: CSVField) -> String { field.text.trimmingWhitespaceAndNewlines() }

    private static func isBlank(_ field: CSVField) -> Bool { trimmed(field).isEmpty }

    /// For a row of one field written with another separator (a spreadsheet set to semicolons).
    private static func separatorHint(_ row: CSVRow) -> String {
        guard row.fields.count == 1 else { return "" }
        let text = row.fields[0].text
        if text.unicodeScalars.contains(";") { return " (fields are separated by commas; this row has semicolons)" }
        if text.unicodeScalars.contains("\t") { return " (fields are separated by commas; this row has tabs)" }
        return ""
    }
}
