import ArgumentParser
import GameRuntime
import Logging
import Matchmaking
import ServiceLifecycle
import SnapGame
import Trivia

/// A game `serve` can host and `join` can play.
struct GameEntry: Sendable {
    /// Starts the game on the host's session, once it listens.
    typealias Start = @Sendable (HostSession, Logger) -> any Service

    /// Checks `serve`'s options for this game (other games' options are refused).
    let validate: @Sendable (Serve) throws -> Void
    /// Before listening: reads what the game needs (a file that cannot be used prints why and
    /// throws an exit code); returns how to start it.
    let prepare: @Sendable (Serve) throws -> Start
    /// Plays on a joined session as `join`'s options say; returns how the session ended.
    let play: @Sendable (PlayerSession, Join) async -> EndReason
}

/// The games snap-host knows, by name.
enum GameRegistry {
    /// Every game, in the order the help lists them.
    static let games: [(name: GameName, entry: GameEntry)] = [(.lobby, .lobby), (.trivia, .trivia), (.snap, .snap)]

    /// The game called `name`.
    static func entry(for name: GameName) -> GameEntry? { games.first { $0.name == name }?.entry }

    /// "`lobby`, `trivia` and `snap`".
    static var list: String {
        let names = games.map { "`\($0.name)`" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

extension GameEntry {
    /// Presence and chat.
    static let lobby = GameEntry(
        validate: { serve in
            if serve.trivia.isUsed { throw ValidationError("the trivia options need --game trivia") }
            if serve.snap.isUsed { throw ValidationError("the snap options need --game snap") }
        },
        prepare: { serve in
            let capacity = serve.maxPlayers
            return { session, logger in
                let terminal = HostTerminal(screen: LobbyHostScreen(), capacity: capacity)
                return GameHost(session: session, table: LobbyTable(), logger: logger, observer: terminal.show)
            }
        },
        play: { session, join in
            let player = GamePlayer<LobbyModel>(session: session)
            return await PlayerTerminal(player: player, screen: LobbyPlayerScreen(), bot: join.bot ? LobbyBot(player: player) : nil).run()
        })

    /// The trivia quiz (docs/TRIVIA.md).
    static let trivia = GameEntry(
        validate: { serve in
            if serve.snap.isUsed { throw ValidationError("the snap options need --game snap") }
        },
        prepare: { serve in
            let bank: QuestionBank
            do {
                bank = try serve.trivia.loadBank()
            } catch {
                Terminal.err("snap-host: \(error)")
                throw ExitCode(65)
            }
            let table = TriviaTable(bank: bank, settings: serve.trivia.settings, startRule: serve.trivia.startRule, capacity: serve.maxPlayers)
            return { session, logger in
                let screen = TriviaHostScreen()
                screen.announce(table)
                let terminal = HostTerminal(screen: screen, capacity: table.lobby.capacity)
                return GameHost(session: session, table: table, logger: logger, observer: terminal.show)
            }
        },
        play: { session, join in
            let player = TriviaPlayer(session: session)
            return await PlayerTerminal(player: player, screen: TriviaPlayerScreen(), bot: join.bot ? TriviaBot(player: player) : nil).run()
        })

    /// The Snap! card game (docs/SNAP.md).
    static let snap = GameEntry(
        validate: { serve in
            if serve.trivia.isUsedBeyondStart { throw ValidationError("the trivia options need --game trivia") }
            guard serve.maxPlayers >= 2 else { throw ValidationError("snap needs --max-players of at least 2") }
        },
        prepare: { serve in
            let replay: ReplayLog?
            do {
                replay = try serve.snap.replayLog.map { try ReplayLog(path: $0) }
            } catch {
                Terminal.err("snap-host: \(serve.snap.replayLog ?? ""): cannot write the replay log")
                throw ExitCode(73)
            }
            let settings = serve.snap.settings(startAfter: serve.trivia.startAfter)
            let table = SnapTable(settings: settings, capacity: serve.maxPlayers, seed: serve.snap.seed ?? UInt64.random(in: 0...UInt64.max))
            return { session, logger in
                let screen = SnapHostScreen()
                screen.announce(table)
                let terminal = HostTerminal(screen: screen, capacity: table.lobby.capacity)
                return GameHost(session: session, table: table, logger: logger) { event in
                    if case .note(let entry) = event { replay?.write(entry) }
                    terminal.show(event)
                }
            }
        },
        play: { session, join in
            let options = join.bot ? join.snapBot.bot : nil
            let player = SnapPlayer(session: session)
            let bot = options.map {
                SnapBot(player: player, reaction: $0.reactionMs, jitter: $0.jitterMs, flipDelay: $0.flipMs, seed: UInt64.random(in: 0...UInt64.max))
            }
            return await PlayerTerminal(player: player, screen: SnapPlayerScreen(botReactionMs: options?.reactionMs), bot: bot).run()
        })
}
