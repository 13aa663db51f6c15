/// Why a game's options cannot be read (``GameOptionParser``): each says what was wrong and what
/// is allowed, as `serve` prints it.
public enum GameOptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A game that declares an option: how messages name it, and its `--game` name.
    public struct Owner: Hashable, Sendable {
        /// `Pong`.
        public var title: String
        /// `pong`.
        public var name: String

        /// An owner.
        public init(title: String, name: String) {
            self.title = title
            self.name = name
        }
    }

    /// `--NAME` is not an option of the game `game` (its title), whose options are `known`.
    case unknownOption(String, game: String, known: [String])
    /// `--NAME` is another game's option (of `owners`), not the chosen game's.
    case otherGamesOption(String, owners: [Owner])
    /// The option was given without its value; `allowed` says what it takes.
    case missingValue(String, allowed: String)
    /// The value given is not one the option allows.
    case invalidValue(String, value: String, allowed: String)
    /// A flag was given a value (`--flag=yes`).
    case valueForFlag(String, value: String)
    /// A word that is not an option (`--NAME` is how each begins).
    case unexpectedArgument(String)

    /// The sentence, e.g. `--rounds 0: expected a whole number, at least 1`.
    public var description: String {
        switch self {
        case .unknownOption(let option, let game, let known):
            "Unknown option '\(option)': "
                + (known.isEmpty ? "\(game) has no options of its own" : "\(game)'s options are \(GameOption.list(known))")
        case .otherGamesOption(let option, let owners) where owners.count == 1:
            "\(option) is \(owners[0].title)'s option: it needs --game \(owners[0].name)"
        case .otherGamesOption(let option, let owners):
            "\(option) is an option of \(GameOption.list(owners.map(\.title))): it needs "
                + GameOption.list(owners.map { "--game \($0.name)" }, or: true)
        case .missingValue(let option, let allowed):
            "\(option) needs a value: \(allowed)"
        case .invalidValue(let option, let value, let allowed):
            "\(option) \(value.isEmpty ? "''" : value): expected \(allowed)"
        case .valueForFlag(let option, let value):
            "\(option) is a flag: it takes no value (not '\(value)')"
        case .unexpectedArgument(let argument):
            "Unexpected argument '\(argument)': a game's options are written --NAME VALUE"
        }
    }
}
