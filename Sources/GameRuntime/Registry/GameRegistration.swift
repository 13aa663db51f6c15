import Logging
import Vocabulary

/// A game as `snap-host` knows it, given whole by the game's own module: its name, how `serve`
/// hosts it, how `join` plays it, the commands the host page offers, and the page module the
/// phones, the TV and the host page draw it with. A game with no command-line options of its
/// own is registered by one line, its registration in snap-host's list of games.
public struct GameRegistration: Sendable {
    /// Starts the game on the host's session, once it listens; shows every event to `sink` too
    /// (the TV page's feed) when the web port is on.
    public typealias Start = @Sendable (_ session: any GameHostSession, _ logger: Logger, _ sink: (any GameEventSink)?) -> any HostedGame

    /// The game's name (`--game NAME`, the hello's `game`).
    public var name: GameName
    /// One line for `serve --help`: what the game is.
    public var summary: String
    /// Before listening: what the game needs for `setup`, and how to start it (a setup that
    /// cannot be played throws, with a sentence saying why).
    public var host: @Sendable (_ setup: GameSetup) throws -> Start
    /// Plays on a joined session, as a person or a bot; returns how the session ended.
    public var play: @Sendable (_ session: any GamePlayerSession, _ options: PlayOptions) async -> EndReason
    /// The commands the host page offers as buttons (kick is offered by each player).
    public var hostCommands: [HostCommand]
    /// The game's page module (`/games/NAME.mjs`): how the phone, the TV and the host page draw
    /// its messages; nil for a game played on terminals only.
    public var page: GamePage?

    /// A registration.
    public init(
        name: GameName, summary: String, hostCommands: [HostCommand] = HostCommand.plain, page: GamePage? = nil,
        host: @escaping @Sendable (GameSetup) throws -> Start,
        play: @escaping @Sendable (any GamePlayerSession, PlayOptions) async -> EndReason
    ) {
        self.name = name
        self.summary = summary
        self.host = host
        self.play = play
        self.hostCommands = hostCommands
        self.page = page
    }

    /// How to host `table` for `capacity` players, the same for every game: the game runs on
    /// the session, `screen` announces it on the host's terminal and shows every event there,
    /// `sink` (the TV feed) is shown them too, and `observer` hears them (a replay log).
    public static func hosting<Screen: GameHostScreen>(
        _ table: Screen.Table, screen: Screen, capacity: Int, observer: (@Sendable (GameHostEvent<Screen.Table>) -> Void)? = nil
    ) -> Start {
        { session, logger, sink in
            screen.announce(table)
            let terminal = HostTerminal(screen: screen, capacity: capacity, gameKeys: table.commandKeys)
            let host = GameHost(session: session, table: table, logger: logger) { event in
                observer?(event)
                terminal.show(event)
                sink?.publish(event)
            }
            return ControlledGameHost(host: host, terminal: terminal)
        }
    }
}

/// What `serve` asks of a game it hosts.
public struct GameSetup: Sendable {
    /// The most players admitted.
    public var capacity: Int
    /// When games start, as the command line says (nil: the game's usual rule).
    public var startRule: StartRule?
    /// The seed of everything the game draws at random.
    public var seed: UInt64

    /// A setup.
    public init(capacity: Int, startRule: StartRule? = nil, seed: UInt64 = .random(in: 0...UInt64.max)) {
        self.capacity = capacity
        self.startRule = startRule
        self.seed = seed
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

    /// Options.
    public init(bot: Bool, once: Bool = false, writer: ScreenWriter = .standard) {
        self.bot = bot
        self.once = once
        self.writer = writer
    }
}

/// A game's page module: the JavaScript the pages import to draw its messages
/// (`/games/NAME.mjs`, docs/WEB.md, "A game's page module").
public struct GamePage: Sendable, Hashable {
    /// The game's name, the module's file name.
    public var name: String
    /// The module's source, UTF-8.
    public var script: [UInt8]

    /// A page module.
    public init(name: String, script: [UInt8]) {
        self.name = name
        self.script = script
    }
}

/// Whoever watches a host's games besides its terminal (the TV page's feed): it is shown every
/// ``GameHostEvent`` of whatever game runs.
public protocol GameEventSink: Sendable {
    /// One event of the game.
    func publish<Table: GameTable>(_ event: GameHostEvent<Table>)
}

/// Why a game cannot be hosted with the setup given (`serve` prints it and exits 64).
public struct SetupError: Error, CustomStringConvertible, Sendable {
    /// The sentence: what is wrong and what is allowed.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
