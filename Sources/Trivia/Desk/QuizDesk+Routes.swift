import FoundationEssentials
import GameRuntime
import QuizLibrary
import Vocabulary

extension QuizDesk {
    public func answer(_ request: DeskRequest) -> DeskResponse {
        do {
            return try route(request)
        } catch let error as QuizStoreError {
            return Self.refusal(error)
        } catch let error as DeskRefusal {
            return .problem(error.status, error.sentence)
        } catch {
            logger.error("quiz request failed", metadata: ["error": "\(error)"])
            return .problem(500, "The host could not do that: \(error).")
        }
    }

    private func route(_ request: DeskRequest) throws -> DeskResponse {
        let path = request.path
        switch (request.method, path.count, path.first) {
        case ("GET", 1, "quizzes"):
            return try Self.json(["quizzes": try store.list().map { Summary($0, questions: questionCount(of: $0)) }])
        case ("POST", 1, "quizzes"):
            return try upload(request)
        case (_, 2, "quizzes"), (_, 3, "quizzes"):
            return try quiz(try QuizID(path[1]), request)
        case ("POST", 1, "next-game"):
            return try nextGame(request)
        case ("GET", _, "reports"):
            return try report(path)
        default:
            throw DeskRefusal(404, "No such request: \(request.method) /host/api/\(path.joined(separator: "/")).")
        }
    }

    /// A request about one quiz.
    private func quiz(_ id: QuizID, _ request: DeskRequest) throws -> DeskResponse {
        switch (request.method, request.path.count == 3 ? request.path[2] : nil) {
        case ("GET", nil):
            let stored = try store.load(id)
            return Self.document(stored)
        case ("PUT", nil):
            let edit = try Self.decode(Edit.self, request.body, what: "the quiz")
            let bank = try Self.bank(of: edit.document, title: edit.title)
            let pictures = Set(try bank.questions.compactMap { $0.picture }.map { try PictureHash($0) })
            let saved = try store.save(
                id, title: edit.title, document: Array(try bank.json()), pictures: pictures, basedOn: try Self.revision(request))
            return try Self.json(Summary(saved))
        case ("DELETE", nil):
            try store.delete(id, basedOn: try Self.revision(request))
            return .json(Array("{}".utf8))
        case ("POST", "copy"?):
            let title = (try? Self.decode(Titled.self, request.body, what: "the copy's title"))?.title
            let original = try store.load(id)
            return try Self.json(Summary(try store.copy(id, title: title ?? "Copy of \(original.title)")), status: 201)
        case ("POST", "pictures"?):
            let picture = try store.addPicture(to: id, bytes: request.body)
            return try Self.json(PictureJSON(picture, url: Self.pictureURL(id, picture.hash)), status: 201)
        case ("GET", "quiz.json"?):
            let stored = try store.load(id)
            return Self.download(stored.document, type: "application/json", name: stored.title + ".json")
        case ("GET", "quiz.csv"?):
            let stored = try store.load(id)
            return Self.download(try Self.bank(of: stored).csv(), type: "text/csv; charset=utf-8", name: stored.title + ".csv")
        default:
            throw DeskRefusal(404, "No such request: \(request.method) /host/api/\(request.path.joined(separator: "/")).")
        }
    }

    /// An uploaded bank file becomes a quiz, titled by its name; its first problem, with where, is `422`.
    private func upload(_ request: DeskRequest) throws -> DeskResponse {
        let name = request.headers["x-file-name"] ?? "quiz"
        if let wrong = Self.fileNameProblem(name) {
            throw DeskRefusal(400, "The file's name “\(name.prefix(200))” \(wrong); a file is uploaded by its own name, like pub quiz.csv.")
        }
        guard !request.body.isEmpty else { throw DeskRefusal(422, "\(name): the file is empty.") }
        let bank: QuestionBank
        do {
            bank = try QuestionBank.parse(Data(request.body), source: name)
        } catch {
            throw DeskRefusal(422, "\(error)")
        }
        let created = try store.create(title: Self.title(ofFile: name), document: Array(try bank.json()))
        logger.info("quiz uploaded", metadata: ["quiz": "\(created.id)", "questions": "\(bank.questions.count)", "bytes": "\(request.body.count)"])
        return try Self.json(Summary(created, questions: bank.questions.count), status: 201)
    }

    /// The next game plays a quiz of the library: its plan to the game, as `nextQuiz`.
    private func nextGame(_ request: DeskRequest) throws -> DeskResponse {
        let choice = try Self.decode(NextGameChoice.self, request.body, what: "the next game")
        let id = try QuizID(choice.quiz)
        let stored = try store.load(id)
        var bank = try Self.bank(of: stored)
        if let categories = choice.categories, !categories.isEmpty {
            do { bank = try bank.only(categories: categories) } catch { throw DeskRefusal(422, "\(error)") }
        }
        var settings = TriviaSettings()
        settings.mode = choice.mode ?? .first
        settings.rounds = choice.rounds.map { $0 == 0 ? nil : $0 } ?? TriviaSettings.defaultRounds
        settings.questionTime = choice.questionTime.map { Int64($0 * 1_000_000) }
        if let result = choice.resultTime { settings.resultTime = Int64(result * 1_000_000) }
        settings.shuffleQuestions = choice.shuffleQuestions ?? true
        settings.shuffleAnswers = choice.shuffleAnswers ?? true
        settings.picturesOnPhones = choice.picturesOnPhones ?? false
        settings.pictureBase = "/games/trivia/files/pictures/\(id.rawValue)/"
        let plan = NextQuiz(title: stored.title, bank: bank, settings: settings)
        var command = try plan.command()
        if let teams = choice.teams, !teams.isEmpty {
            command.arguments["teams"] = .array(teams.map(JSONValue.string))
            command.arguments["teamPlacement"] = choice.teamPlacement.map(JSONValue.string)
        }
        do { _ = try NextQuiz(command) } catch { throw DeskRefusal(422, error.description) }  // the game's own check, here to say it now
        guard send(.game(command)) else { throw DeskRefusal(503, "The game is not running yet; try again in a moment.") }
        let chosen: [String: JSONValue] = ["title": .string(stored.title), "questions": .integer(Int64(Deck.count(settings.rounds, of: bank)))]
        return try Self.json(chosen, status: 202)
    }
}

/// A request the desk refuses: its status and the sentence the page shows.
struct DeskRefusal: Error {
    var status: Int
    var sentence: String
    init(_ status: Int, _ sentence: String) {
        self.status = status
        self.sentence = sentence
    }
}
