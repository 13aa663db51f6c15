import GameRuntime
import Logging
import QuizLibrary
import Vocabulary

/// Trivia as `snap-host` knows it (docs/TRIVIA.md): registered by its one line in the list of
/// games, its options declared in ``TriviaOptions``.
public enum Trivia {
    /// The quiz: `serve --game trivia` with its options, `join --bot`, the page module.
    public static let registration = GameRegistration(
        name: .trivia,
        title: "Trivia",
        summary: "a quiz: first correct answer, timed rounds or the buzzer (1 or more players)",
        options: TriviaOptions.all,
        page: GamePage(name: TriviaPage.name, script: TriviaPage.script, watcherScript: TriviaPage.watcherScript),
        host: { setup throws(SetupError) in
            let bank = try TriviaOptions.bank(from: setup.options)
            let settings = try TriviaOptions.settings(from: setup.options)
            let table = TriviaTable(
                bank: bank, settings: settings, startRule: setup.startRule ?? TriviaRules.defaultStartRule, capacity: setup.capacity)
            // In buzzer mode the host marks each answer given aloud.
            let marks = settings.mode == .buzzer ? TriviaRules.markKeys.map { HostCommand.game($0.command) } : []
            let desk = quizLibrary(setup, limits: try TriviaOptions.limits(from: setup.options))
            var prepared = GameRegistration.hosting(
                table, screen: TriviaHostScreen(reports: desk?.reports), capacity: setup.capacity, commands: HostCommand.plain + marks)
            prepared.desk = desk
            return prepared
        },
        play: { session, options in
            let player = TriviaPlayer(session: session)
            let bot = options.bot ? TriviaBot(player: player) : nil
            return await PlayerTerminal(player: player, screen: TriviaPlayerScreen(writer: options.writer), bot: bot, once: options.once).run()
        })
}

extension Trivia {
    /// The quiz library of the host's state directory on the host page (``QuizDesk``), with the
    /// built-in bank and a `--questions` file read-only in it, kept to `limits`; nil without a state directory,
    /// or when the library cannot be opened (said in the log: the game goes on without it).
    static func quizLibrary(_ setup: GameSetup, limits: QuizLimits) -> QuizDesk? {
        let logger = Logger(label: "snap-host.quizzes")
        guard let state = setup.stateDirectory else { return nil }
        var questions: (title: String, bank: QuestionBank)?
        if let path = setup.options.text(TriviaOptions.questions), let bank = try? QuestionBank.load(path: path) {
            questions = (QuizDesk.title(ofFile: path), bank)
        }
        do {
            return try QuizDesk.open(
                stateDirectory: state, limits: limits, builtIn: QuestionBank.embedded(), questions: questions, logger: logger)
        } catch {
            logger.warning("quiz library unavailable", metadata: ["error": "\(error)"])
            return nil
        }
    }
}

