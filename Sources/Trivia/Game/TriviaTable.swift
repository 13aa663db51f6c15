import Matchmaking

/// The trivia host from game to game: a lobby where players gather until the start rule is met,
/// a game, and back to the lobby. Pure, like ``TriviaGame`` (which it runs): every event takes
/// the time (host monotonic microseconds) and the players' clock estimates, and returns actions.
///
/// `lobby -> playing -> lobby -> ...`
///
/// Players who join in the lobby play the next game; players who join during a game play in it
/// from its next question, at zero points. When a game ends its players are done (clients leave
/// at game over): the next game is for those who join after it.
public struct TriviaTable: Sendable {
    /// When a game starts.
    public enum StartRule: Hashable, Sendable {
        /// As soon as the host is full (`--start-when-full`).
        case whenFull
        /// This many microseconds after the first player arrives in the lobby (`--start-after`);
        /// the countdown stops if everyone leaves.
        case after(Int64)

        /// The default when the command line says neither: 10 s after the first player arrives.
        public static let `default` = StartRule.after(10_000_000)
    }

    /// Where the host is.
    public enum State: Sendable {
        /// Between games. `startsAt` is set while the countdown of ``StartRule/after(_:)`` runs.
        case lobby(startsAt: Int64?)
        /// A game runs.
        case playing(TriviaGame)
    }

    /// What the runner must do.
    public enum Action: Hashable, Sendable {
        /// Send this message to these players.
        case send(TriviaServerMessage, to: [PeerID])
        /// A game started: keep admitting players (late joiners play from the next question).
        case gameStarted
        /// The game ended: the host is back in its lobby.
        case gameEnded
    }

    /// The questions games are drawn from.
    public let bank: QuestionBank
    /// The rules of every game.
    public let settings: TriviaSettings
    /// When games start.
    public let startRule: StartRule
    /// Most players the host admits (the start rule's "full").
    public let capacity: Int
    /// Where the host is.
    public private(set) var state: State = .lobby(startsAt: nil)
    /// Players waiting in the lobby for the next game, in order of arrival.
    public private(set) var waiting: [Peer] = []
    /// How many games have started.
    public private(set) var gamesPlayed = 0
    private var rng: SplitMix64

    /// A host in its lobby.
    public init(bank: QuestionBank, settings: TriviaSettings, startRule: StartRule, capacity: Int, rng: SplitMix64 = SplitMix64()) {
        self.bank = bank
        self.settings = settings
        self.startRule = startRule
        self.capacity = capacity
        self.rng = rng
    }

    /// When ``tick(now:clocks:)`` has something to do.
    public var nextWake: Int64? {
        switch state {
        case .lobby(let startsAt): startsAt
        case .playing(let game): game.nextWake
        }
    }

    /// The game under way, if any.
    public var game: TriviaGame? {
        if case .playing(let game) = state { return game }
        return nil
    }

    // MARK: Events

    /// A player was admitted.
    public mutating func joined(_ peer: Peer, now: Int64, clocks: [PeerID: ClockEstimate]) -> [Action] {
        switch state {
        case .lobby(let startsAt):
            waiting.append(peer)
            return lobbyChanged(startsAt: startsAt, now: now, clocks: clocks)
        case .playing(var game):
            let actions = game.playerJoined(peer)
            state = .playing(game)
            return actions.map(Self.lift)
        }
    }

    /// A player left.
    public mutating func left(_ id: PeerID, now: Int64, clocks: [PeerID: ClockEstimate]) -> [Action] {
        switch state {
        case .lobby(let startsAt):
            guard waiting.contains(where: { $0.id == id }) else { return [] }
            waiting.removeAll { $0.id == id }
            return lobbyChanged(startsAt: startsAt, now: now, clocks: clocks)
        case .playing(var game):
            return advance(&game) { $0.playerLeft(id, now: now) }
        }
    }

    /// A trivia message from a player arrived at `arrivedAt` (nil: it was not a valid one).
    public mutating func received(
        _ message: TriviaClientMessage?, from id: PeerID, arrivedAt: Int64, clocks: [PeerID: ClockEstimate]
    ) -> [Action] {
        guard case .answer(let given)? = message else {
            return [.send(.rejected(AnswerRejected(question: nil, choice: nil, reason: .malformed)), to: [id])]
        }
        switch state {
        case .lobby:
            return [.send(.rejected(AnswerRejected(question: given.question, choice: given.choice, reason: .noGame)), to: [id])]
        case .playing(var game):
            return advance(&game) { $0.answer(given, from: id, arrivedAt: arrivedAt, clock: clocks[id]) }
        }
    }

    /// Time passed: starts a game, or moves the game on, when due.
    public mutating func tick(now: Int64, clocks: [PeerID: ClockEstimate]) -> [Action] {
        switch state {
        case .lobby(let startsAt):
            guard let startsAt, now >= startsAt else { return [] }
            return waiting.isEmpty ? [] : startGame(now: now, clocks: clocks)
        case .playing(var game):
            return advance(&game) { $0.tick(now: now, clocks: clocks) }
        }
    }

    // MARK: Helpers

    private mutating func lobbyChanged(startsAt: Int64?, now: Int64, clocks: [PeerID: ClockEstimate]) -> [Action] {
        var startsAt = startsAt
        switch startRule {
        case .whenFull:
            if waiting.count >= capacity { return startGame(now: now, clocks: clocks) }
        case .after(let delay):
            if waiting.isEmpty {
                startsAt = nil
            } else if startsAt == nil {
                startsAt = now + delay
            }
        }
        state = .lobby(startsAt: startsAt)
        let status = LobbyStatus(
            players: waiting.count, capacity: capacity, startRule: startRule.name,
            startsInMs: startsAt.map { max(0, $0 - now) / 1000 })
        return waiting.isEmpty ? [] : [.send(.lobby(status), to: waiting.map(\.id))]
    }

    private mutating func startGame(now: Int64, clocks: [PeerID: ClockEstimate]) -> [Action] {
        var game = TriviaGame(questions: Deck.deal(settings.rounds, from: bank, using: &rng), players: waiting, settings: settings)
        waiting = []
        gamesPlayed += 1
        return [.gameStarted] + advance(&game) { $0.start(now: now, clocks: clocks) }
    }

    /// Runs one event on the game, and returns to the lobby when it ends.
    private mutating func advance(_ game: inout TriviaGame, _ event: (inout TriviaGame) -> [TriviaGame.Action]) -> [Action] {
        var actions = event(&game).map(Self.lift)
        if game.isOver {
            state = .lobby(startsAt: nil)
            actions.append(.gameEnded)
        } else {
            state = .playing(game)
        }
        return actions
    }

    private static func lift(_ action: TriviaGame.Action) -> Action {
        switch action {
        case .send(let message, let to): .send(message, to: to)
        }
    }
}

extension TriviaTable.StartRule {
    /// `whenFull` or `after`, as the lobby status says it.
    var name: String {
        switch self {
        case .whenFull: "whenFull"
        case .after: "after"
        }
    }
}
