/// What `serve` hands a game's ``GameRegistration/host``: the room, when games start, the seed,
/// where replay logs go, and the game's own options as given.
public struct GameSetup: Sendable {
    /// The most players admitted.
    public var capacity: Int
    /// When games start, as the command line says (nil: the game's usual rule).
    public var startRule: StartRule?
    /// The seed of everything the game draws at random.
    public var seed: UInt64
    /// The game's options (``GameRegistration/options``) as given, already of their kinds and
    /// within their ranges; the game checks how they go together and with the rest.
    public var options: GameOptionValues
    /// A folder for replay logs (`serve --replay-dir`), for a game that keeps one; nil: none.
    public var replayDirectory: String?
    /// The host's state directory (`serve --state-dir`, the service's `/var/lib/snap-host`), where
    /// a game keeps what outlives a run (trivia's quiz library); nil: there is none.
    public var stateDirectory: String?

    /// A setup.
    public init(
        capacity: Int, startRule: StartRule? = nil, seed: UInt64 = .random(in: 0...UInt64.max),
        options: GameOptionValues = GameOptionValues(), replayDirectory: String? = nil, stateDirectory: String? = nil
    ) {
        self.stateDirectory = stateDirectory
        self.capacity = capacity
        self.startRule = startRule
        self.seed = seed
        self.options = options
        self.replayDirectory = replayDirectory
    }
}

/// How a player plays (`join`'s options, or a bot filling a seat on the host).
public struct PlayOptions: Sendable {
    /// Whether a bot plays (no key is read).
    public var bot: Bool
    /// Leave at the first game over (`join --once`).
    public var once: Bool
    /// Where the player's screen is written.
    public var writer: ScreenWriter
    /// The game's play options (``GameRegistration/playOptions``) as given: how its bot plays.
    public var values: GameOptionValues

    /// Options.
    public init(bot: Bool, once: Bool = false, writer: ScreenWriter = .standard, values: GameOptionValues = GameOptionValues()) {
        self.bot = bot
        self.once = once
        self.writer = writer
        self.values = values
    }
}

/// Why a game cannot be hosted with the setup given: `serve` prints the sentence and exits with
/// the status of its ``Cause``.
public struct SetupError: Error, CustomStringConvertible, Sendable, Hashable {
    /// What cannot be used.
    public enum Cause: Hashable, Sendable {
        /// The options do not make a game that can be played (exit 64, a usage error).
        case options
        /// A file the options name cannot be read or used (exit 65: a question bank).
        case input
        /// A file the game must write cannot be (exit 73: a replay log).
        case output
    }

    /// The sentence: what is wrong and what is allowed.
    public var description: String
    /// What cannot be used.
    public var cause: Cause

    /// An error saying `description`.
    public init(_ description: String, cause: Cause = .options) {
        self.description = description
        self.cause = cause
    }
}
