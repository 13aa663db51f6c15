import Logging
import Vocabulary

/// A game as `snap-host` knows it, given whole by the game's own module: its name, its options
/// (declared as data, ``GameOption``), how `serve` hosts it, how `join` plays it, and the page
/// module the phones, the TV and the host page draw it with. Every game is registered the same
/// way: its registration is one line in snap-host's list of games, and snap-host knows no
/// game's options.
public struct GameRegistration: Sendable {
    /// Starts the game on the host's session, once it listens; shows every event to `sink` too
    /// (the TV page's feed) when the web port is on.
    public typealias Start = @Sendable (_ session: any GameHostSession, _ logger: Logger, _ sink: (any GameEventSink)?) -> any HostedGame

    /// The game's name (`--game NAME`, the hello's `game`).
    public var name: GameName
    /// How help and messages name it: `Snap!`, `Trivia`.
    public var title: String
    /// One line for `serve --help`: what the game is.
    public var summary: String
    /// `serve`'s options of this game (`--game NAME --OPTION VALUE`, or the config file's keys).
    public var options: [GameOption]
    /// `join`'s options for playing this game (how its bot plays).
    public var playOptions: [GameOption]
    /// Before listening: what the game needs for `setup`, and how to start it; a setup that
    /// cannot be played throws, with a sentence saying why.
    public var host: @Sendable (_ setup: GameSetup) throws(SetupError) -> PreparedGame
    /// Plays on a joined session, as a person or a bot; returns how the session ended.
    public var play: @Sendable (_ session: any GamePlayerSession, _ options: PlayOptions) async -> EndReason
    /// The game's page module (`/games/NAME.mjs`): how the phone, the TV and the host page draw
    /// its messages; nil for a game played on terminals only.
    public var page: GamePage?

    /// A registration.
    public init(
        name: GameName, title: String, summary: String, options: [GameOption] = [], playOptions: [GameOption] = [],
        page: GamePage? = nil,
        host: @escaping @Sendable (GameSetup) throws(SetupError) -> PreparedGame,
        play: @escaping @Sendable (any GamePlayerSession, PlayOptions) async -> EndReason
    ) {
        self.name = name
        self.title = title
        self.summary = summary
        self.options = options
        self.playOptions = playOptions
        self.host = host
        self.play = play
        self.page = page
    }

    /// This game's option values from `arguments`; an option of another of `games` (not this
    /// one's) is refused naming the game it needs.
    public func options(from arguments: [String], among games: [GameRegistration]) throws(GameOptionError) -> GameOptionValues {
        do {
            return try GameOptionParser(options: options, title: title).parse(arguments)
        } catch .unknownOption(let option, let game, let known) {
            let owners = games.filter { $0.name != name && $0.options.contains { $0.flag == option } }
            guard !owners.isEmpty else { throw .unknownOption(option, game: game, known: known) }
            throw .otherGamesOption(option, owners: owners.map { .init(title: $0.title, name: $0.name.rawValue) })
        }
    }

    /// How to host `table` for `capacity` players, the same for every game: the game runs on
    /// the session, `screen` announces it on the host's terminal and shows every event there,
    /// `sink` (the TV feed) is shown them too, and `observer` hears them (a replay log). The host
    /// page offers `commands`.
    public static func hosting<Screen: GameHostScreen>(
        _ table: Screen.Table, screen: Screen, capacity: Int, commands: [HostCommand] = HostCommand.plain,
        observer: (@Sendable (GameHostEvent<Screen.Table>) -> Void)? = nil
    ) -> PreparedGame {
        let start: Start = { session, logger, sink in
            screen.announce(table)
            let terminal = HostTerminal(screen: screen, capacity: capacity, gameKeys: table.commandKeys)
            let host = GameHost(session: session, table: table, logger: logger) { event in
                observer?(event)
                terminal.show(event)
                sink?.publish(event)
            }
            return ControlledGameHost(host: host, terminal: terminal)
        }
        return PreparedGame(start: start, hostCommands: commands)
    }
}
