import GameRuntime
import Matchmaking

/// What a player's device knows of the game: the open question and its own answer, the latest
/// scoreboard, whether the host paused, the end. Pure: the runner (``GamePlayer``, as
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
    }

    /// The game, once it started (or once the player joined it).
    public private(set) var game: GameInfo?
    /// The lobby status, before a game.
    public private(set) var lobby: LobbyStatus?
    /// The current (or last) question.
    public private(set) var question: OpenQuestion?
    /// Every result seen, in order.
    public private(set) var results: [QuestionResult] = []
    /// The end of the game (the last one, until the next starts).
    public private(set) var final: FinalStandings?
    /// The host paused the game.
    public private(set) var paused = false

    /// An empty state.
    public init() {}

    /// The game is over (its final standings came).
    public var isOver: Bool { final != nil }

    /// A message from the host arrived at `receivedAt`; `hostClock` is the host's clock relative to ours.
    public mutating func received(_ message: TriviaServerMessage, at receivedAt: Int64, hostClock: ClockEstimate?) {
        switch message {
        case .lobby(let status):
            lobby = status
        case .game(let info):
            (game, question, results, final, paused) = (info, nil, [], nil, false)
        case .question(let asked):
            let latest = receivedAt + asked.durationMs * 1000
            let converted = hostClock?.localTime(fromPeerTime: asked.deadline) ?? latest
            question = OpenQuestion(asked: asked, localDeadline: min(latest, max(receivedAt, converted)))
        case .accepted(let accepted):
            guard question?.asked.number == accepted.question else { return }
            question?.choice = accepted.choice
            question?.locked = accepted.final
        case .rejected(let rejected):
            // In `first` mode a refused press may be retried (unless the host says it is too late).
            guard question?.asked.number == rejected.question, rejected.reason == .invalidChoice else { return }
            question?.locked = false
        case .result(let result):
            results.append(result)
            if question?.asked.number == result.number { question?.closed = true }
        case .gameOver(let standings):
            final = standings
            question?.closed = true
            paused = false
        case .pause(let status):
            paused = status.paused
            guard !status.paused, var open = question, !open.closed else { return }
            if let leftMs = status.leftMs {
                let latest = receivedAt + leftMs * 1000
                let converted = status.deadline.flatMap { hostClock?.localTime(fromPeerTime: $0) } ?? latest
                open.localDeadline = min(latest, max(receivedAt, converted))
            }
            question = open
        }
    }

    /// The player pressed answer `choice` (0-based) at `now`.
    public mutating func press(_ choice: Int, now: Int64) -> PressOutcome {
        guard var open = question, !open.closed, final == nil else { return .noQuestion }
        guard !paused else { return .paused }
        guard open.asked.answers.indices.contains(choice) else { return .invalidChoice }
        if open.locked { return .locked }
        if open.asked.mode == .timed, open.choice == choice { return .unchanged }
        open.choice = choice
        open.locked = open.asked.mode == .first
        question = open
        return .send(AnswerGiven(question: open.asked.number, choice: choice, pressedAt: now))
    }
}
