import Spreadsheet

/// Kahoot's quiz spreadsheet (its "Quiz template", `.xlsx`): a header row naming the columns
/// `Question`, `Answer 1` to `Answer 4` (or more), `Time limit (sec)` and `Correct answer(s)`,
/// then one question a row. The header is found by its text, on the first sheet that has one,
/// wherever it is (Kahoot's template puts notes above it and numbers in column A); a column is
/// known by how its header begins (ignoring case), so Kahoot's "- max 120 characters" and the
/// like may follow. Correct answers are the answer numbers, separated by commas (`1,3`).
extension QuestionBank {
    /// The file's questions; an error names the sheet and the cell (`quiz.xlsx:Sheet1!H9: …`).
    static func fromXLSX(_ bytes: [UInt8], source: String, limits: Workbook.Limits = Workbook.Limits()) throws(QuestionBankError) -> QuestionBank {
        let workbook: Workbook
        do {
            workbook = try Workbook(xlsx: bytes, limits: limits)
        } catch {
            throw QuestionBankError(source: source, problem: "\(error)")
        }
        return try fromWorkbook(workbook, source: source)
    }

    /// The questions of a workbook read already (see ``fromXLSX(_:source:limits:)``).
    static func fromWorkbook(_ workbook: Workbook, source: String) throws(QuestionBankError) -> QuestionBank {
        do throws(BankProblem) {
            guard let (sheet, header) = workbook.sheets.lazy.compactMap({ sheet in KahootHeader.find(in: sheet).map { (sheet, $0) } }).first else {
                throw BankProblem(
                    "no sheet has a header row naming the columns Question, Answer 1, Answer 2 and Correct answer(s) (Kahoot's quiz template)",
                    at: nil)
            }
            var questions: [TriviaQuestion] = []
            var firstOf: [String: String] = [:]
            let lastRow = sheet.cells.map(\.reference.row).max() ?? header.row
            for row in (header.row + 1)...max(header.row + 1, lastRow) {
                guard let located = try header.question(in: sheet, row: row) else { continue }
                let key = located.question.text.lowercased()
                if let first = firstOf[key] {
                    throw located.problem("the same question as \(first)", at: header.question, sheet: sheet)
                }
                firstOf[key] = "row \(row)"
                questions.append(located.question)
            }
            guard !questions.isEmpty else {
                throw BankProblem("no questions under the header row \(header.row)", at: nil, cell: Self.place(sheet, header.question, header.row))
            }
            return QuestionBank(checked: questions, source: source)
        } catch {
            throw error.error(in: source)
        }
    }

    /// `Sheet1!C9`.
    static func place(_ sheet: Sheet, _ column: Int, _ row: Int) -> String {
        "\(sheet.name)!\(CellReference(row: row, column: column))"
    }
}

/// Where Kahoot's columns are, read from the header row.
struct KahootHeader {
    /// The header's row.
    var row: Int
    var question: Int
    /// The answer columns, in answer-number order (`Answer 1` first).
    var answers: [Int]
    var timeLimit: Int?
    var correct: Int

    /// The first row of `sheet` that names the columns.
    static func find(in sheet: Sheet) -> KahootHeader? {
        let rows = Set(sheet.cells.map(\.reference.row)).sorted()
        for row in rows.prefix(50) {
            var question: Int?, timeLimit: Int?, correct: Int?
            var answers: [Int: Int] = [:]
            for cell in sheet.row(row) {
                let name = cell.value.text.lowercased().trimmingPrefix(while: { $0 == " " })
                if name.hasPrefix("question") {
                    question = question ?? cell.reference.column
                } else if name.hasPrefix("correct answer") {
                    correct = correct ?? cell.reference.column
                } else if name.hasPrefix("time limit") {
                    timeLimit = timeLimit ?? cell.reference.column
                } else if name.hasPrefix("answer "), let number = Int(name.dropFirst("answer ".count).prefix(while: \.isNumber)) {
                    answers[number] = answers[number] ?? cell.reference.column
                }
            }
            guard let question, let correct, answers[1] != nil, answers[2] != nil else { continue }
            let numbered = (1...max(2, answers.keys.max() ?? 2)).prefix { answers[$0] != nil }.map { answers[$0]! }
            return KahootHeader(row: row, question: question, answers: numbered, timeLimit: timeLimit, correct: correct)
        }
        return nil
    }

    /// A question read from one row; nil for an empty row.
    struct Located {
        var question: TriviaQuestion
        var row: Int
        /// The column of each of the question's answers (empty answer cells are left out).
        var answerColumns: [Int]

        func problem(_ text: String, at column: Int, sheet: Sheet) -> BankProblem {
            BankProblem(text, at: nil, cell: QuestionBank.place(sheet, column, row), question: question.text)
        }
    }

    /// The question of `row`; nil when the row has nothing in the header's columns.
    func question(in sheet: Sheet, row: Int) throws(BankProblem) -> Located? {
        func text(_ column: Int) -> String { sheet[row: row, column: column].map { Self.readable($0.value) } ?? "" }
        func fail(_ problem: String, _ column: Int) -> BankProblem {
            BankProblem(problem, at: nil, cell: QuestionBank.place(sheet, column, row))
        }
        let columns = [question, correct] + answers + (timeLimit.map { [$0] } ?? [])
        guard columns.contains(where: { !text($0).isEmpty }) else { return nil }
        let questionText = text(question)
        guard !questionText.isEmpty else { throw fail("the question is empty, but the row has answers", question) }
        var answerTexts: [String] = []
        var answerColumns: [Int] = []
        var indexOfNumber: [Int: Int] = [:]
        for (number, column) in answers.enumerated() where !text(column).isEmpty {
            indexOfNumber[number + 1] = answerTexts.count
            answerTexts.append(text(column))
            answerColumns.append(column)
        }
        var correctIndexes: [Int] = []
        let given = text(correct)
        guard !given.isEmpty else { throw fail("no correct answer: name the answer numbers, e.g. 2 or 1,3", correct) }
        for part in given.split(separator: ",") {
            let trimmed = part.trimmingPrefix(while: { $0 == " " }).prefix { $0 != " " }
            guard let number = Int(trimmed.hasSuffix(".0") ? trimmed.dropLast(2) : trimmed), (1...answers.count).contains(number) else {
                throw fail("\"\(given)\" is not a list of answer numbers from 1 to \(answers.count), e.g. 2 or 1,3", correct)
            }
            guard let index = indexOfNumber[number] else { throw fail("answer \(number) is marked correct, but its cell is empty", correct) }
            if !correctIndexes.contains(index) { correctIndexes.append(index) }
        }
        var seconds: Double?
        if let timeLimit, !text(timeLimit).isEmpty {
            guard let value = Double(text(timeLimit)) else { throw fail("the time limit \"\(text(timeLimit))\" is not a number of seconds", timeLimit) }
            seconds = value
        }
        let located = Located(
            question: TriviaQuestion(text: questionText, answers: answerTexts, correct: correctIndexes.sorted(), timeLimit: seconds),
            row: row, answerColumns: answerColumns)
        do throws(EntryProblem) {
            try QuestionBank.check(located.question)
        } catch {
            let column: Int
            switch error.part {
            case .text: column = question
            case .answer(let index) where index < answerColumns.count: column = answerColumns[index]
            case .answers, .answer: column = answers[0]
            case .timeLimit: column = timeLimit ?? question
            case .category: column = question
            }
            throw located.problem(error.problem, at: column, sheet: sheet)
        }
        return located
    }

    /// A cell as a quiz reads it: text trimmed, a spreadsheet's `TRUE`/`FALSE` as `True`/`False`
    /// (LibreOffice turns typed "True" into a boolean).
    static func readable(_ value: CellValue) -> String {
        switch value {
        case .boolean(let flag): flag ? "True" : "False"
        default: value.text.trimmingWhitespaceAndNewlines()
        }
    }
}
