import GameRuntime
import QuizLibrary
import Vocabulary

/// Trivia's `serve` options (`--game trivia`), declared once: the command line, the config file
/// and `serve --help` read them from here; ``settings(from:)`` and ``bank(from:)`` turn their
/// values into the quiz.
public enum TriviaOptions {
    /// `--questions FILE`.
    public static let questions = GameOption(
        "questions", kind: .text, valueName: "file",
        help: "Question bank: snap-host's JSON, CSV (question,correct,wrong,...) or Open Trivia DB's JSON (docs/TRIVIA.md). Default: the built-in bank.")
    /// `--category NAME`, repeatable.
    public static let category = GameOption(
        "category", kind: .repeatableText, valueName: "name",
        help: "Ask only questions of this category (ignoring case); repeat it or separate names with commas. An unknown name lists the bank's categories.")
    /// `--mode first|timed|buzzer`.
    public static let mode = GameOption(
        "mode", kind: .choice(TriviaMode.allCases.map(\.rawValue)),
        help: "Scoring: `first` (first correct answer scores and ends the question), `timed` (every correct answer before the deadline scores) or `buzzer` (the first to buzz answers aloud; the host marks it right or wrong).")
    /// `--question-time S`.
    public static let questionTime = GameOption(
        "question-time", kind: .number(0.5...600, unit: "seconds"),
        help: "Seconds per question, overriding the bank's own limits (default: the bank's, else 20).")
    /// `--rounds N`.
    public static let rounds = GameOption(
        "rounds", kind: .integer(1...Int.max),
        help: "Questions per game (default: \(TriviaSettings.defaultRounds), fewer if the bank has fewer).")
    /// `--result-time S`.
    public static let resultTime = GameOption(
        "result-time", kind: .number(0...60, unit: "seconds"),
        help: "Seconds each question's result stays up before the next question (default: 4).")

    /// `--teams NAMES`: team mode.
    public static let teams = GameOption(
        "teams", kind: .text, valueName: "names",
        help: "Team mode: \(TeamPlan.sizes.lowerBound) to \(TeamPlan.sizes.upperBound) team names separated by commas (\"Red,Blue\"), each 1 to \(TeamPlan.longestName) characters; a team scores the mean of its members' points.")
    /// `--team-placement choose|placed`.
    public static let teamPlacement = GameOption(
        "team-placement", kind: .choice(TeamPlacement.allCases.map(\.rawValue)),
        help: "With --teams: `choose` (players pick a team in the lobby; whoever has not is placed at the start; the default) or `placed` (each player goes to the smallest team).")
    /// `--quiz-limit MB`: the most one quiz of the library may hold.
    public static let quizLimit = GameOption(
        "quiz-limit", kind: .integer(1...100_000, unit: "MB"), valueName: "MB",
        help: "Most megabytes one quiz of the host page's library may hold, pictures included (default: 50).")
    /// `--library-limit MB`: the most all the library's quizzes may hold.
    public static let libraryLimit = GameOption(
        "library-limit", kind: .integer(1...1_000_000, unit: "MB"), valueName: "MB",
        help: "Most megabytes all the library's quizzes may hold together, in the state directory (default: 500).")

    /// The quiz library's limits that `values` set (the defaults otherwise); a ``SetupError`` when
    /// one quiz may hold more than all of them together.
    public static func limits(from values: GameOptionValues) throws(SetupError) -> QuizLimits {
        var limits = QuizLimits()
        if let megabytes = values.integer(quizLimit) { limits.bytesPerQuiz = megabytes * 1_000_000 }
        if let megabytes = values.integer(libraryLimit) { limits.bytesInAll = megabytes * 1_000_000 }
        guard limits.bytesPerQuiz <= limits.bytesInAll else {
            throw SetupError(
                "--quiz-limit: \(limits.bytesPerQuiz / 1_000_000) MB for one quiz is more than the library's \(limits.bytesInAll / 1_000_000) MB (--library-limit)")
        }
        return limits
    }

    /// Every option, in the order help lists them.
    public static let all = [questions, category, mode, questionTime, rounds, resultTime, teams, teamPlacement, quizLimit, libraryLimit]

    /// The rules of every game that `values` give; team names that make no plan are a usage
    /// error naming the rule they break.
    public static func settings(from values: GameOptionValues) throws(SetupError) -> TriviaSettings {
        var settings = TriviaSettings()
        settings.mode = values.choice(mode) ?? .first
        settings.questionTime = values.number(questionTime).map { Int64($0 * 1_000_000) }
        if let rounds = values.integer(rounds) { settings.rounds = rounds }
        if let resultTime = values.number(resultTime) { settings.resultTime = Int64(resultTime * 1_000_000) }
        settings.quizTitle = values.text(questions).map(QuizDesk.title(ofFile:)) ?? QuizDesk.builtInTitle
        let placement: TeamPlacement? = values.choice(teamPlacement)
        if let names = values.text(teams) {
            do {
                settings.teams = try TeamPlan(list: names, placement: placement ?? .choose)
            } catch {
                let commas = if case .count = error { " (separate them with commas: \"Red,Blue\")" } else { "" }
                throw SetupError("--teams \(names.isEmpty ? "''" : names): \(error)\(commas)")
            }
        } else if placement != nil {
            throw SetupError("--team-placement needs --teams (the teams' names, \"Red,Blue\")")
        }
        return settings
    }

    /// The questions `values` choose: the `--questions` file (else the built-in bank), of the
    /// `--category` categories. A file that cannot be used is an ``SetupError/Cause/input``
    /// error naming FILE:LINE:COLUMN; an unknown category lists the bank's.
    public static func bank(from values: GameOptionValues) throws(SetupError) -> QuestionBank {
        let file: QuestionBank
        if let path = values.text(questions) {
            do { file = try QuestionBank.load(path: path) } catch { throw SetupError("\(error)", cause: .input) }
        } else {
            file = QuestionBank.embedded()
        }
        return try chosen(values.texts(category), from: file)
    }

    /// The questions of the `names` categories (all of them without any). Each value is a
    /// category's name, or names separated by commas (a value naming a category as a whole is
    /// that category, commas and all).
    static func chosen(_ values: [String], from bank: QuestionBank) throws(SetupError) -> QuestionBank {
        guard !values.isEmpty else { return bank }
        let known = Set(bank.categories.map { $0.name.lowercased() })
        let names = values.flatMap { value in
            let whole = value.trimmingWhitespaceAndNewlines()
            return known.contains(whole.lowercased()) ? [whole] : value.split(separator: ",").map { $0.trimmingWhitespaceAndNewlines() }
        }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw SetupError("--category: expected a category name") }
        do {
            return try bank.only(categories: names)
        } catch {
            throw SetupError("--category: \(error)")
        }
    }
}
