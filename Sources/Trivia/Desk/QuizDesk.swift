import FoundationEssentials
import GameRuntime
import Logging
import QuizLibrary
import Synchronization

/// Trivia's quiz library on the host page (docs/TRIVIA.md, "Your own quizzes"): the host's quizzes
/// in its state directory (``QuizStore``), uploaded in any bank format the game reads (snap-host's
/// JSON, CSV, Open Trivia DB's JSON, Kahoot's `.xlsx`), edited, downloaded as JSON or CSV, given
/// pictures, and played next (`nextQuiz`, through the game's command queue). The built-in bank and
/// a `serve --questions` file are listed read-only. A ``GameDesk``: the web port checks the host
/// page's token and bounds each body before this is asked (``bodyLimit(for:)``).
///
/// Requests (paths under `/host/api/`; answers JSON, a refusal `{"error": sentence}`):
///
/// | request | answer |
/// |---|---|
/// | `GET quizzes` | `{"quizzes": [summary…]}` |
/// | `POST quizzes` (the file; `X-File-Name`) | `201` the new quiz's summary; `422` the file's first problem, with its line and column or cell |
/// | `GET quizzes/ID` | `{"quiz": summary, "questions": […], "pictures": […]}` |
/// | `PUT quizzes/ID` (`If-Match: REVISION`; `{"title", "questions"}`) | the summary; `409` changed elsewhere |
/// | `DELETE quizzes/ID` (`If-Match`) | `{}` |
/// | `POST quizzes/ID/copy` | `201` the copy's summary |
/// | `POST quizzes/ID/pictures` (the picture) | `201` `{"hash", "format", "width", "height", "bytes", "url"}` |
/// | `GET quizzes/ID/quiz.json`, `…/quiz.csv` | the quiz to download |
/// | `POST next-game` (`{"quiz", "mode", "rounds", …}`) | `202` `{"title", "questions"}`: the next game plays it |
/// | `GET reports` | `{"reports": [{"id", "played", "summary"}…]}`, newest first (the last 100 games) |
/// | `GET reports/ID` | the game's summary: `{"id", "played", "title", "mode", "players", "questions", "hardest", "fastest"}` |
/// | `GET reports/ID/report.csv` | the game's report to download (``GameReport/csv()``) |
///
/// Public files (under `/games/trivia/files/`): `pictures/ID/HASH`, served as the type their
/// bytes are, kept by browsers for a year (a picture's name is its content's hash); and
/// `quizzes.mjs`, the host page's quiz library (``TriviaPage/quizzes``), and `reports.mjs`, its
/// past games (``TriviaPage/reports``).
public final class QuizDesk: GameDesk {
    let store: QuizStore
    /// The reports of the last games.
    public let reports: ReportShelf
    let logger: Logger
    private let commands = Mutex<(@Sendable (HostCommand) -> Void)?>(nil)
    /// How many questions each quiz's revision has, counted once (the list says it).
    private let questionCounts = Mutex<[QuizID: (revision: Int, questions: Int)]>([:])

    /// The largest file uploaded as a quiz (an `.xlsx` with Kahoot's pictures stays below).
    public static let uploadLimit = 20_000_000
    /// The largest quiz saved from the editor (its questions as JSON).
    public static let documentLimit = 5_000_000
    /// The largest small request (the next game's plan, a copy's title).
    static let smallLimit = 64 * 1024

    /// The id of the built-in bank in the library, and of a `serve --questions` file.
    public static let builtInID = "built-in", questionsID = "questions"
    /// The built-in bank's title, in the library and in a game's report.
    public static let builtInTitle = "Built-in questions"

    /// A desk over `store`.
    init(store: QuizStore, reports: ReportShelf, logger: Logger) {
        self.store = store
        self.reports = reports
        self.logger = logger
    }

    /// The library of `stateDirectory`, kept to `limits`, with `builtIn` and (a `serve
    /// --questions` file) `questions` read-only in it.
    public static func open(
        stateDirectory: String, limits: QuizLimits = QuizLimits(), builtIn: QuestionBank, questions: (title: String, bank: QuestionBank)?,
        logger: Logger
    ) throws -> QuizDesk {
        var readOnly = [ReadOnlyQuiz(id: try QuizID(builtInID), title: builtInTitle, document: Array(try builtIn.json()))]
        if let questions { readOnly.append(ReadOnlyQuiz(id: try QuizID(questionsID), title: questions.title, document: Array(try questions.bank.json()))) }
        let store = try QuizStore(
            folder: QuizStore.folder(inStateDirectory: stateDirectory), limits: limits, readOnly: readOnly, logger: logger)
        return QuizDesk(store: store, reports: ReportShelf(folder: ReportShelf.folder(inStateDirectory: stateDirectory)), logger: logger)
    }

    public func attach(commands: @escaping @Sendable (HostCommand) -> Void) { self.commands.withLock { $0 = commands } }

    /// Sends the game a command; false when it does not run yet.
    func send(_ command: HostCommand) -> Bool {
        guard let send = commands.withLock({ $0 }) else { return false }
        send(command)
        return true
    }

    public func bodyLimit(for request: DeskRequest) -> Int {
        switch (request.method, request.path.first, request.path.count) {
        case ("POST", "quizzes", 1): Self.uploadLimit
        case ("PUT", "quizzes", 2): Self.documentLimit
        case ("POST", "quizzes", 3) where request.path[2] == "pictures": PictureCheck.maxBytes
        case ("POST", _, _): Self.smallLimit
        default: 0
        }
    }

    public func file(at path: [String]) -> DeskResponse? {
        // The host page's tools (TriviaPage.quizzes, .reports), as the web port serves its scripts.
        if path == ["quizzes.mjs"] || path == ["reports.mjs"] {
            let script = path == ["quizzes.mjs"] ? TriviaPage.quizzes : TriviaPage.reports
            return DeskResponse(status: 200, contentType: "text/javascript; charset=utf-8", body: script, headers: ["Cache-Control": "no-cache"])
        }
        guard path.count == 3, path[0] == "pictures", let id = try? QuizID(path[1]), let hash = try? PictureHash(path[2]),
            let picture = try? store.picture(id, hash: hash)
        else { return nil }
        return DeskResponse(status: 200, contentType: picture.mediaType, body: picture.bytes, headers: ["Cache-Control": "public, max-age=31536000, immutable"])
    }

    /// How many questions the quiz `summary` names has: read once for each revision; nil when
    /// it cannot be read.
    func questionCount(of summary: QuizSummary) -> Int? {
        guard summary.problem == nil else { return nil }
        if let known = questionCounts.withLock({ $0[summary.id] }), known.revision == summary.revision { return known.questions }
        guard let stored = try? store.load(summary.id), let bank = try? Self.bank(of: stored) else { return nil }
        questionCounts.withLock { $0[stored.id] = (stored.revision, bank.questions.count) }
        return stored.revision == summary.revision ? bank.questions.count : nil
    }

    /// Where a picture of a quiz is served: `/games/trivia/files/pictures/ID/HASH`.
    public static func pictureURL(_ id: QuizID, _ hash: PictureHash) -> String { "/games/trivia/files/pictures/\(id.rawValue)/\(hash.hex)" }
}
