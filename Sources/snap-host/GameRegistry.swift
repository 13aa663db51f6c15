import GameRuntime
import Pong
import Punchline
import SnapGame
import Trivia
import Vocabulary

/// The games snap-host knows: each one's registration, given whole by its own module (its
/// options included); snap-host knows no game's options.
enum GameRegistry {
    /// Every game, in the order the help lists them.
    static let games: [GameRegistration] = [
        .lobby,
        Trivia.registration,
        Snap.registration,
        PongGame.registration,
        Punchline.registration,
    ]

    /// The game called `name`.
    static func registration(for name: GameName) -> GameRegistration? { games.first { $0.name == name } }

    /// "`lobby`, `trivia`, `snap`, `pong` and `punchline`".
    static var list: String {
        let names = games.map { "`\($0.name)`" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// Every game's `serve` options, each name once (the command line's split takes them out).
    static var serveOptions: [GameOption] { distinct(games.flatMap(\.options)) }

    /// Every game's `join` options, each name once: `join` parses them before it knows the game.
    static var playOptions: [GameOption] { distinct(games.flatMap(\.playOptions)) }

    /// `options` without a second declaration of a name (games sharing an option must agree on
    /// whether it takes a value).
    private static func distinct(_ options: [GameOption]) -> [GameOption] {
        var seen: [String: GameOption] = [:]
        return options.filter { option in
            if let first = seen[option.name] {
                assert(first.takesValue == option.takesValue, "--\(option.name): games disagree on whether it takes a value")
                return false
            }
            seen[option.name] = option
            return true
        }
    }
}
