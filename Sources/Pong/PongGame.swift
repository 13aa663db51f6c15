import GameRuntime
import Vocabulary

/// Pong as `snap-host` knows it (docs/GAMES.md, "Pong"): registered by its one line in the list
/// of games.
public enum PongGame {
    /// `--points N`: the points that win a game.
    public static let points = GameOption(
        "points", kind: .integer(PongSettings.pointsRange),
        help: "Points that win a game (\(PongSettings.pointsRange.lowerBound)-\(PongSettings.pointsRange.upperBound); default \(PongSettings().points)).")

    /// Two play, everyone else watches: `serve --game pong`, `join --bot`, the page module.
    public static let registration = GameRegistration(
        name: .pong,
        title: "Pong",
        summary: "two paddles, one ball, on the real-time channel (2 play, the others watch)",
        options: [points],
        page: GamePage(name: PongPage.name, script: PongPage.script),
        host: { setup throws(SetupError) in
            guard setup.capacity >= 2 else { throw SetupError("pong needs --max-players of at least 2") }
            let settings: PongSettings
            do {
                settings = try PongSettings(
                    points: setup.options.integer(points) ?? PongSettings().points, startRule: setup.startRule ?? PongSettings.defaultStartRule)
            } catch {
                throw SetupError("\(error)")
            }
            let table = PongTable(settings: settings, capacity: setup.capacity, seed: setup.seed)
            return GameRegistration.hosting(
                table, screen: PongHostScreen(), capacity: setup.capacity, commands: HostCommand.plain.filter { $0 != .skip })
        },
        play: { session, options in
            let player = PongPlayer(session: session)
            let bot = options.bot ? PongBot(player: player, seed: .random(in: 0...UInt64.max)) : nil
            return await PlayerTerminal(player: player, screen: PongPlayerScreen(writer: options.writer), bot: bot, once: options.once).run()
        })
}
