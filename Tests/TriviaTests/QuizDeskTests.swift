import FoundationEssentials
import GameRuntime
import Glibc
import Logging
import QuizLibrary
import Synchronization
import Testing
import Vocabulary

@testable import Trivia

/// The quiz library's requests, on a library in a temporary folder: uploads with their problems
/// placed, editing with revisions, pictures, downloads, and the next game's plan sent to the game.
@Suite struct QuizDeskTests {
    static func desk() throws -> (QuizDesk, String) {
        let folder = "/tmp/quizdesk-\(UInt64.random(in: 0...UInt64.max))"
        mkdir(folder, 0o700)
        let desk = try QuizDesk.open(
            stateDirectory: folder, builtIn: QuestionBank.embedded(), questions: nil, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        return (desk, folder)
    }

    static func call(_ desk: QuizDesk, _ method: String, _ path: String, _ body: [UInt8] = [], headers: [String: String] = [:]) -> (Int, String) {
        let response = desk.answer(DeskRequest(method: method, path: path.split(separator: "/").map(String.init), headers: headers, body: body))
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }

    static func object(_ text: String) -> [String: JSONValue] {
        guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else { return [:] }
        return object
    }

    static let csv = Array("question,correct,wrong,category\nWhich planet is red?,Mars,Venus,Space\n2 + 2?,4,5,Math\n".utf8)

    @Test func anUploadWithAMistakeSaysWhereAndTheFixedFileImports() throws {
        let (desk, _) = try Self.desk()
        let broken = Array("question,correct,wrong\nWhich planet is red?,Mars,Venus\nEmpty?,,Nope\n".utf8)
        let (status, body) = Self.call(desk, "POST", "quizzes", broken, headers: ["x-file-name": "pub quiz.csv"])
        #expect(status == 422)
        #expect(Self.object(body)["error"] == .string("pub quiz.csv:3:8: the correct answer is empty; a question needs a question, a correct answer and at least one wrong answer"))
        let (created, summary) = Self.call(desk, "POST", "quizzes", Self.csv, headers: ["x-file-name": "pub quiz.csv"])
        #expect(created == 201, "\(summary)")
        #expect(Self.object(summary)["title"] == .string("pub quiz") && Self.object(summary)["questions"] == .integer(2))
        let (_, list) = Self.call(desk, "GET", "quizzes")
        #expect(list.contains(#""title":"Built-in questions""#) && list.contains(#""title":"pub quiz""#))
    }

    /// A browser sends a file's name alone: a name with a folder in it (or a control character)
    /// is refused before the file is read, and nothing is added. (The web port decodes the
    /// header the page percent-encodes: the desk is given `name`.)
    @Test(arguments: [
        ("../../etc/cron.d/quiz.csv", "has a folder in it"), ("..\\quiz.csv", "has a folder in it"),
        ("/etc/passwd.csv", "has a folder in it"), ("..", "has a folder in it"), ("quiz\n.csv", "has a control character in it"),
    ])
    func anUploadNamedWithAFolderIsRefusedAndAddsNothing(_ name: String, _ wrong: String) throws {
        let (desk, _) = try Self.desk()
        let (status, body) = Self.call(desk, "POST", "quizzes", Self.csv, headers: ["x-file-name": name])
        #expect(status == 400)
        #expect(Self.object(body)["error"] == .string("The file's name “\(name)” \(wrong); a file is uploaded by its own name, like pub quiz.csv."))
        #expect(try desk.store.list().map(\.title) == ["Built-in questions"])
    }

    @Test func aSecondSaveOfAChangedQuizIsRefusedAndNothingIsLost() throws {
        let (desk, _) = try Self.desk()
        let (_, created) = Self.call(desk, "POST", "quizzes", Self.csv, headers: ["x-file-name": "q.csv"])
        guard case .string(let id)? = Self.object(created)["id"] else { Issue.record("no id"); return }
        let (_, loaded) = Self.call(desk, "GET", "quizzes/\(id)")
        guard case .object(let document)? = Self.object(loaded)["document"] else { Issue.record("no document: \(loaded)"); return }
        func edit(_ title: String) -> [UInt8] {
            Array(try! JSONEncoder().encode(["title": JSONValue.string(title), "document": .object(document)]))
        }
        let (first, _) = Self.call(desk, "PUT", "quizzes/\(id)", edit("First editor"), headers: ["if-match": "\"1\""])
        #expect(first == 200)
        let (second, refusal) = Self.call(desk, "PUT", "quizzes/\(id)", edit("Second editor"), headers: ["if-match": "\"1\""])
        #expect(second == 409 && refusal.contains("changed elsewhere"), "\(refusal)")
        let (_, now) = Self.call(desk, "GET", "quizzes/\(id)")
        #expect(now.contains(#""title":"First editor""#) && now.contains(#""revision":2"#))
        let (unnamed, _) = Self.call(desk, "PUT", "quizzes/\(id)", edit("No revision"))
        #expect(unnamed == 428)
        let (builtIn, readOnly) = Self.call(desk, "PUT", "quizzes/built-in", edit("Mine"), headers: ["if-match": "1"])
        #expect(builtIn == 409 && readOnly.contains("save a copy"), "\(readOnly)")
    }

    @Test func aQuestionGetsAPictureServedAsItsBytesAreAndTheQuizDownloads() throws {
        let (desk, _) = try Self.desk()
        let (_, created) = Self.call(desk, "POST", "quizzes", Self.csv, headers: ["x-file-name": "pics.csv"])
        guard case .string(let id)? = Self.object(created)["id"] else { Issue.record("no id"); return }
        let png = Array(try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("QuizLibraryTests/Fixtures/tiny.png")))
        let (added, picture) = Self.call(desk, "POST", "quizzes/\(id)/pictures", png)
        #expect(added == 201, "\(picture)")
        guard case .string(let hash)? = Self.object(picture)["hash"] else { Issue.record("no hash"); return }
        let (notOne, refused) = Self.call(desk, "POST", "quizzes/\(id)/pictures", Array("<svg/>".utf8))
        #expect(notOne == 422 && refused.contains("not a PNG, JPEG, WebP or GIF"), "\(refused)")

        let bank = try QuestionBank(
            questions: [TriviaQuestion(text: "Which planet is red?", answers: ["Mars", "Venus"], correctIndex: 0, picture: hash)], source: "x")
        let document = try JSONDecoder().decode(JSONValue.self, from: try bank.json())
        let edit = Array(try JSONEncoder().encode(["title": JSONValue.string("pics"), "document": document]))
        let (saved, body) = Self.call(desk, "PUT", "quizzes/\(id)", edit, headers: ["if-match": "1"])
        #expect(saved == 200, "\(body)")
        let served = try #require(desk.file(at: ["pictures", id, hash]))
        #expect(served.contentType == "image/png" && served.body == png && served.headers["Cache-Control"]?.contains("immutable") == true)
        #expect(desk.file(at: ["pictures", id, String(repeating: "0", count: 64)]) == nil)
        #expect(desk.file(at: ["pictures", "../etc", hash]) == nil)

        let json = desk.answer(DeskRequest(method: "GET", path: ["quizzes", id, "quiz.json"]))
        #expect(json.headers["Content-Disposition"] == #"attachment; filename="pics.json"; filename*=UTF-8''pics.json"#)
        #expect(try QuestionBank.parse(Data(json.body), source: "back.json").questions[0].picture == hash)
        let csv = desk.answer(DeskRequest(method: "GET", path: ["quizzes", id, "quiz.csv"]))
        #expect(csv.contentType.hasPrefix("text/csv") && String(decoding: csv.body, as: UTF8.self).contains("Which planet is red?,Mars,Venus"))
    }

    @Test func theNextGameIsTheGamesCommandWithThePicturesPlace() throws {
        let (desk, _) = try Self.desk()
        let plan = #"{"quiz":"built-in","mode":"timed","rounds":3,"categories":["Space"],"shuffleAnswers":false}"#
        let (early, refusal) = Self.call(desk, "POST", "next-game", Array(plan.utf8))
        #expect(early == 503 && refusal.contains("not running yet"))
        let sent = Mutex<[HostCommand]>([])
        desk.attach { command in sent.withLock { $0.append(command) } }
        let (status, body) = Self.call(desk, "POST", "next-game", Array(plan.utf8))
        #expect(status == 202 && body.contains(#""questions":3"#), "\(body)")
        guard case .game(let command)? = sent.withLock({ $0.first }) else { Issue.record("nothing sent"); return }
        let next = try NextQuiz(command)
        #expect(next.title == "Built-in questions" && next.settings.mode == .timed && next.settings.rounds == 3 && !next.settings.shuffleAnswers)
        #expect(next.bank.questions.allSatisfy { $0.category == "Space" })
        #expect(next.settings.pictureBase == "/games/trivia/files/pictures/built-in/")
        let (unknown, why) = Self.call(desk, "POST", "next-game", Array(#"{"quiz":"built-in","categories":["Cheese"]}"#.utf8))
        #expect(unknown == 422 && why.contains("Cheese"), "\(why)")
    }

    @Test func requestsItDoesNotKnowAreRefusedSayingSo() throws {
        let (desk, _) = try Self.desk()
        #expect(Self.call(desk, "GET", "nothing").0 == 404)
        #expect(Self.call(desk, "GET", "quizzes/no-such-quiz").0 == 404)
        #expect(Self.call(desk, "GET", "quizzes/..").0 == 422)
        #expect(desk.bodyLimit(for: DeskRequest(method: "POST", path: ["quizzes"])) == QuizDesk.uploadLimit)
        #expect(desk.bodyLimit(for: DeskRequest(method: "POST", path: ["quizzes", "x", "pictures"])) == PictureCheck.maxBytes)
        #expect(desk.bodyLimit(for: DeskRequest(method: "GET", path: ["quizzes"])) == 0)
    }

    /// The host page's quiz library is the desk's public file, served as the web port serves its
    /// scripts, and holds nothing the pages' policy forbids (as PageHandlerTests checks theirs).
    @Test func theHostPagesQuizLibraryIsAPublicScript() throws {
        let (desk, _) = try Self.desk()
        let served = try #require(desk.file(at: ["quizzes.mjs"]))
        #expect(served.status == 200 && served.body == TriviaPage.quizzes && !served.body.isEmpty)
        #expect(served.contentType == "text/javascript; charset=utf-8" && served.headers["Cache-Control"] == "no-cache")
        #expect(desk.file(at: ["quizzes.js"]) == nil && desk.file(at: ["x", "quizzes.mjs"]) == nil)
        let text = String(decoding: served.body, as: UTF8.self).lowercased()
        for forbidden in ["style=\"", "<style", "javascript:", "eval(", "new function", "data:", "innerhtml"] {
            #expect(!text.contains(forbidden), "\(forbidden) in quizzes.mjs")
        }
        #expect(String(decoding: TriviaPage.watcherScript, as: UTF8.self).contains("/games/trivia/files/quizzes.mjs"))  // its hostTools
    }
}

/// The library's list and limits as `serve` sets them.
@Suite struct QuizLibraryListTests {
    @Test func theListSaysHowManyQuestionsEachQuizHasAndFollowsASave() throws {
        let (desk, _) = try QuizDeskTests.desk()
        let (_, created) = QuizDeskTests.call(desk, "POST", "quizzes", QuizDeskTests.csv, headers: ["x-file-name": "two.csv"])
        guard case .string(let id)? = QuizDeskTests.object(created)["id"] else { Issue.record("no id"); return }
        func count(_ id: String) -> JSONValue? {
            let (_, list) = QuizDeskTests.call(desk, "GET", "quizzes")
            guard case .array(let quizzes)? = QuizDeskTests.object(list)["quizzes"] else { return nil }
            for case .object(let quiz) in quizzes where quiz["id"] == .string(id) { return quiz["questions"] }
            return nil
        }
        #expect(count(id) == .integer(2))
        #expect(count(QuizDesk.builtInID) == .integer(Int64(QuestionBank.embedded().questions.count)))
        let one = #"{"title":"one","document":{"questions":[{"question":"Red planet?","answers":[{"text":"Mars","correct":true},{"text":"Venus"}]}]}}"#
        let (saved, answer) = QuizDeskTests.call(desk, "PUT", "quizzes/\(id)", Array(one.utf8), headers: ["if-match": "\"1\""])
        #expect(saved == 200, "\(answer)")
        #expect(count(id) == .integer(1))
    }

    @Test func serveSetsTheLibrarysLimitsInMegabytesAndOneQuizMayNotHoldMoreThanAll() throws {
        #expect(try TriviaOptions.limits(from: GameOptionValues()) == QuizLimits())
        let set = try TriviaOptions.limits(from: GameOptionValues(["quiz-limit": .integer(5), "library-limit": .integer(20)]))
        #expect(set.bytesPerQuiz == 5_000_000 && set.bytesInAll == 20_000_000)
        #expect(throws: SetupError.self) { try TriviaOptions.limits(from: GameOptionValues(["quiz-limit": .integer(600)])) == QuizLimits() }
        let folder = "/tmp/quizdesk-\(UInt64.random(in: 0...UInt64.max))"
        mkdir(folder, 0o700)
        let small = try QuizDesk.open(
            stateDirectory: folder, limits: QuizLimits(bytesPerQuiz: 100, bytesInAll: 1_000), builtIn: QuestionBank.embedded(), questions: nil,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let (status, refusal) = QuizDeskTests.call(small, "POST", "quizzes", QuizDeskTests.csv, headers: ["x-file-name": "big.csv"])
        #expect(status == 413 || status == 422 || status == 507, "\(status) \(refusal)")
        #expect(refusal.contains("100"), "\(refusal)")
    }
}
