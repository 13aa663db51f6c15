import GameRuntime
import Vocabulary

/// Snap! as `snap-host` knows it (docs/SNAP.md): registered by its one line in the list of games,
/// its options declared in ``SnapOptions``.
public enum Snap {
    /// The card game: `serve --game snap` with its options, `join --bot` with its bot's, the page
    /// module.
    public static let registration = GameRegistration(
        name: .snap,
        title: "Snap!",
        summary: "the card game: flip in turn, snap a matching pair first (2 or more players)",
        options: SnapOptions.all,
        playOptions: SnapOptions.play,
        page: GamePage(name: SnapPage.name, script: SnapPage.script),
        host: { setup throws(SetupError) in
            guard setup.capacity >= 2 else { throw SetupError("snap needs --max-players of at least 2") }
            let replay = try SnapOptions.replay(from: setup)
            let table = SnapTable(
                settings: SnapOptions.settings(from: setup), capacity: setup.capacity, seed: setup.options.seed(SnapOptions.seed) ?? setup.seed)
            return GameRegistration.hosting(table, screen: SnapHostScreen(), capacity: setup.capacity) { event in
                if case .note(let entry) = event { replay?.write(entry) }
            }
        },
        play: { session, options in
            let player = SnapPlayer(session: session)
            let timing = options.bot ? SnapOptions.bot(from: options.values) : nil
            let bot = timing.map {
                SnapBot(player: player, reaction: $0.reaction, jitter: $0.jitter, flipDelay: $0.flip, seed: .random(in: 0...UInt64.max))
            }
            let screen = SnapPlayerScreen(writer: options.writer, botReactionMs: timing?.reaction)
            return await PlayerTerminal(player: player, screen: screen, bot: bot, once: options.once).run()
        })
}
