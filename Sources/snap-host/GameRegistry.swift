import ArgumentParser
import GameRuntime
import Logging
import Matchmaking
import ServiceLifecycle
import Pong
import Web

/// A game `serve` can host and `join` can play.
struct GameEntry: Sendable {
    /// Starts the game on the host's session, once it listens; shows it on the TV page's feed
    /// too when the web port is on. The game takes the host's commands (its terminal's keys,
    /// the host page).
    typealias Start = @Sendable (HostSession, Logger, ScreenFeed?) -> any HostedGame

    /// Checks `serve`'s options for this game (other games' options are refused).
    let validate: @Sendable (Serve) throws -> Void
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

/// The games snap-host knows, by name.
enum GameRegistry {
    /// Every game, in the order the help lists them.
    static let games: [(name: GameName, entry: GameEntry)] = [(.lobby, .lobby), (.trivia, .trivia), (.snap, .snap), (.pong, .pong)]

    /// The game called `name`.
    static func entry(for name: GameName) -> GameEntry? { games.first { $0.name == name }?.entry }

    /// "`lobby`, `trivia`, `snap` and `pong`".
    static var list: String {
        let names = games.map { "`\($0.name)`" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
