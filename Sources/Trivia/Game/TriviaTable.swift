import GameRuntime
import Matchmaking

/// The trivia host from game to game: a lobby where players gather until the start rule is met,
/// a game, and back to the lobby. Pure, like ``TriviaGame`` (which it runs): every event takes
/// the moment (host monotonic microseconds and the players' clock estimates), and returns
/// effects for ``GameHost``.
///
/// `lobby -> playing -> lobby -> ...`
///
/// Players who join in the lobby play the next game; players who join during a game play in it
/// from its next question, at zero points. When a game ends its players stay: they are back in
/// the lobby (before anyone who came meanwhile) and play the next game, which starts by the
/// start rule (``Lobby/gameEnded(players:now:)``) or at the host's command. The host's commands
/// are in `TriviaTable+Commands`.
public struct TriviaTable: GameTable {
    public typealias ClientMessage = TriviaClientMessage
    public typealias ServerMessage = TriviaServerMessage
    public typealias Note = TriviaNote

    /// Where the host is.
    public enum State: Sendable {
        /// Between games: players wait in ``TriviaTable/lobby``.
        case lobby
        /// A game runs.
        case playing(TriviaGame)
    }

    /// When games start unless the command line says otherwise: 10 s after the first player arrives.
    public static let defaultStartRule = StartRule.after(10_000_000)

    /// The questions games are drawn from.
    public let bank: QuestionBank
    /// The rules of every game.
    public let settings: TriviaSettings
    /// Where the host is.
    public private(set) var state: State = .lobby
    /// Players waiting for the next game (one is enough for a game), and the countdown.
    public private(set) var lobby: Lobby
    /// How many games have started.
    public private(set) var gamesPlayed = 0
    /// The last game's standings, for players who were away when it ended.
    var missedEnding = MissedEnding<TriviaServerMessage>()
    private var rng: SplitMix64

    /// A host in its lobby; `capacity` is the most players it admits (the start rule's "full").
    /// After a scheduled first game (``StartRule/at(_:)``) games start by ``defaultStartRule``.
    public init(bank: QuestionBank, settings: TriviaSettings, startRule: StartRule, capacity: Int, rng: SplitMix64 = SplitMix64()) {
        self.bank = bank
        self.settings = settings
        self.lobby = Lobby(rule: startRule, capacity: capacity, minimum: 1, later: Self.defaultStartRule)
        self.rng = rng
    }

    public var nextWake: Int64? {
        switch state {
        case .lobby: lobby.startsAt
        case .playing(let game): game.nextWake
        }
    }

    /// The game under way, if any.
    public var game: TriviaGame? {
        if case .playing(let game) = state { return game }
        return nil
    }

    // MARK: Events

    /// A scheduled start's countdown, on the host's screen and the TV from the start.
    public func opened(at moment: GameMoment) -> [Effect] {
        lobby.startsAt == nil ? [] : lobbyStatus(now: moment.now)
    }

    public mutating func joined(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        switch state {
        case .lobby:
            lobby.add(peer)
            return lobbyChanged(at: moment)
        case .playing(var game):
            let actions = game.playerJoined(peer)
            state = .playing(game)
            return actions.map(Self.lift)
        }
    }

    public mutating func left(_ peer: Peer, reason: ByeReason, at moment: GameMoment) -> [Effect] {
        missedEnding.playerLeft(peer.id)
        switch state {
        case .lobby:
            guard lobby.remove(peer.id) else { return [] }
            return lobbyChanged(at: moment)
        case .playing(var game):
            return advance(&game, now: moment.now) { $0.playerLeft(peer.id, now: moment.now) }
        }
    }

    /// An answer or a buzz (nil: not a valid trivia message, refused as `malformed`).
    public mutating func received(_ message: TriviaClientMessage?, from id: PeerID, arrivedAt: Int64, at moment: GameMoment) -> [Effect] {
        guard let message else {
            return [.send(.rejected(AnswerRejected(question: nil, choice: nil, reason: .malformed)), to: [id])]
        }
        guard case .playing(var game) = state else {
            let (question, choice): (Int, Int?) =
                switch message {
                case .answer(let given): (given.question, given.choice)
                case .buzz(let pressed): (pressed.question, nil)
                }
            return [.send(.rejected(AnswerRejected(question: question, choice: choice, reason: .noGame)), to: [id])]
        }
        let clock = moment.clocks[id]
        return advance(&game, now: moment.now) { game in
            switch message {
            case .answer(let given): game.answer(given, from: id, arrivedAt: arrivedAt, clock: clock)
            case .buzz(let pressed): game.buzz(pressed, from: id, arrivedAt: arrivedAt, clock: clock)
            }
        }
    }

    /// Starts a game, or moves the game on, when due. A countdown over with nobody waiting
    /// (a scheduled start) is over all the same: the lobby says so, and waits for a player.
    public mutating func woke(at moment: GameMoment) -> [Effect] {
        switch state {
        case .lobby:
            switch lobby.woke(now: moment.now) {
            case .start: return startGame(at: moment)
            case .tooFew: return lobbyStatus(now: moment.now)
            case .notYet: return []
            }
        case .playing(var game):
            return advance(&game, now: moment.now) { $0.tick(now: moment.now, clocks: moment.clocks) }
        }
    }

    // MARK: Helpers

    private mutating func lobbyChanged(at moment: GameMoment) -> [Effect] {
        if lobby.playersChanged(now: moment.now) { return startGame(at: moment) }
        return lobbyStatus(now: moment.now)
    }

    /// The lobby's status, to everyone waiting (to nobody when nobody waits: the host's screen
    /// still shows it).
    private func lobbyStatus(now: Int64) -> [Effect] {
        [.send(.lobby(lobby.status(now: now)), to: lobby.waiting.map(\.id))]
    }

    mutating func startGame(at moment: GameMoment) -> [Effect] {
        let questions = Deck.deal(settings.rounds, from: bank, using: &rng)
        var game = TriviaGame(questions: questions, players: lobby.start(), settings: settings)
        gamesPlayed += 1
        missedEnding.gameStarted()
        return [.gameStarted(lateJoinersAllowed: true)] + advance(&game, now: moment.now) { $0.start(now: moment.now, clocks: moment.clocks) }
    }

    /// Runs one event on the game at `now`; when it ends, its players are back in the lobby.
    mutating func advance(_ game: inout TriviaGame, now: Int64, _ event: (inout TriviaGame) -> [TriviaGame.Action]) -> [Effect] {
        var effects = event(&game).map(Self.lift)
        if game.isOver {
            if case .over(let standings) = game.state { missedEnding.gameEnded(with: .gameOver(standings), to: game.playerIDs) }
            state = .lobby
            effects.append(.gameEnded)
            lobby.gameEnded(players: game.peers, now: now)
            effects += lobbyStatus(now: now)
        } else {
            state = .playing(game)
        }
        return effects
    }

    private static func lift(_ action: TriviaGame.Action) -> Effect {
        switch action {
        case .send(let message, let to): .send(message, to: to)
        case .retell(let message, let to): .retell(message, to: to)
        case .note(let note): .note(note)
        }
    }
}
