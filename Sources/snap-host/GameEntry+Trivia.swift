import ArgumentParser
import GameRuntime
import Web
import Trivia

extension GameEntry {
    /// The trivia quiz (docs/TRIVIA.md).
    static let trivia = GameEntry(
        prepare: { serve in
            let file: QuestionBank
            do {
                file = try serve.trivia.loadBank()
            } catch {
                Terminal.err("snap-host: \(error)")
                throw ExitCode(65)
            }
            let bank = try serve.trivia.chosen(from: file)
            let table = TriviaTable(bank: bank, settings: serve.trivia.settings, startRule: serve.trivia.startRule(else: TriviaRules.defaultStartRule), capacity: serve.maxPlayers)
            return GameRegistration.hosting(table, screen: TriviaHostScreen(), capacity: table.lobby.capacity)
        },
        play: { session, style in
            let player = TriviaPlayer(session: session)
            let screen = TriviaPlayerScreen(writer: style.writer)
            return await PlayerTerminal(player: player, screen: screen, bot: style.bot ? TriviaBot(player: player) : nil, once: style.once).run()
        },
        hostCommands: { serve in
            // In buzzer mode the host marks each answer given aloud.
            HostCommand.plain + (serve.trivia.settings.mode == .buzzer ? TriviaRules.markKeys.map { .game($0.command) } : [])
        },
        page: GamePage(name: TriviaPage.name, script: TriviaPage.script))
}
