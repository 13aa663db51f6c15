import Testing

@testable import Trivia

@Suite struct OpenTriviaDBTests {
    static func problem(_ json: String) -> QuestionBankError? { Bank.problem(json, source: "opentdb.json") }

    /// One line, as the API answers.
    static let answer = #"{"response_code":0,"results":[{"type":"multiple","difficulty":"easy","category":"Science &amp; Nature","question":"What does &quot;H&quot; stand for in H&#039;s &amp; H&#x2082;O?","correct_answer":"Hydrogen","incorrect_answers":["Helium","Hafnium","Holmium"]},{"type":"boolean","difficulty":"hard","category":"Entertainment: Music","question":"Bj&ouml;rk&rsquo;s first album was called &ldquo;Debut&rdquo;&hellip;","correct_answer":"False","incorrect_answers":["True"]}]}"#

    @Test func resultsBecomeQuestionsWithEntitiesDecodedAndTheCorrectAnswerKept() throws {
        let bank = try Bank.parse(Self.answer, source: "opentdb.json")
        #expect(bank.questions == [
            TriviaQuestion(
                text: "What does \"H\" stand for in H's & H₂O?", answers: ["Hydrogen", "Helium", "Hafnium", "Holmium"], correctIndex: 0,
                category: "Science & Nature"),
            TriviaQuestion(text: "Björk’s first album was called “Debut”…", answers: ["False", "True"], correctIndex: 0, category: "Entertainment: Music"),
        ])
    }

    @Test func itIsToldFromSnapHostsJSONByItsResultsArrayWhateverTheFileIsCalled() throws {
        #expect(try Bank.parse(Self.answer, source: "download").questions.count == 2)
        #expect(try Bank.parse(Self.answer, source: "trivia.txt").questions.count == 2)
    }

    @Test(arguments: [
        ("&quot;&#039;&amp;&lt;&gt;&apos;", "\"'&<>'"),
        ("&eacute;&Eacute;&ouml;&uuml;&szlig;&ntilde;&ccedil;&aring;&oslash;", "éÉöüßñçåø"),
        ("&rsquo;&lsquo;&ldquo;&rdquo;&hellip;&ndash;&mdash;&shy;", "’‘“”…–—\u{AD}"),
        ("&pi;&Omega;&deg;&sup2;&frac12;&times;&euro;&trade;&hearts;", "πΩ°²½×€™♥"),
        ("&#233;&#xE9;&#XE9;&#x1F600;&#128512;&#0233;", "ééé😀😀é"),
        ("&#146;&#150;&#128;", "’–€"),  // C1 codes read as Windows-1252, as browsers do
        ("&#0;&#xD800;&#x110000;&#99999999;", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        ("AT&T &amp &foo; &#; &#x; &#12a; & ;", "AT&T &amp &foo; &#; &#x; &#12a; & ;"),  // not references: as written
        ("&amp;quot; &amp;amp;", "&quot; &amp;"),  // decoded once
        ("no entities", "no entities"),
    ])
    func htmlEntities(encoded: String, decoded: String) {
        #expect(HTMLEntities.decode(encoded) == decoded)
    }

    @Test func everyHTML4EntityIsKnown() {
        #expect(HTMLEntities.named.count == 253)
        #expect(HTMLEntities.decode("&thetasym;&zwnj;&lrm;&diams;&Yuml;&yuml;&fnof;") == "\u{3D1}\u{200C}\u{200E}♦Ÿÿƒ")
    }

    @Test(arguments: [
        (#"{"response_code":1,"results":[]}"#, "1:18",
         "Open Trivia DB answered response_code 1 (no results: too few questions for that query), so the file holds no questions; fetch them again"),
        (#"{"response_code":5,"results":[]}"#, "1:18",
         "Open Trivia DB answered response_code 5 (rate limit: one request per 5 seconds), so the file holds no questions; fetch them again"),
        (#"{"response_code":"0","results":[]}"#, "1:18", #""response_code" must be a whole number"#),
        (#"{"response_code":0,"results":[]}"#, "1:30", "the bank has no questions"),
        (#"{"results":{}}"#, "1:12", #""results" must be an array"#),
    ])
    func theResponseIsChecked(json: String, at: String, problem: String) {
        let error = Self.problem(json)
        #expect(Bank.at(error) == at, "\(error?.description ?? "parsed")")
        #expect(error?.problem == problem)
        #expect(error?.entry == nil)
    }

    @Test(arguments: [
        (#"{"type":"multiple","question":"Q?","incorrect_answers":["b"]}"#, "2:1", #"missing "correct_answer""#),
        (#"{"type":"multiple","question":"Q?","correct_answer":"a","incorrect_answers":"b"}"#, "2:77", #""incorrect_answers" must be an array of strings"#),
        (#"{"type":"multiple","question":"Q?","correct_answer":"a","incorrect_answers":["b",2]}"#, "2:82", #""incorrect_answers" must be an array of strings"#),
        (#"{"type":"multiple","question":"Q?","correct_answer":"a","incorrect_answers":[]}"#, "2:77", "only one answer; a question needs 2 to 9"),
        (#"{"type":"multiple","question":"Q?","correct_answer":"Same","incorrect_answers":["b","s&#097;me"]}"#, "2:85", "answers 1 and 3 are the same"),
        (#"{"type":"multiple","question":"Q?","correct_answer":"a","incorrect_answers":["b"],"category":""}"#, "2:94", #""category" must be 1-40 characters"#),
        (#"{"type":"bXVsdGlwbGU=","question":"UT8/","correct_answer":"YQ==","incorrect_answers":["Yg=="]}"#, "2:9",
         #""type" must be "multiple" or "boolean"; this file is base64-encoded: fetch it with the default encoding"#),
        (#"{"type":"multiple","question":"&nbsp;","correct_answer":"a","incorrect_answers":["b"]}"#, "2:31", "the question text is empty"),
    ])
    func everyProblemInAResultNamesItsLineColumnAndEntry(result: String, at: String, problem: String) {
        let good = #"{"question":"Fine?","correct_answer":"yes","incorrect_answers":["no"]}"#
        let error = Self.problem("{\"response_code\":0,\"results\":[\(good),\n\(result)]}")
        #expect(Bank.at(error) == at, "\(error?.description ?? "parsed")")
        #expect(error?.entry == 2)
        #expect(error?.problem == problem)
    }

    @Test func aRepeatedQuestionNamesTheFirstEntry() {
        let result = #"{"question":"Same &amp; again?","correct_answer":"a","incorrect_answers":["b"]}"#
        let error = Self.problem("{\"results\":[\n\(result),\n\(result)]}")
        #expect(error?.description == #"opentdb.json:3:13: entry 2 ("Same & again?"): the same question as entry 1"#)
    }
}
