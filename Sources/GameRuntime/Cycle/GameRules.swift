import Vocabulary

/// One game's rules, from its start to its ending: all a game has to write. The lobby around
/// it (players gathering, the countdown, rematches, a paused game's guards, kicks, endings
/// missed by players who were away, the host's common commands) is ``LobbyCycle``'s, the same
/// for every game; `LobbyCycle<MyRules>` is the game's ``GameTable``.
///
/// A game under way is a ``Round`` value that the cycle keeps and hands to each function
/// `inout`; the rules change it and return the effects. Pure: no I/O, no clock read inside.
/// After every event on a round the cycle asks ``ending(of:at:)`` whether it is over.
public protocol GameRules: Sendable {
    /// What players send to the game.
    associatedtype ClientMessage: Decodable & Sendable
    /// What the game sends to players; it can tell them the lobby's status.
    associatedtype ServerMessage: LobbyTelling
    /// What the game tells the host's observer only (``GameEffect/note(_:)``); `Never` for none.
    associatedtype Note: Sendable
    /// A game under way: whatever the rules need to remember between events.
    associatedtype Round: Sendable

    /// An effect of this game.
    typealias Effect = GameEffect<ServerMessage, Note>

    /// Fewest players a game needs.
    static var minimumPlayers: Int { get }
    /// When games start unless the host says otherwise, and after a scheduled first game.
    static var usualStartRule: StartRule { get }
    /// Whether the host admits new players while a game runs (``GameEffect/gameStarted(lateJoinersAllowed:)``);
    /// where to put them is ``arrived(_:round:at:)``'s answer.
    static var lateJoinersAllowed: Bool { get }

    /// Who of the players waiting plays the game about to start; the others keep waiting
    /// (and may watch). Default: everyone plays.
    func seat(_ waiting: [Peer]) -> (players: [Peer], waiting: [Peer])
    /// A game starts, the `number`th, with `players`: the round and what to tell them.
    mutating func start(_ players: [Peer], number: Int, at moment: RoundMoment) -> (Round, [Effect])

    /// When the round next wants ``woke(round:at:)`` (nil: not until another event).
    func nextWake(of round: Round) -> Int64?
    /// Everyone who hears the round: its players still here (and any watchers).
    func audience(of round: Round, at moment: RoundMoment) -> [PeerID]
    /// Whether the host paused the round.
    func isPaused(_ round: Round) -> Bool
    /// The round is over: how it ended (nil while it goes on).
    func ending(of round: Round, at moment: RoundMoment) -> RoundEnding<ServerMessage>?

    /// A player arrived while the round runs: it plays in it, or waits for the next game.
    func arrived(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> Arrival<Effect>
    /// A player left while the round runs (it no longer waits in the lobby).
    func left(_ peer: Peer, reason: ByeReason, round: inout Round, at moment: RoundMoment) -> [Effect]
    /// A player's link dropped while the round runs; its seat is kept (default: nothing).
    func away(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> [Effect]
    /// A player who was away is back while the round runs (default: nothing).
    func back(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> [Effect]
    /// A player's message arrived at `arrivedAt` (nil: not one of the game's messages).
    func received(_ message: ClientMessage?, from id: PeerID, arrivedAt: Int64, round: inout Round, at moment: RoundMoment) -> [Effect]
    /// A player's message arrived between games: the refusal it gets.
    func refusedBetweenGames(_ message: ClientMessage?, from id: PeerID) -> [Effect]
    /// A player's message arrived between games: what it does there (trivia's choice of a team
    /// changes the lobby). Default: ``LobbyMove/answered(_:)`` with ``refusedBetweenGames(_:from:)``.
    mutating func receivedBetweenGames(_ message: ClientMessage?, from id: PeerID, at moment: GameMoment) -> LobbyMove<Effect>
    /// The players waiting in the lobby now, in order of arrival, at each change of the lobby and
    /// before each lobby status is told: the rules may keep facts of their own about them
    /// (trivia's teams). Default: nothing.
    mutating func lobbyChanged(_ waiting: [Peer])
    /// The lobby's status as the game tells it (default: ``LobbyTelling/lobby(_:)``); a game may
    /// add facts of its own (trivia: who is on which team).
    func lobbyMessage(_ status: LobbyStatus) -> ServerMessage
    /// What player `id` alone is told just before the lobby's status whenever that is sent to it
    /// alone (it joined, it came back, its own move changed the lobby): facts the status sent to
    /// everyone leaves out (trivia: the player's own team). Default: nothing.
    func lobbyFacts(for id: PeerID) -> [Effect]
    /// The round is over (``ending(of:at:)`` said so) and its players are back in the lobby: the
    /// rules may keep what outlives it (trivia: the teams of players who joined during it).
    /// Default: nothing.
    mutating func roundEnded(_ round: Round)
    /// The time of ``nextWake(of:)`` has come (or passed).
    func woke(round: inout Round, at moment: RoundMoment) -> [Effect]

    /// The host pauses the round (the cycle has checked it is not paused).
    func pause(round: inout Round, at moment: RoundMoment) -> [Effect]
    /// The host goes on (the cycle has checked it is paused).
    func unpause(round: inout Round, at moment: RoundMoment) -> [Effect]
    /// The host ends the round now: game over with the standings as they are.
    func end(round: inout Round, at moment: RoundMoment) -> [Effect]
    /// The host's commands that are the game's own (``HostCommand/skip``, and the ``HostCommand/game(_:)``
    /// commands it declares in ``commandKeys``) during a round: their effects, or
    /// ``GameEffect/refused(_:)``. The cycle answers every other command.
    func command(_ command: HostCommand, round: inout Round, at moment: RoundMoment) -> [Effect]
    /// The game's own commands between rounds (the lobby): what the next game plays (trivia's
    /// quiz from the host page). Default: refused `noGame`.
    mutating func commandBetweenGames(_ command: GameCommand, at moment: GameMoment) -> [Effect]
    /// The game's own commands and their keys (default: none): the cycle refuses any other
    /// ``HostCommand/game(_:)`` as `unknownCommand`.
    var commandKeys: [GameCommandKey] { get }

    /// The log line the game wants for an effect, if any (default: none).
    static func logRecord(for effect: Effect) -> GameLogRecord?
}

extension GameRules {
    public func seat(_ waiting: [Peer]) -> (players: [Peer], waiting: [Peer]) { (waiting, []) }
    public func away(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> [Effect] { [] }
    public func back(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> [Effect] { [] }
    public static func logRecord(for effect: Effect) -> GameLogRecord? { nil }
    public var commandKeys: [GameCommandKey] { [] }
    public mutating func commandBetweenGames(_ command: GameCommand, at moment: GameMoment) -> [Effect] {
        [.refused(CommandRefusal(.game(command), .noGame))]
    }
    public mutating func receivedBetweenGames(_ message: ClientMessage?, from id: PeerID, at moment: GameMoment) -> LobbyMove<Effect> {
        .answered(refusedBetweenGames(message, from: id))
    }
    public mutating func lobbyChanged(_ waiting: [Peer]) {}
    public func lobbyMessage(_ status: LobbyStatus) -> ServerMessage { .lobby(status) }
    public func lobbyFacts(for id: PeerID) -> [Effect] { [] }
    public mutating func roundEnded(_ round: Round) {}
}

/// What a player's message between games did (``GameRules/receivedBetweenGames(_:from:at:)``).
public enum LobbyMove<Effect: Sendable>: Sendable {
    /// The lobby is as it was: these effects answer the message (a refusal, to its sender).
    case answered([Effect])
    /// The game's facts about the lobby changed (a player chose a team): these effects, then the
    /// lobby's status: to the player at once, to everyone waiting with the next batch
    /// (``LobbyCycle`` tells it at most once per 50 ms).
    case changed([Effect])
}

/// A server message that can carry the lobby's status: every game's does (kind `lobby`).
public protocol LobbyTelling: Encodable, Sendable {
    /// The lobby as players see it.
    static func lobby(_ status: LobbyStatus) -> Self
}

/// Where a player who arrives during a game goes (``GameRules/arrived(_:round:at:)``).
public enum Arrival<Effect: Sendable>: Sendable {
    /// It plays in the round from now on: these effects tell it so.
    case plays([Effect])
    /// It waits in the lobby for the next game: these effects first (a watcher's view of the
    /// round), then the lobby's status.
    case waits([Effect])
}

/// How a round ended (``GameRules/ending(of:at:)``).
public struct RoundEnding<Message: Sendable>: Sendable {
    /// The game-over message, told again to a player who was away when it was sent (nil: none).
    public var message: Message?
    /// Who was sent it.
    public var audience: [PeerID]
    /// The round's players still here: they wait for the next game first.
    public var players: [Peer]
    /// What some players were told alone just before ``message`` (trivia: a player's own place
    /// below the standings the room was sent), told again before it to such a player who missed
    /// it. Empty for most games.
    public var personal: [PeerID: Message]

    /// An ending.
    public init(message: Message?, audience: [PeerID], players: [Peer], personal: [PeerID: Message] = [:]) {
        self.message = message
        self.audience = audience
        self.players = players
        self.personal = personal
    }
}

/// When an event reaches a round: the ``GameMoment``, and who waits in the lobby meanwhile
/// (a game whose extra players watch, like Pong, sends them the round too).
public struct RoundMoment: Sendable {
    /// The moment (the host's clock and the players' clock estimates).
    public var moment: GameMoment
    /// The players waiting for the next game, in order of arrival.
    public var waiting: [Peer]

    /// A moment with these players waiting.
    public init(_ moment: GameMoment, waiting: [Peer] = []) {
        self.moment = moment
        self.waiting = waiting
    }

    /// The host's monotonic clock, microseconds.
    public var now: Int64 { moment.now }
    /// The clock estimate of each player that has one.
    public var clocks: [PeerID: ClockEstimate] { moment.clocks }
}
