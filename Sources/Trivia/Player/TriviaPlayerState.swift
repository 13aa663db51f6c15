import GameRuntime
import Vocabulary

/// What a player's device knows of the game: the open question and its own answer (buzzer
/// mode: its buzz, who answers, who is locked out), the latest scoreboard, whether the host
/// paused, the end. Pure: the runner (``GamePlayer``, as
/// ``TriviaPlayer``) passes times in (this device's monotonic clock, microseconds). A player
/// stays from game to game: the next game's `game` message starts it afresh.
public struct TriviaPlayerState: PlayerModel, Hashable {
    /// The question on screen.
    public struct OpenQuestion: Hashable, Sendable {
        /// As the host asked it.
        public var asked: QuestionAsked
        /// When it closes, on this device's clock.
        public var localDeadline: Int64
        /// The answer sent, if any.
        public var choice: Int?
        /// No more answers will be taken from this player (`first` mode, once answered).
        public var locked = false
        /// The result arrived.
        public var closed = false
        /// Buzzer mode: who won the buzzer and answers aloud, if anyone (the clock stands still).
        public var buzzed: BuzzerWon?
        /// Buzzer mode: the players marked wrong in this question.
        public var lockedOut: Set<PeerID> = []
        /// Buzzer mode: this player's buzz is on its way or being judged.
        public var buzzing = false

        /// Whether the question's clock runs (not while a buzzer answer awaits the host's mark).
        public var clockRuns: Bool { !closed && buzzed == nil }
    }

    /// What a key press led to.
    public enum PressOutcome: Hashable, Sendable {
        /// Send this answer to the host.
        case send(AnswerGiven)
        /// No question is open.
        case noQuestion
        /// Not one of the answers.
        case invalidChoice
        /// `first` mode: already answered.
        case locked
        /// `timed` mode: that answer is already the one given.
        case unchanged
        /// The host paused the game.
        case paused
        /// Buzzer mode: answers are given aloud; press the buzzer.
        case buzzerMode
    }

    /// What a press of the buzzer led to.
    public enum BuzzOutcome: Hashable, Sendable {
        /// Send this buzz to the host.
        case send(BuzzPressed)
        /// No question is open.
        case noQuestion
        /// The game is not in buzzer mode.
        case notBuzzerMode
        /// The host paused the game.
        case paused
        /// This player was marked wrong in this question.
        case lockedOut
        /// This player's buzz is already in (or it won the buzzer).
        case alreadyBuzzed
        /// Another player won the buzzer and answers (its name).
        case taken(by: String)
    }

    /// What choosing a team led to (team mode, in the lobby).
    public enum TeamOutcome: Hashable, Sendable {
        /// Send this choice to the host.
        case send(TeamChoice)
        /// The game has no teams, or the host places the players.
        case notChoosing
        /// A game is under way: teams change in the lobby.
        case gameUnderWay
        /// No team has this number (1-based) or name.
        case noSuchTeam
    }

    /// The game, once it started (or once the player joined it).
    public private(set) var game: GameInfo?
    /// The lobby status, before a game (with the teams in team mode).
    public private(set) var lobby: TriviaLobby?
    /// The current (or last) question.
    public private(set) var question: OpenQuestion?
    /// Every result seen, in order.
    public private(set) var results: [QuestionResult] = []
    /// The end of the game (the last one, until the next starts).
    public private(set) var final: FinalStandings?
    /// The host paused the game.
    public private(set) var paused = false
    /// This player's own line and place when it is below the lines the last result (or the
    /// final standings) listed; nil when it is on them, or nothing has been scored yet.
    public private(set) var standing: YourStanding?

    /// An empty state.
    public init() {}

    /// The game is over (its final standings came).
    public var isOver: Bool { final != nil }

    /// Whether the player waits in the lobby: before its first game, or after one's end.
    public var inLobby: Bool { game == nil || final != nil }

    /// Team mode: this player's team, its index in the plan, as the host last told it
    /// (``YourTeam``); nil: none yet.
    public private(set) var team: Int?

    /// Whether player `me` scored in `result`: named among its scorers, or told so in its standing
    /// (a result names only its first ``BoardCut/named`` scorers).
    public func scored(in result: QuestionResult, me: PeerID) -> Bool {
        result.scored.contains(me) || (standing?.question == result.number && standing?.scored == true)
    }

    /// The player chose team `number` (1-based, as the lobby lists them).
    public func chooseTeam(_ number: Int) -> TeamOutcome {
        guard inLobby else { return .gameUnderWay }
        guard let lobby, let teams = lobby.teams, lobby.teamPlacement == .choose else { return .notChoosing }
        guard teams.indices.contains(number - 1) else { return .noSuchTeam }
        return .send(TeamChoice(team: teams[number - 1].name))
    }

    /// A message from the host arrived at `receivedAt`; `hostClock` is the host's clock relative to ours.
    public mutating func received(_ message: TriviaServerMessage, at receivedAt: Int64, hostClock: ClockEstimate?) {
        switch message {
        case .lobby(let status):
            lobby = status
        case .yourTeam(let yours):
            team = yours.team
        case .game(let info):
            (game, question, results, final, paused, standing) = (info, nil, [], nil, false, nil)
        case .question(let asked):
            question = OpenQuestion(
                asked: asked, localDeadline: Self.localDeadline(asked.deadline, leftMs: asked.durationMs, receivedAt: receivedAt, hostClock: hostClock))
        case .accepted(let accepted):
            guard question?.asked.number == accepted.question else { return }
            question?.choice = accepted.choice
            question?.locked = accepted.final
        case .rejected(let rejected):
            guard question?.asked.number == rejected.question else { return }
            // A refused buzz may be tried again (the host says when it cannot count).
            if rejected.choice == nil { question?.buzzing = false }
            // In `first` mode a refused press may be retried (unless the host says it is too late).
            if rejected.reason == .invalidChoice { question?.locked = false }
        case .standing(let mine):
            standing = mine
        case .result(let result):
            if standing?.question != result.number { standing = nil }
            results.append(result)
            if question?.asked.number == result.number { question?.closed = true }
        case .gameOver(let standings):
            if standing?.question != nil { standing = nil }
            final = standings
            question?.closed = true
            paused = false
        case .pause(let status):
            paused = status.paused
            guard !status.paused, var open = question, !open.closed else { return }
            if let leftMs = status.leftMs {
                open.localDeadline = Self.localDeadline(status.deadline, leftMs: leftMs, receivedAt: receivedAt, hostClock: hostClock)
            }
            question = open
        case .buzzed(let won):
            guard var open = question, open.asked.number == won.question else { return }
            open.buzzed = won
            open.lockedOut = Set(won.lockedOut)
            open.buzzing = false
            question = open
        case .marked(let marked):
            guard question?.asked.number == marked.question, !marked.right else { return }
            question?.lockedOut.insert(marked.player)
        case .buzzersOpen(let reopened):
            guard var open = question, open.asked.number == reopened.question else { return }
            open.buzzed = nil
            open.lockedOut = Set(reopened.lockedOut)
            open.buzzing = false
            open.localDeadline = Self.localDeadline(reopened.deadline, leftMs: reopened.leftMs, receivedAt: receivedAt, hostClock: hostClock)
            question = open
        }
    }

    /// A deadline on the host's clock on this device's clock: converted with the host's clock
    /// estimate, within `[receivedAt, receivedAt + leftMs]` (counted from arrival without one).
    static func localDeadline(_ deadline: Int64?, leftMs: Int64, receivedAt: Int64, hostClock: ClockEstimate?) -> Int64 {
        let latest = receivedAt + leftMs * 1000
        let converted = deadline.flatMap { hostClock?.localTime(fromPeerTime: $0) } ?? latest
        return min(latest, max(receivedAt, converted))
    }

    /// The player pressed answer `choice` (0-based) at `now`.
    public mutating func press(_ choice: Int, now: Int64) -> PressOutcome {
        guard var open = question, !open.closed, final == nil else { return .noQuestion }
        guard !paused else { return .paused }
        guard open.asked.mode != .buzzer else { return .buzzerMode }
        guard open.asked.answers.indices.contains(choice) else { return .invalidChoice }
        if open.locked { return .locked }
        if open.asked.mode == .timed, open.choice == choice { return .unchanged }
        open.choice = choice
        open.locked = open.asked.mode == .first
        question = open
        return .send(AnswerGiven(question: open.asked.number, choice: choice, pressedAt: now))
    }

    /// The player `me` pressed the buzzer at `now` (buzzer mode).
    public mutating func buzz(me: PeerID, now: Int64) -> BuzzOutcome {
        guard var open = question, !open.closed, final == nil else { return .noQuestion }
        guard open.asked.mode == .buzzer else { return .notBuzzerMode }
        guard !paused else { return .paused }
        if open.lockedOut.contains(me) { return .lockedOut }
        if let won = open.buzzed { return won.player == me ? .alreadyBuzzed : .taken(by: won.name) }
        if open.buzzing { return .alreadyBuzzed }
        open.buzzing = true
        question = open
        return .send(BuzzPressed(question: open.asked.number, pressedAt: now))
    }
}
