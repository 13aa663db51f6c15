import ArgumentParser
import GameRuntime
import Pong
import Web

extension GameEntry {
    /// Pong (docs/GAMES.md, "Pong"): two play, everyone else watches.
    static let pong = GameEntry(
        validate: { serve in
            guard serve.maxPlayers >= 2 else { throw ValidationError("pong needs --max-players of at least 2") }
        },
        prepare: { serve in
            let settings = try serve.pong.settings(startRule: serve.trivia.startRule(else: PongSettings.defaultStartRule))
            let table = PongTable(settings: settings, capacity: serve.maxPlayers, seed: UInt64.random(in: 0...UInt64.max))
            return GameRegistration.hosting(table, screen: PongHostScreen(), capacity: table.lobby.capacity)
        },
        play: { session, style in
            let player = PongPlayer(session: session)
            let bot = style.bot ? PongBot(player: player, seed: UInt64.random(in: 0...UInt64.max)) : nil
            let screen = PongPlayerScreen(writer: style.writer)
            return await PlayerTerminal(player: player, screen: screen, bot: bot, once: style.once).run()
        },
        hostCommands: { _ in HostCommand.plain.filter { $0 != .skip } },
        page: GamePage(name: PongPage.name, script: PongPage.script))
}
