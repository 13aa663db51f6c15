import Testing

@testable import Trivia

/// The JSON reader under snap-host's and Open Trivia DB's formats: RFC 8259, and a line and
/// column for every problem.
@Suite struct JSONBankTests {
    static func problem(_ json: String) -> QuestionBankError? { Bank.problem(json, source: "quiz.json") }

    static func entry(_ question: String) -> String {
        #"{"questions": [{"question": \#(question), "answers": [{"text": "a", "correct": true}, {"text": "b"}]}]}"#
    }

    @Test(arguments: [
        ("", "1:1", "not valid JSON: the file is empty"),
        ("  \n ", "2:2", "not valid JSON: the file is empty"),
        ("{\"questions\": [}", "1:16", "not valid JSON: expected a value, found '}'"),
        ("{\"questions\": [\n  {\"question\": \"Q\",}\n]}", "2:20", "not valid JSON: expected a member name in double quotes"),
        ("{\"questions\" []}", "1:14", "not valid JSON: expected ':' after the member name \"questions\""),
        ("{\"questions\": [] \"x\": 1}", "1:18", "not valid JSON: expected ',' or '}' after a member"),
        ("{\"questions\": [1 2]}", "1:18", "not valid JSON: expected ',' or ']' after an element"),
        ("{\"questions\": [tru]}", "1:16", "not valid JSON: expected a value (did you mean true?)"),
        ("{\"questions\": [01]}", "1:16", "not valid JSON: a number must start with a digit, and not with 0 unless it is 0"),
        ("{\"questions\": [1.]}", "1:18", "not valid JSON: expected digits after the decimal point"),
        ("{\"questions\": [1e999]}", "1:16", "not valid JSON: the number 1e999 is out of range"),
        ("{\"questions\": [\"open\n]}", "1:21", "not valid JSON: a control character (U+000A) inside a string; write a line break as \\n, a tab as \\t"),
        ("{\"questions\": [\"open", "1:16", "not valid JSON: a string is not closed (it opens here)"),
        ("{\"questions\": [\"\\x\"]}", "1:17", "not valid JSON: \\x is not an escape; a string may use \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"),
        ("{\"questions\": [\"\\u12\"]}", "1:17", "not valid JSON: \\u needs four hexadecimal digits"),
        ("{\"questions\": [\"\\ud83d x\"]}", "1:17", "not valid JSON: \\u escape of a high surrogate without its low surrogate"),
        ("{\"questions\": [\"\\ude00\"]}", "1:17", "not valid JSON: \\u escape of a lone low surrogate"),
        ("{\"questions\": []} x", "1:19", "not valid JSON: unexpected 'x' after the end of the top-level value"),
        ("{\"questions\": [], \"questions\": []}", "1:19", "\"questions\" appears twice in one object"),
        ("{\"questions\": [{\"question\": \"Q\", \"answers\": [], \"answers\": []}]}", "1:49", "\"answers\" appears twice in one object"),
        ("\t{\"questions\": \"all\"}", "1:16", "\"questions\" must be an array"),
        ("{\"quizzes\": []}", "1:1", "expected an object with a \"questions\" array (snap-host's format) or a \"results\" array (Open Trivia DB's) at the top level"),
    ])
    func syntaxErrorsNameTheirLineAndColumn(json: String, at: String, problem: String) {
        let error = Self.problem(json)
        #expect(Bank.at(error) == at, "\(error?.description ?? "parsed")")
        #expect(error?.problem == problem)
        #expect(error?.description == "quiz.json:\(at): \(problem)")
    }

    @Test func nestingIsLimited() {
        let deep = String(repeating: "[", count: 70)
        let error = Self.problem(deep)
        #expect(error?.problem == "not valid JSON: nested deeper than 64 levels")
        #expect(Bank.at(error) == "1:65")
    }

    @Test func escapesAndUnicodeAreRead() throws {
        let bank = try Bank.parse(Self.entry(#""Caf\u00e9 \ud83d\ude00 \"quoted\" \\ \/ tab\tend""#), source: "quiz.json")
        #expect(bank.questions[0].text == "Café 😀 \"quoted\" \\ / tab\tend")
    }

    @Test func aByteOrderMarkCRLFAndNumbersWithExponentsAreAccepted() throws {
        let text = "\u{FEFF}{\"questions\": [\r\n {\"question\": \"Q\", \"timeLimit\": 1.5e1, \"answers\": [{\"text\": \"a\", \"correct\": true}, {\"text\": \"b\"}]}\r\n]}\r\n"
        let bank = try Bank.parse(text, source: "quiz.json")
        #expect(bank.questions[0].timeLimit == 15)
    }

    @Test func columnsCountCharactersNotBytesAndLinesCountLFCRLFAndCR() {
        // "é" and "😀" are one column each.
        let error = Self.problem("{\"questions\": [\r\n\r{\"question\": \"é😀\", \"answers\": [{\"text\": \"a\"}, {\"text\": \"b\"}]}]}")
        #expect(error?.description == #"quiz.json:3:31: entry 1 ("é😀"): no answer is marked correct; mark one or more"#)
    }

    @Test func bytesThatAreNotUTF8AreAnError() {
        let error = Bank.problem(bytes: Array(#"{"questions": ["#.utf8) + [0xC3, 0x28], source: "quiz.json")
        #expect(Bank.at(error) == "1:16")
    }
}
