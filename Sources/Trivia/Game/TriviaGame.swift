import GameRuntime
import Vocabulary

/// The rules of one trivia game on the host, from the first question to the final standings.
/// Pure: every event takes the time (the host's monotonic clock in microseconds) and returns the
/// messages to send; ``TriviaTable`` runs it, and its runner sends them and wakes the machine at
/// ``nextWake`` with ``tick(now:clocks:)``.
///
/// `ready -> asking(1) -> showingResult(1) -> asking(2) -> ... -> showingResult(n) -> over`
///
/// The host may pause the game (``pausedAt``: every deadline stands still and answers are
/// refused `paused`), skip (close the open question now, or cut the result short) and end it
/// (``TriviaGame+Commands``).
///
/// A question closes when, first of these:
/// - `first` mode: the collection window after the first correct answer's arrival has passed
///   (``PressJudge/collectionWindow(clocks:)``); the earliest correct *press* then wins, with
///   ties (presses within 1 ms) all scoring;
/// - every player taking part in it has answered (a player who leaves stops counting);
/// - the deadline plus the collection window has passed (answers pressed before the deadline
///   but still on their way are taken).
///
/// Buzzer mode (``TriviaGame+Buzzer``) asks the same way but takes buzzes instead of answers:
/// the earliest press within the collection window wins the buzzer, the question's time stands
/// still while the winner answers aloud, and the host marks it (``mark(right:now:)``).
public struct TriviaGame: Sendable {
    /// What the runner must do.
    public enum Action: Hashable, Sendable {
        /// Send this message to these players as news for the room (``GameEffect/announce(_:to:)``).
        case announce(TriviaServerMessage, to: [PeerID])
        /// Send this message to these players alone (``GameEffect/send(_:to:)``).
        case send(TriviaServerMessage, to: [PeerID])
        /// Send again to these players what they were told before their link dropped (the open
        /// question, their answer, the buzzer): no news to the room (``GameEffect/retell(_:to:)``).
        case retell(TriviaServerMessage, to: [PeerID])
        /// Tell the host's screen only (the correct answer, for marking).
        case note(TriviaNote)
    }

    /// A player's answer to the open question.
    public struct GivenAnswer: Hashable, Sendable {
        /// The choice (the last one, in `timed` mode).
        public var choice: Int
        /// When it was pressed, on the host's clock.
        public var press: JudgedPress
    }

    /// The open question.
    public struct Round: Hashable, Sendable {
        /// 1-based number.
        public var number: Int
        /// The question, with the correct index.
        public var question: DealtQuestion
        /// When it was asked.
        public var askedAt: Int64
        /// When it stops taking presses.
        public var deadline: Int64
        /// How long to wait for presses still on their way (after the first correct one, and
        /// after the deadline).
        public var window: Int64
        /// The players taking part who are still here.
        public var expected: Set<PeerID>
        /// Their answers so far.
        public var answers: [PeerID: GivenAnswer] = [:]
        /// `first` mode: when the collection window after the first correct answer ends.
        public var firstCorrectClose: Int64?
        /// Buzzer mode: the buzzes, the winner answering, the players locked out.
        public var buzzers = Buzzers()

        /// When something is due: the question closes unless everyone answers sooner, or (buzzer
        /// mode) the buzzes are judged; `.max` (nothing is due) while a buzzer answer awaits the
        /// host's mark.
        public var closesAt: Int64 {
            if buzzers.holder != nil { return .max }
            if let judgeAt = buzzers.judgeAt { return judgeAt }
            return min(firstCorrectClose ?? .max, deadline + window)
        }
    }

    /// Where the game is.
    public enum State: Hashable, Sendable {
        /// Created; ``start(now:clocks:)`` asks the first question.
        case ready
        /// A question is open and takes answers.
        case asking(Round)
        /// Question `number`'s result is up until `until`; then the next question, or the end.
        case showingResult(number: Int, until: Int64)
        /// The game is over; nothing changes any more.
        case over(FinalStandings)
    }

    /// A player and its points.
    struct Player: Hashable, Sendable {
        var peer: Peer
        var points = 0
        /// The first question it could answer (after the one under way when it joined).
        var firstQuestion = 1
    }

    /// The rules.
    public let settings: TriviaSettings
    /// The questions, in the order they are asked.
    public let questions: [DealtQuestion]
    /// Where the game is.
    public internal(set) var state: State = .ready
    /// When the host paused the game (nil: it runs). While paused nothing is due and answers
    /// are refused; going on moves every deadline by the time paused.
    public internal(set) var pausedAt: Int64?
    var players: [PeerID: Player]
    /// Players whose link dropped (their seats, and points, are kept): no question waits for them.
    var away: Set<PeerID> = []
    /// Every question closed so far, with its answers (the game's report).
    public internal(set) var record: [QuestionRecord] = []
    /// Team mode: who plays for which team (every player of the game is on one); nil otherwise.
    public internal(set) var teams: TeamRoster?

    /// A game of `questions` for `players` (at least one question). In team mode (the settings'
    /// ``TriviaSettings/teams``) players keep their team in `teams` (the lobby's), and whoever
    /// has none is placed now.
    public init(questions: [DealtQuestion], players: [Peer], settings: TriviaSettings, teams: TeamRoster? = nil) {
        precondition(!questions.isEmpty, "a game needs at least one question")
        self.questions = questions
        self.settings = settings
        self.players = Dictionary(uniqueKeysWithValues: players.map { ($0.id, Player(peer: $0)) })
        if let plan = settings.teams {
            var roster = teams?.plan == plan ? teams! : TeamRoster(plan: plan)
            roster.keep(players)
            roster.placeEveryone()
            self.teams = roster
        }
    }

    /// Whether the game has ended.
    public var isOver: Bool {
        if case .over = state { return true }
        return false
    }

    /// The players in the game now.
    public var playerIDs: [PeerID] { players.keys.sorted() }

    /// The players in the game now, by id.
    public var peers: [Peer] { players.values.map(\.peer).sorted { $0.id < $1.id } }

    /// Everyone's points, best first (then by id).
    public var scoreboard: [ScoreLine] {
        players.values
            .map { ScoreLine(id: $0.peer.id, name: $0.peer.name, points: $0.points) }
            .sorted { ($1.points, $0.id) < ($0.points, $1.id) }
    }

    /// Team mode: the teams ranked by their members' mean points (nil otherwise). A team's
    /// members are the players of the game now, here or reconnecting: one who left took its
    /// points with it, and is off its team.
    public var teamStandings: [TeamStanding]? {
        teams?.standings(points: players.mapValues(\.points))
    }

    /// What a player is told of the game: its first question, and whether it took its seat back.
    func info(firstQuestion: Int, resumed: Bool? = nil) -> GameInfo {
        let board = scoreboard
        return GameInfo(
            mode: settings.mode, questions: questions.count, firstQuestion: firstQuestion, scoreboard: Array(board.prefix(BoardCut.listed)),
            resumed: resumed, teams: teams?.lines, players: board.count)
    }

    /// When ``tick(now:clocks:)`` has something to do.
    public var nextWake: Int64? {
        guard pausedAt == nil else { return nil }
        return switch state {
        case .ready, .over: nil
        case .asking(let round): round.closesAt == .max ? nil : round.closesAt
        case .showingResult(_, let until): until
        }
    }

    // MARK: Events

    /// `ready -> asking(1)`: announces the game and asks the first question.
    public mutating func start(now: Int64, clocks: [PeerID: ClockEstimate]) -> [Action] {
        switch state {
        case .ready:
            return playerIDs.flatMap(toldTeam) + [.announce(.game(info(firstQuestion: 1)), to: playerIDs)] + ask(1, now: now, clocks: clocks)
        case .asking, .showingResult, .over:
            preconditionFailure("start() called twice")
        }
    }

    /// Time passed: closes a question, asks the next one, or ends the game when due.
    public mutating func tick(now: Int64, clocks: [PeerID: ClockEstimate]) -> [Action] {
        guard pausedAt == nil else { return [] }
        switch state {
        case .ready, .over:
            return []
        case .asking(let round):
            guard now >= round.closesAt else { return [] }
            if round.buzzers.judgeAt != nil { return judgeBuzzer(round) }
            let byFirst = round.firstCorrectClose.map { $0 <= round.deadline + round.window } ?? false
            return close(round, because: byFirst ? .firstCorrect : .deadline, now: now)
        case .showingResult(let number, let until):
            guard now >= until else { return [] }
            return number < questions.count ? ask(number + 1, now: now, clocks: clocks) : finish(.questionsDone)
        }
    }

    /// A player joined while the game runs: it starts at zero and plays from the next question
    /// (in team mode, for the team it is placed on).
    public mutating func playerJoined(_ peer: Peer) -> [Action] {
        let next: Int
        switch state {
        case .over: return []
        case .ready: next = 1
        case .asking(let round): next = round.number + 1
        case .showingResult(let number, _): next = number + 1
        }
        players[peer.id] = Player(peer: peer, firstQuestion: next)
        teams?.joinedGame(peer)
        let paused: [Action] = pausedAt == nil ? [] : [.send(.pause(PauseStatus(paused: true)), to: [peer.id])]
        return toldTeam(peer.id) + [.send(.game(info(firstQuestion: next)), to: [peer.id])] + paused
    }

    /// In team mode, player `id` told its own team (a game's team lines name only their first
    /// members); nothing otherwise.
    func toldTeam(_ id: PeerID) -> [Action] {
        guard let teams else { return [] }
        return [.send(.yourTeam(YourTeam(team: teams.team(of: id))), to: [id])]
    }

    /// A player left: its points leave with it (and it is off its team), and the open question
    /// stops waiting for it (in buzzer mode, if it had won the buzzer, the buzzers reopen for the
    /// others).
    public mutating func playerLeft(_ id: PeerID, now: Int64) -> [Action] {
        guard players.removeValue(forKey: id) != nil else { return [] }
        away.remove(id)
        teams?.left(id)
        switch state {
        case .ready, .over:
            return []
        case .showingResult:
            return players.isEmpty ? finish(.noPlayers) : []
        case .asking(var round):
            if players.isEmpty {
                return finish(.noPlayers)
            }
            round.expected.remove(id)
            round.answers[id] = nil
            round.firstCorrectClose = firstCorrectClose(in: round)
            round.buzzers.forget(id)
            if round.expected.isEmpty { return close(round, because: .noPlayers, now: now) }
            if round.buzzers.holder?.peer == id { return reopen(round, now: now) }
            if everyoneHereLockedOut(round) { return close(round, because: .allLockedOut, now: now) }
            if everyoneHereAnswered(round) { return close(round, because: .everyoneAnswered, now: now) }
            state = .asking(round)
            return []
        }
    }
}
