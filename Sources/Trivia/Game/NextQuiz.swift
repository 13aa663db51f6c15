import FoundationEssentials
import GameRuntime
import Vocabulary

/// What the next game plays, chosen on the host page (the quiz library's desk sends it as the
/// game's command `nextQuiz`, between games): a quiz's title and questions, and the rules of the
/// game. The terminal keys and the config file choose as before; this only replaces the bank and
/// the settings from the next game on.
public struct NextQuiz: Hashable, Sendable {
    /// The command's name.
    public static let command = "nextQuiz"
    /// The quiz's title, as the host page and the host's terminal name it.
    public var title: String
    /// Its questions (the categories chosen only).
    public var bank: QuestionBank
    /// The game's rules.
    public var settings: TriviaSettings

    /// A plan.
    public init(title: String, bank: QuestionBank, settings: TriviaSettings) {
        self.title = title
        self.bank = bank
        self.settings = settings
    }

    /// The command that plays it: `{"command":"nextQuiz","title":…,"quiz":{"questions":[…]},
    /// "mode":"timed","rounds":10,"questionTime":20,"resultTime":4,"shuffleQuestions":true,
    /// "shuffleAnswers":true,"teams":["Red","Blue"],"teamPlacement":"choose"}` (times in seconds;
    /// `rounds` 0: every question; no `questionTime`: each question's own limit; no `teams`:
    /// no team mode). `quiz` is the bank in snap-host's JSON.
    public func command() throws -> GameCommand {
        let quiz = try JSONDecoder().decode(JSONValue.self, from: bank.json())
        var arguments: [String: JSONValue] = [
            "title": .string(title), "quiz": quiz, "mode": .string(settings.mode.rawValue),
            "rounds": .integer(Int64(settings.rounds ?? 0)), "resultTime": .number(Double(settings.resultTime) / 1_000_000),
            "shuffleQuestions": .bool(settings.shuffleQuestions), "shuffleAnswers": .bool(settings.shuffleAnswers),
        ]
        if let time = settings.questionTime { arguments["questionTime"] = .number(Double(time) / 1_000_000) }
        if let base = settings.pictureBase { arguments["pictureBase"] = .string(base) }
        if settings.picturesOnPhones { arguments["picturesOnPhones"] = .bool(true) }
        if let plan = settings.teams {
            arguments["teams"] = .array(plan.names.map(JSONValue.string))
            arguments["teamPlacement"] = .string(plan.placement.rawValue)
        }
        return GameCommand(Self.command, arguments)
    }

    /// The plan a `nextQuiz` command carries; a sentence saying what is wrong otherwise.
    public init(_ command: GameCommand) throws(SetupError) {
        let arguments = command.arguments
        guard case .string(let title)? = arguments["title"], !title.isEmpty else { throw SetupError("title: the quiz's title, a string") }
        guard let quiz = arguments["quiz"], let data = try? JSONEncoder().encode(quiz) else {
            throw SetupError("quiz: the questions, in snap-host's JSON")
        }
        do {
            bank = try QuestionBank.parse(data, source: title + ".json")
        } catch {
            throw SetupError("quiz: \(error)")
        }
        self.title = title
        var settings = TriviaSettings()
        if let mode = arguments["mode"] {
            guard case .string(let word) = mode, let chosen = TriviaMode(rawValue: word) else {
                throw SetupError("mode: first, timed or buzzer")
            }
            settings.mode = chosen
        }
        if let rounds = arguments["rounds"] {
            guard case .integer(let count) = rounds, (0...10_000).contains(count) else { throw SetupError("rounds: a whole number, 0 for every question") }
            settings.rounds = count == 0 ? nil : Int(count)
        }
        settings.questionTime = try Self.seconds(arguments["questionTime"], "questionTime", 0.5...600)
        if let result = try Self.seconds(arguments["resultTime"], "resultTime", 0...60) { settings.resultTime = result }
        let flags = [
            ("shuffleQuestions", \TriviaSettings.shuffleQuestions), ("shuffleAnswers", \TriviaSettings.shuffleAnswers),
            ("picturesOnPhones", \TriviaSettings.picturesOnPhones),
        ]
        for (key, path) in flags {
            guard let value = arguments[key] else { continue }
            guard case .bool(let flag) = value else { throw SetupError("\(key): true or false") }
            settings[keyPath: path] = flag
        }
        if let base = arguments["pictureBase"] {
            guard case .string(let path) = base, path.hasPrefix("/games/trivia/files/"), path.hasSuffix("/") else {
                throw SetupError("pictureBase: where the quiz's pictures are, /games/trivia/files/…/")
            }
            settings.pictureBase = path
        }
        settings.teams = try Self.teams(arguments["teams"], placement: arguments["teamPlacement"])
        self.settings = settings
    }

    /// Team mode's plan: `teams`, an array of names, and `teamPlacement`, `choose` (the default)
    /// or `placed`; nil without `teams`.
    private static func teams(_ value: JSONValue?, placement: JSONValue?) throws(SetupError) -> TeamPlan? {
        let placements = TeamPlacement.allCases.map(\.rawValue)
        var how = TeamPlacement.choose
        if let placement {
            guard case .string(let word) = placement, let chosen = TeamPlacement(rawValue: word) else {
                throw SetupError("teamPlacement: \(placements.joined(separator: " or "))")
            }
            how = chosen
        }
        guard let value else {
            if placement != nil { throw SetupError("teamPlacement: only with teams (the teams' names)") }
            return nil
        }
        var names: [String] = []
        guard case .array(let items) = value else { throw SetupError("teams: an array of the teams' names, e.g. [\"Red\",\"Blue\"]") }
        for item in items {
            guard case .string(let name) = item else { throw SetupError("teams: each team's name is a string") }
            names.append(name)
        }
        do {
            return try TeamPlan(names: names, placement: how)
        } catch {
            throw SetupError("teams: \(error)")
        }
    }

    /// Seconds in `range` as microseconds; nil when absent.
    private static func seconds(_ value: JSONValue?, _ key: String, _ range: ClosedRange<Double>) throws(SetupError) -> Int64? {
        guard let value else { return nil }
        let seconds: Double
        switch value {
        case .integer(let whole): seconds = Double(whole)
        case .number(let number): seconds = number
        default: throw SetupError("\(key): a number of seconds, \(range.lowerBound)-\(range.upperBound)")
        }
        guard range.contains(seconds) else { throw SetupError("\(key): \(seconds) s is outside \(range.lowerBound)-\(range.upperBound) s") }
        return Int64(seconds * 1_000_000)
    }
}
