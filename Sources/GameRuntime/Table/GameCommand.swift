import Vocabulary

/// A command of a game's own (not every game's, like start or pause): trivia's `mark`. On the
/// wire (a host page's) it is `{"command":NAME, ...arguments}`: `{"command":"mark","right":true}`.
/// A game declares the ones it knows with their keys (``GameCommandKey``, ``GameTable/commandKeys``);
/// the lobby cycle refuses a name the game did not declare (`unknownCommand`).
public struct GameCommand: Hashable, Sendable {
    /// Its name on the wire and in logs: `mark`.
    public var name: String
    /// Its arguments, beside `command` on the wire: `right`: true.
    public var arguments: [String: JSONValue]

    /// A command called `name` with these arguments.
    public init(_ name: String, _ arguments: [String: JSONValue] = [:]) {
        self.name = name
        self.arguments = arguments
    }

    /// `mark right=true`: the name, then each argument (for logs and a command with no key).
    public var line: String {
        ([name] + arguments.keys.sorted().map { "\($0)=\(Self.text(arguments[$0]!))" }).joined(separator: " ")
    }

    /// An argument as logs and lines show it: `true`, `3`, `text`.
    public static func text(_ value: JSONValue) -> String {
        switch value {
        case .bool(let flag): "\(flag)"
        case .integer(let number): "\(number)"
        case .number(let number): "\(number)"
        case .string(let text): text
        default: "…"
        }
    }
}

/// How the person running the host gives one of the game's commands: a key on the host's
/// terminal, a word as a line on its stdin, and what the footer and the host's screen call it.
/// Declared by the game (trivia's buzzer mode: `y` right, `x` wrong; Punchline: `hide ID`).
public struct GameCommandKey: Hashable, Sendable {
    /// The key on the host's terminal (not one of the common keys: s n p u k e r q); nil: a
    /// line only (a command that names a player).
    public var key: Character?
    /// The line that gives it (`right`), on the host's stdin, or typed after `:` on its terminal.
    public var word: String
    /// What the footer and the host's screen call it: `right` (`[y] right`; done: `mark right`).
    public var label: String
    /// The command it gives (with ``argument`` unset).
    public var command: GameCommand
    /// The argument the line names after the word, a player by id or name (`hide 3`, `hide Ann`),
    /// given as the player's id; nil: none.
    public var argument: String?

    /// A key for `command`.
    public init(key: Character?, word: String, label: String, command: GameCommand, argument: String? = nil) {
        self.key = key
        self.word = word
        self.label = label
        self.command = command
        self.argument = argument
    }
}
