import Testing

@testable import Trivia

@Suite struct CSVBankTests {
    static func parse(_ csv: String, source: String = "quiz.csv") throws(QuestionBankError) -> QuestionBank {
        try Bank.parse(csv, source: source)
    }

    static func problem(_ csv: String) -> QuestionBankError? { Bank.problem(csv, source: "quiz.csv") }

    @Test func withoutAHeaderTheColumnsAreQuestionCorrectThenWrongAnswers() throws {
        let bank = try Self.parse("Which planet is red?,Mars,Venus,Jupiter\n2 + 2?,4,5\n")
        #expect(bank.questions == [
            TriviaQuestion(text: "Which planet is red?", answers: ["Mars", "Venus", "Jupiter"], correctIndex: 0),
            TriviaQuestion(text: "2 + 2?", answers: ["4", "5"], correctIndex: 0),
        ])
    }

    @Test func aHeaderNamesTheColumnsInAnyOrderIgnoringCase() throws {
        let bank = try Self.parse("""
            Category,Question,Wrong 1,Correct,wrong2,WRONG
            Space,Which planet is red?,Venus,Mars,Jupiter,
            ,2 + 2?,5,4,,
            History,Who was first on the Moon?,,Neil Armstrong,Buzz Aldrin,Yuri Gagarin
            """)
        #expect(bank.questions == [
            TriviaQuestion(text: "Which planet is red?", answers: ["Mars", "Venus", "Jupiter"], correctIndex: 0, category: "Space"),
            TriviaQuestion(text: "2 + 2?", answers: ["4", "5"], correctIndex: 0),
            TriviaQuestion(text: "Who was first on the Moon?", answers: ["Neil Armstrong", "Buzz Aldrin", "Yuri Gagarin"], correctIndex: 0, category: "History"),
        ])
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let bank = try Self.parse(
            "question,correct,wrong,wrong\r\n"
                + "\"Who said \"\"Eureka!\"\", in the bath?\",Archimedes,\"Newton, Isaac\",Euclid\r\n"
                + "\"Two lines:\r\nfirst, then second?\", \"yes\" ,no,\"\"\"maybe\"\"\"\r\n")
        #expect(bank.questions.map(\.text) == ["Who said \"Eureka!\", in the bath?", "Two lines:\nfirst, then second?"])
        #expect(bank.questions[0].answers == ["Archimedes", "Newton, Isaac", "Euclid"])
        #expect(bank.questions[1].answers == ["yes", "no", "\"maybe\""])
    }

    @Test func aByteOrderMarkBlankRowsAndEveryLineEndingAreAccepted() throws {
        let text = "\u{FEFF}question,correct,wrong\n\n  \r\n,,\rQ1,a,b\rQ2,c,d\r\n\nQ3,e,f"
        let bank = try Self.parse(text)
        #expect(bank.questions.map(\.text) == ["Q1", "Q2", "Q3"])
        #expect(bank.questions[2].answers == ["e", "f"])
    }

    @Test func fieldsAreTrimmedAndAStrayQuoteInsideAnUnquotedFieldIsKept() throws {
        let bank = try Self.parse("  How tall is it? , 6\" ,  5'  \n")
        #expect(bank.questions[0] == TriviaQuestion(text: "How tall is it?", answers: ["6\"", "5'"], correctIndex: 0))
    }

    @Test func nineAnswersFitAndTenDoNotNamingTheTenthCell() throws {
        let nine = "Q," + (1...9).map { "a\($0)" }.joined(separator: ",")
        #expect(try Self.parse(nine).questions[0].answers.count == 9)
        let error = Self.problem(nine + ",a10")
        #expect(error?.description == "quiz.csv:1:30: 10 answers; at most 9 (players answer with one key, 1-9)")
    }

    @Test(arguments: [
        // (file, line:column, problem)
        ("Q1,a,b\nLonely?,Yes\n", "2:12", "row has 2 fields; a question needs a question, a correct answer and at least one wrong answer"),
        ("Just a question\n", "1:16", "row has 1 field; a question needs a question, a correct answer and at least one wrong answer"),
        ("Q;a;b\n", "1:6", "row has 1 field; a question needs a question, a correct answer and at least one wrong answer (fields are separated by commas; this row has semicolons)"),
        ("Q,a,  ,\n", "1:5", "no wrong answer; a question needs a question, a correct answer and at least one wrong answer"),
        (" ,a,b\n", "1:1", "the question is empty; a question needs a question, a correct answer and at least one wrong answer"),
        ("question,correct,wrong\nQ,,b\n", "2:3", "the correct answer is empty; a question needs a question, a correct answer and at least one wrong answer"),
        ("question,wrong,correct\nQ,b\n", "2:4", "the correct answer is empty; a question needs a question, a correct answer and at least one wrong answer"),
        ("Q,Same,b,same\n", "1:10", "answers 1 and 3 are the same"),
        ("Q1,a,b\nQ2,a,b\nq1,c,d\n", "3:1", "the same question as line 1"),
        ("Q,\"a,b\n\nQ2,c,d\n", "1:3", "a quoted field is not closed (it opens here); a quote inside quotes is written twice (\"\")"),
        ("Q,\"a\"b,c\n", "1:6", "text after a closing quote; a quote inside a quoted field is written twice (\"\"), and fields are separated by commas"),
        ("question,answer,wrong\n", "1:10", "unknown column \"answer\"; a header row names the columns question, correct, wrong (one column per answer), category, time limit and points"),
        ("question,correct,category,Category\n", "1:27", "a second \"category\" column"),
        ("question,correct\n", "1:17", "the header row has no \"wrong\" column; a question needs a question, a correct answer and at least one wrong answer"),
        ("question,correct,wrong\nQ,a,b,c\n", "2:7", "a value beyond the header row's 3 columns"),
        ("question,,correct,wrong\nQ,x,a,b\n", "2:3", "a value in a column the header row does not name"),
        ("question,correct,wrong,category\nQ,a,b,\(String(repeating: "c", count: 41))\n", "2:7", "\"category\" must be 1-40 characters"),
        ("", "1:1", "the bank has no questions"),
        ("question,correct,wrong\n\n", "1:1", "the bank has no questions"),
    ])
    func everyProblemNamesItsLineAndColumn(csv: String, at: String, problem: String) {
        let error = Self.problem(csv)
        #expect(Bank.at(error) == at, "\(error?.description ?? "parsed")")
        #expect(error?.problem == problem)
        #expect(error?.description == "quiz.csv:\(at): \(problem)")
    }

    @Test func linesAreCountedInsideQuotedFieldsAndColumnsInCharacters() {
        // Row 2 starts on line 3: the quoted field of row 1 spans two lines.
        #expect(Bank.at(Self.problem("\"Two\nlines\",a,b\nCafé?,Oui\n")) == "3:10")
        #expect(Bank.at(Self.problem("Q,a,b\r\nQ2,\"x\r\ny\",z\r\nQ3\r\n")) == "4:3")
    }

    @Test func tooLongTextsAreNamedAtTheirCell() {
        let long = String(repeating: "x", count: 501)
        #expect(Self.problem("Q,a,b\nQ2,a,\(String(repeating: "y", count: 201))\n")?.description == "quiz.csv:2:6: answer 2 is longer than 200 characters")
        #expect(Self.problem("\(long),a,b\n")?.description == "quiz.csv:1:1: the question is longer than 500 characters")
    }

    @Test func bytesThatAreNotUTF8AreNamedWhereTheyStart() {
        // "Q1,a,b\nCaf" then 0xE9 (Latin-1 é).
        let error = Bank.problem(bytes: Array("Q1,a,b\nCaf".utf8) + [0xE9] + Array("?,Oui,Non\n".utf8), source: "quiz.csv")
        #expect(error?.description == "quiz.csv:2:4: the file is not UTF-8 text: byte 0xE9 is not UTF-8 here (Latin-1 or Windows-1252 text?); "
            + "save it as UTF-8 (\"CSV UTF-8\" in a spreadsheet)")
    }

    @Test func textInUTF16OrUTF32IsNamedSo() {
        let text = "question,correct,wrong\r\nCafé?,Oui,Non\r\n"
        let little = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf32 = text.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8(scalar.value >> (8 * $0) & 0xFF) } }
        let saveAs = "save it as UTF-8 (\"CSV UTF-8\" in a spreadsheet)"
        #expect(Bank.problem(bytes: [0xFF, 0xFE] + little, source: "quiz.csv")?.description
            == "quiz.csv:1:1: the file is UTF-16 text (it starts with UTF-16's byte-order mark); \(saveAs)")
        #expect(Bank.problem(bytes: [0xFE, 0xFF] + big, source: "quiz.json")?.description
            == "quiz.json:1:1: the file is UTF-16 text (it starts with UTF-16's byte-order mark); \(saveAs)")
        #expect(Bank.problem(bytes: [0xFF, 0xFE, 0, 0] + utf32, source: "quiz.csv")?.description
            == "quiz.csv:1:1: the file is UTF-32 text (it starts with UTF-32's byte-order mark); \(saveAs)")
        #expect(Bank.problem(bytes: [0, 0, 0xFE, 0xFF] + utf32, source: "quiz.csv")?.description
            == "quiz.csv:1:1: the file is UTF-32 text (it starts with UTF-32's byte-order mark); \(saveAs)")
        // Without a byte-order mark, UTF-16's NULs give it away: where the first one is.
        #expect(Bank.problem(bytes: little, source: "quiz.csv")?.description
            == "quiz.csv:1:2: the file holds NUL characters, as UTF-16 text does; \(saveAs)")
        #expect(Bank.problem(bytes: big, source: "quiz.csv")?.description
            == "quiz.csv:1:1: the file holds NUL characters, as UTF-16 text does; \(saveAs)")
        #expect(Bank.problem(bytes: Array("Q1,a,b\nQ2,a\u{0},b\n".utf8), source: "quiz.csv")?.description
            == "quiz.csv:2:5: the file holds NUL characters, as UTF-16 text does; \(saveAs)")
    }

    @Test func theFormatIsChosenByExtensionThenByContent() throws {
        #expect(try Self.parse("Q,a,b", source: "QUIZ.CSV").questions.count == 1)
        #expect(try Self.parse("Q,a,b", source: "dir.v2/quiz.txt").questions.count == 1)
        #expect(try Self.parse("Q,a,b", source: "quiz").questions.count == 1)
        let json = #"{"questions": [{"question": "Q", "answers": [{"text": "a", "correct": true}, {"text": "b"}]}]}"#
        #expect(try Self.parse(json, source: "quiz.txt").questions.count == 1)
        // A .json file is JSON whatever it holds; a .csv file CSV.
        #expect(Bank.problem("Q,a,b", source: "quiz.json")?.problem.hasPrefix("not valid JSON") == true)
        #expect(Bank.problem(json, source: "quiz.csv")?.problem.hasPrefix("text after a closing quote") == true)
    }
}
