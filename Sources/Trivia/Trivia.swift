import GameRuntime
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
        page: GamePage(name: TriviaPage.name, script: TriviaPage.script),
        host: { setup throws(SetupError) in
            let bank = try TriviaOptions.bank(from: setup.options)
            let settings = TriviaOptions.settings(from: setup.options)
            let table = TriviaTable(
                bank: bank, settings: settings, startRule: setup.startRule ?? TriviaRules.defaultStartRule, capacity: setup.capacity)
            // In buzzer mode the host marks each answer given aloud.
            let marks = settings.mode == .buzzer ? TriviaRules.markKeys.map { HostCommand.game($0.command) } : []
            return GameRegistration.hosting(table, screen: TriviaHostScreen(), capacity: setup.capacity, commands: HostCommand.plain + marks)
        },
        play: { session, options in
            let player = TriviaPlayer(session: session)
            let bot = options.bot ? TriviaBot(player: player) : nil
            return await PlayerTerminal(player: player, screen: TriviaPlayerScreen(writer: options.writer), bot: bot, once: options.once).run()
        })
}
