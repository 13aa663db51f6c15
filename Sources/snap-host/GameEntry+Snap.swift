import ArgumentParser
import GameRuntime
import Web
import SnapGame

extension GameEntry {
    /// The Snap! card game (docs/SNAP.md).
    static let snap = GameEntry(
        validate: { serve in
            guard serve.maxPlayers >= 2 else { throw ValidationError("snap needs --max-players of at least 2") }
        },
        prepare: { serve in
            let path = serve.snap.replayLog ?? serve.replayDir.map(ReplayLog.file(in:))
            let replay: ReplayLog?
            do {
                replay = try path.map { try ReplayLog(path: $0) }
            } catch {
                Terminal.err("snap-host: \(path ?? ""): cannot write the replay log")
                throw ExitCode(73)
            }
            let settings = serve.snap.settings(startRule: serve.trivia.startRule(else: SnapSettings.defaultStartRule))
            let table = SnapTable(settings: settings, capacity: serve.maxPlayers, seed: serve.snap.seed ?? UInt64.random(in: 0...UInt64.max))
            return GameRegistration.hosting(table, screen: SnapHostScreen(), capacity: table.lobby.capacity) { event in
                if case .note(let entry) = event { replay?.write(entry) }
            }
        },
        play: { session, style in
            let options = style.bot ? style.snapBot : nil
            let player = SnapPlayer(session: session)
            let bot = options.map {
                SnapBot(player: player, reaction: $0.reactionMs, jitter: $0.jitterMs, flipDelay: $0.flipMs, seed: UInt64.random(in: 0...UInt64.max))
            }
            let screen = SnapPlayerScreen(writer: style.writer, botReactionMs: options?.reactionMs)
            return await PlayerTerminal(player: player, screen: screen, bot: bot, once: style.once).run()
        },
        page: GamePage(name: SnapPage.name, script: SnapPage.script))
}
