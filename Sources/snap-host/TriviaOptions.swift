import ArgumentParser
import FoundationEssentials
import GameRuntime
import Matchmaking
import Trivia

/// `serve`'s trivia options (with `--game trivia`).
struct TriviaOptions: ParsableArguments {
    @Option(help: "Question bank: snap-host's JSON, CSV (question,correct,wrong,...) or Open Trivia DB's JSON (docs/TRIVIA.md). Default: the built-in bank.")
    var questions: String?

    @Option(help: ArgumentHelp(
        "Ask only questions of this category (ignoring case); repeat it or separate names with commas. An unknown name lists the bank's categories.",
        valueName: "name"))
    var category: [String] = []

    @Option(help: "Scoring: `first` (first correct answer scores and ends the question), `timed` (every correct answer before the deadline scores) or `buzzer` (the first to buzz answers aloud; the host marks it right or wrong).")
    var mode: TriviaMode?

    @Option(help: "Seconds per question, overriding the bank's own limits (default: the bank's, else 20).")
    var questionTime: Double?

    @Option(help: "Questions per game (default: \(TriviaSettings.defaultRounds), fewer if the bank has fewer).")
    var rounds: Int?

    @Flag(help: "Start a game as soon as --max-players players are present.")
    var startWhenFull = false

    @Option(help: "Start a game this many seconds after the first player arrives (default: 10).")
    var startAfter: Double?

    @Option(help: ArgumentHelp(
        "Start the first game at this time of day (24-hour; the next time this machine's clock shows it, within 24 h) with whoever is here, counting down on every screen; later games start by the default rule.",
        valueName: "HH:MM"))
    var startAt: String?

    @Option(help: "Seconds each question's result stays up before the next question.")
    var resultTime: Double?

    /// Whether any trivia option was given.
    var isUsed: Bool {
        isUsedBeyondStart || startWhenFull || startAfter != nil || startAt != nil
    }

    /// Whether a trivia option other than the start rule was given (Snap! shares the start rule).
    var isUsedBeyondStart: Bool {
        questions != nil || !category.isEmpty || mode != nil || questionTime != nil || rounds != nil || resultTime != nil
    }

    func validate() throws {
        if startWhenFull, startAfter != nil { throw ValidationError("--start-when-full and --start-after exclude each other") }
        if let startAt {
            if startWhenFull || startAfter != nil { throw ValidationError("--start-at excludes --start-when-full and --start-after: choose one start rule") }
            do { _ = try ClockTime(parsing: startAt) } catch { throw ValidationError("--start-at \(error)") }
        }
        if let questionTime, !(0.5...600).contains(questionTime) { throw ValidationError("--question-time must be 0.5-600 seconds") }
        if let rounds, rounds < 1 { throw ValidationError("--rounds must be at least 1") }
        if let startAfter, !(0...3600).contains(startAfter) { throw ValidationError("--start-after must be 0-3600 seconds") }
        if let resultTime, !(0...60).contains(resultTime) { throw ValidationError("--result-time must be 0-60 seconds") }
    }

    /// The game rules these options give.
    var settings: TriviaSettings {
        var settings = TriviaSettings()
        settings.mode = mode ?? .first
        settings.questionTime = questionTime.map { Int64($0 * 1_000_000) }
        if let rounds { settings.rounds = rounds }
        if let resultTime { settings.resultTime = Int64(resultTime * 1_000_000) }
        return settings
    }

    /// When games start: as the options say, else `fallback` (the game's default). A
    /// `--start-at` time is put on the host's monotonic clock here, once: the next time this
    /// machine's local clock shows it.
    func startRule(else fallback: StartRule) -> StartRule { chosenStartRule ?? fallback }

    /// The start rule the options give; nil when they give none (the game's usual rule then).
    var chosenStartRule: StartRule? {
        if startWhenFull { return .whenFull }
        if let startAfter { return .after(Int64(startAfter * 1_000_000)) }
        if let startAt, let clock = try? ClockTime(parsing: startAt) {
            return .at(ScheduledStart(clock: clock, time: MonotonicClock.now() + LocalTime.wait(until: clock)))
        }
        return nil
    }

    /// The bank: the file given, else the built-in one.
    func loadBank() throws(QuestionBankError) -> QuestionBank {
        guard let questions else { return QuestionBank.embedded() }
        return try QuestionBank.load(path: questions)
    }

    /// The questions of the `--category` categories (all of them without the option). Each
    /// value is a category's name, or names separated by commas (a value naming a category as a
    /// whole is that category, commas and all). An unknown name is a usage error listing the
    /// bank's categories.
    func chosen(from bank: QuestionBank) throws -> QuestionBank {
        guard !category.isEmpty else { return bank }
        let known = Set(bank.categories.map { $0.name.lowercased() })
        let names = category.flatMap { value in
            let whole = value.trimmingWhitespaceAndNewlines()
            return known.contains(whole.lowercased()) ? [whole] : value.split(separator: ",").map { $0.trimmingWhitespaceAndNewlines() }
        }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw ValidationError("--category: expected a category name") }
        do {
            return try bank.only(categories: names)
        } catch {
            throw ValidationError("--category: \(error)")
        }
    }
}

extension TriviaMode: ExpressibleByArgument {}
