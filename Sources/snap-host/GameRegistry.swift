import ArgumentParser
import GameRuntime
import Logging
import Matchmaking
import ServiceLifecycle
import Pong
import Punchline
import Web

/// A game `serve` can host and `join` can play.
struct GameEntry: Sendable {
    /// Starts the game on the host's session, once it listens; shows it on the TV page's feed
    /// too when the web port is on. The game takes the host's commands (its terminal's keys,
    /// the host page).
    typealias Start = GameRegistration.Start

    /// Checks `serve`'s options for this game (other games' options are refused before, by
    /// ``refuseOtherGamesOptions(_:for:)``).
    var validate: @Sendable (Serve) throws -> Void = { _ in }
    /// Before listening: reads what the game needs (a file that cannot be used prints why and
    /// throws an exit code); returns how to start it.
    let prepare: @Sendable (Serve) throws -> Start
    /// Plays on a joined session, as a person or a bot; returns how the session ended.
    let play: @Sendable (PlayerSession, PlayStyle) async -> EndReason
    /// The commands the host page offers as buttons for `serve`'s options (kick is offered by
    /// each player).
    var hostCommands: @Sendable (Serve) -> [HostCommand] = { _ in HostCommand.plain }
    /// The game's page module, served to the phone, TV and host pages (none: the lobby alone).
    var page: GamePage? = nil
}

/// How a player plays: a person at the keyboard or a bot, and where its screen goes.
struct PlayStyle: Sendable {
    /// Whether a bot plays (no key is read).
    var bot: Bool
    /// Leave at the first game over (`join --once`).
    var once = false
    /// How a Snap! bot plays.
    var snapBot: SnapBotOptions
    /// Where the player's screen is written.
    var writer: ScreenWriter

    /// As `join`'s options say, on stdout.
    init(_ join: Join) {
        self.init(bot: join.bot, snapBot: join.snapBot.bot, writer: .standard)
        once = join.once
    }

    /// The game runtime's part (bot, once, writer) of the style.
    var options: PlayOptions { PlayOptions(bot: bot, once: once, writer: writer) }

    /// A bot whose screen goes nowhere (a bot filling a seat on the host: `serve --bots`).
    static var silentBot: PlayStyle {
        PlayStyle(bot: true, snapBot: SnapBotOptions(reactionMs: 300, jitterMs: 150, flipMs: 400), writer: ScreenWriter(inPlace: false) { _ in })
    }

    init(bot: Bool, snapBot: SnapBotOptions, writer: ScreenWriter) {
        self.bot = bot
        self.snapBot = snapBot
        self.writer = writer
    }
}

extension GameEntry {
    /// The entry of a game registered by its own module (``GameRegistration``): its setup is
    /// `serve`'s players and start options; it has no options of its own.
    init(_ registration: GameRegistration) {
        self.init(
            prepare: { serve in
                let setup = GameSetup(capacity: serve.maxPlayers, startRule: serve.trivia.chosenStartRule)
                do {
                    return try registration.host(setup)
                } catch {
                    throw ValidationError("\(error)")
                }
            },
            play: { session, style in await registration.play(session, style.options) },
            hostCommands: { _ in registration.hostCommands },
            page: registration.page)
    }
}

/// The games snap-host knows, by name.
enum GameRegistry {
    /// Every game, in the order the help lists them.
    static let games: [(name: GameName, entry: GameEntry)] = [
        (.lobby, .lobby), (.trivia, .trivia), (.snap, .snap), (.pong, .pong),
        (.punchline, GameEntry(Punchline.registration)),
    ]

    /// The game called `name`.
    static func entry(for name: GameName) -> GameEntry? { games.first { $0.name == name }?.entry }

    /// "`lobby`, `trivia`, `snap` and `pong`".
    static var list: String {
        let names = games.map { "`\($0.name)`" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

extension GameEntry {
    /// The options of another game than `game` that `serve` uses, refused by name: each game's
    /// options belong to it (the start options belong to every game but the lobby).
    static func refuseOtherGamesOptions(_ serve: Serve, for game: GameName) throws {
        let owners: [(GameName, Bool)] = [
 (.trivia, game == .lobby ? serve.trivia.isUsed : serve.trivia.isUsedBeyondStart),
 (.snap, serve.snap.isUsed), (.pong, serve.pong.isUsed),
        ]
        for (owner, used) in owners where owner != game && used {
            throw ValidationError("the \(owner) options need --game \(owner)")
        }
    }
}
