import ArgumentParser
import GameRuntime
import Logging
import Matchmaking
import ServiceLifecycle

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
