import GameRuntime
import Vocabulary

/// Punchline as `snap-host` knows it (docs/PUNCHLINE.md): registered by its one line in the
/// list of games.
public enum Punchline {
    /// The game: `serve --game punchline`, `join --bot`, the page module.
    public static let registration = GameRegistration(
        name: .punchline,
        title: "Punchline",
        summary: "write the funniest answer to a prompt, vote for the best (2 or more players)",
        page: GamePage(name: PunchlinePage.name, script: PunchlinePage.script),
        host: { setup throws(SetupError) in
            guard setup.capacity >= 2 else { throw SetupError("punchline needs --max-players of at least 2") }
            let table = PunchlineTable(
                rules: PunchlineRules(seed: setup.seed), startRule: setup.startRule ?? PunchlineRules.usualStartRule, capacity: setup.capacity)
            return GameRegistration.hosting(table, screen: PunchlineHostScreen(), capacity: setup.capacity)
        },
        play: { session, options in
            let player = PunchlinePlayer(session: session)
            let bot = options.bot ? PunchlineBot(player: player, seed: .random(in: 0...UInt64.max)) : nil
            return await PlayerTerminal(player: player, screen: PunchlinePlayerScreen(writer: options.writer), bot: bot, once: options.once).run()
        })
}
