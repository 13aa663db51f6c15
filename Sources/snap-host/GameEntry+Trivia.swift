import ArgumentParser
import GameRuntime
import Web
import Trivia

extension GameEntry {
    /// The trivia quiz (docs/TRIVIA.md).
    static let trivia = GameEntry(
        validate: { serve in
            if serve.pong.isUsed { throw ValidationError("the pong options need --game pong") }
            if serve.snap.isUsed { throw ValidationError("the snap options need --game snap") }
        },
        prepare: { serve in
            let file: QuestionBank
            do {
                file = try serve.trivia.loadBank()
            } catch {
                Terminal.err("snap-host: \(error)")
                throw ExitCode(65)
            }
            let bank = try serve.trivia.chosen(from: file)
            let table = TriviaTable(bank: bank, settings: serve.trivia.settings, startRule: serve.trivia.startRule(else: TriviaTable.defaultStartRule), capacity: serve.maxPlayers)
            return { session, logger, feed in
                let screen = TriviaHostScreen()
                screen.announce(table)
                let terminal = HostTerminal(screen: screen, capacity: table.lobby.capacity)
                let host = GameHost(session: session, table: table, logger: logger, observer: { terminal.show($0); feed?.publish($0) })
                return ControlledGameHost(host: host, terminal: terminal)
            }
        },
        play: { session, style in
            let player = TriviaPlayer(session: session)
            let screen = TriviaPlayerScreen(writer: style.writer)
            return await PlayerTerminal(player: player, screen: screen, bot: style.bot ? TriviaBot(player: player) : nil, once: style.once).run()
        },
        hostCommands: { serve in
            // In buzzer mode the host marks each answer given aloud.
            HostCommand.plain + (serve.trivia.settings.mode == .buzzer ? [.mark(right: true), .mark(right: false)] : [])
        },
        page: GamePage(name: TriviaPage.name, script: TriviaPage.script))
}
