import FoundationEssentials
import Spreadsheet
import Testing

@testable import Trivia

/// Kahoot's quiz spreadsheet: a real file LibreOffice wrote from Kahoot's template layout
/// (Tests/system/test_xlsx.py makes it), and sheets made here for what must be refused.
@Suite struct KahootTests {
    static func sheet(_ rows: [[String]], name: String = "Sheet1") -> Workbook {
        var cells: [Cell] = []
        for (row, fields) in rows.enumerated() {
            for (column, field) in fields.enumerated() where !field.isEmpty {
                cells.append(Cell(reference: CellReference(row: row + 1, column: column + 1), value: .text(field)))
            }
        }
        return Workbook(sheets: [Sheet(name: name, cells: cells)])
    }

    static let header = ["", "Question - max 120 characters", "Answer 1 - max 75 characters", "Answer 2 - max 75 characters",
                         "Answer 3 - max 75 characters", "Answer 4 - max 75 characters", "Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs",
                         "Correct answer(s) - choose at least one"]

    static func problem(_ rows: [[String]]) -> String? {
        do {
            _ = try QuestionBank.fromWorkbook(Self.sheet([["", "Quiz template"], [], header] + rows), source: "quiz.xlsx")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aFileLibreOfficeWroteInKahootsLayoutImportsWhole() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SpreadsheetTests/Fixtures/libreoffice-kahoot.xlsx").path
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bank = try QuestionBank.parse(data, source: "kahoot.xlsx")
        #expect(bank.questions.map(\.text) == [
            "Which planet is known as the Red Planet?", "Which of these are prime numbers?", #"Who wrote "Romeo & Juliet"?"#,
            "Café, crème or thé?\nPick the French one", "Is 0.5 a half? <b>yes</b>",
        ])
        #expect(bank.questions[0].answers == ["Venus", "Mars", "Jupiter", "Saturn"] && bank.questions[0].correct == [1])
        #expect(bank.questions[1].answers == ["2", "9", "11", "15"] && bank.questions[1].correct == [0, 2])
        #expect(bank.questions[2].answers == ["Marlowe", "Shakespeare"] && bank.questions[2].correct == [1], "empty answer cells left out")
        #expect(bank.questions[3].correct == [0, 2, 3])
        #expect(bank.questions[4].answers == ["True", "False"], "LibreOffice's booleans read as the words typed")
        #expect(bank.questions.map(\.timeLimit) == [20, 30, 10, 60, 5])
        // The same file under another name is still read as a spreadsheet, by its bytes.
        #expect(try QuestionBank.parse(data, source: "upload").questions.count == 5)
    }

    @Test func eachMistakeNamesItsSheetAndCell() {
        #expect(Self.problem([["1", "Which?", "a", "b", "", "", "20", "3"]])
            == "quiz.xlsx:Sheet1!H4: answer 3 is marked correct, but its cell is empty")
        #expect(Self.problem([["1", "Which?", "a", "b", "", "", "20", "one"]])
            == #"quiz.xlsx:Sheet1!H4: "one" is not a list of answer numbers from 1 to 4, e.g. 2 or 1,3"#)
        #expect(Self.problem([["1", "Which?", "a", "b", "", "", "20", ""]])
            == "quiz.xlsx:Sheet1!H4: no correct answer: name the answer numbers, e.g. 2 or 1,3")
        #expect(Self.problem([["1", "", "a", "b", "", "", "20", "1"]]) == "quiz.xlsx:Sheet1!B4: the question is empty, but the row has answers")
        #expect(Self.problem([["1", "Which?", "a", "b", "", "", "soon", "1"]])
            == #"quiz.xlsx:Sheet1!G4: the time limit "soon" is not a number of seconds"#)
        #expect(Self.problem([["1", "Which?", "a", "A", "", "", "20", "1"]]) == "quiz.xlsx:Sheet1!D4: answers 1 and 2 are the same")
        #expect(Self.problem([["1", "Which?", "a", "", "", "", "20", "1"]])?.hasPrefix("quiz.xlsx:Sheet1!C4: only one answer") == true)
        #expect(Self.problem([["1", "Which?", "a", "b", "", "", "20", "1"], ["2", "which?", "c", "d", "", "", "", "2"]])
            == "quiz.xlsx:Sheet1!B5: the same question as row 4")
        #expect(Self.problem([]) == "quiz.xlsx:Sheet1!B3: no questions under the header row 3")
    }

    @Test func aSheetWithoutKahootsHeaderIsRefusedSayingWhatIsLookedFor() {
        let error = #expect(throws: QuestionBankError.self) {
            try QuestionBank.fromWorkbook(Self.sheet([["question", "correct", "wrong"], ["Q?", "a", "b"]]), source: "mine.xlsx")
        }
        #expect(error?.description.contains("no sheet has a header row naming the columns Question, Answer 1, Answer 2 and Correct answer(s)") == true)
    }

    @Test func notASpreadsheetSaysWhatItIs() {
        let error = #expect(throws: QuestionBankError.self) { try QuestionBank.parse(Data("question,correct\n".utf8), source: "quiz.xlsx") }
        #expect(error?.description.hasPrefix("quiz.xlsx: ") == true)
        #expect(error?.description.lowercased().contains("zip") == true || error?.description.lowercased().contains("csv") == true, "\(String(describing: error))")
    }
}
