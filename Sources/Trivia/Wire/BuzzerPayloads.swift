import GameRuntime
import Vocabulary

/// A press of the buzzer (client to host, buzzer mode): `{"kind":"buzz","question":3,"pressedAt":…}`.
public struct BuzzPressed: Hashable, Sendable, Codable {
    /// The question's number.
    public var question: Int
    /// When the player pressed, on its own monotonic clock in microseconds (``MonotonicClock/now()``).
    public var pressedAt: Int64

    /// Creates a press.
    public init(question: Int, pressedAt: Int64) {
        self.question = question
        self.pressedAt = pressedAt
    }
}

/// A player won the buzzer (to everyone): it answers aloud, the question's time stands still
/// until the host marks the answer.
public struct BuzzerWon: Hashable, Sendable, Codable {
    /// The question's number.
    public var question: Int
    /// Who pressed first.
    public var player: PeerID
    /// Its name.
    public var name: String
    /// The question's time left when the winner pressed, in milliseconds (it stands still).
    public var leftMs: Int64
    /// Players marked wrong so far in this question.
    public var lockedOut: [PeerID]
}

/// The host marked the buzzer winner's answer (to everyone). A `result` follows when it was
/// right (or when everyone is locked out); `buzzersOpen` when the others may buzz again.
public struct AnswerMarked: Hashable, Sendable, Codable {
    /// The question's number.
    public var question: Int
    /// Whose answer.
    public var player: PeerID
    /// Its name.
    public var name: String
    /// Right or wrong.
    public var right: Bool
}

/// The buzzers are open again (to everyone) after a wrong answer, or after the player who won
/// the buzzer left; everyone taking part but the locked-out players may buzz.
public struct BuzzersOpen: Hashable, Sendable, Codable {
    /// The question's number.
    public var question: Int
    /// Players marked wrong in this question (they may not buzz).
    public var lockedOut: [PeerID]
    /// When the question now closes, on the host's clock (microseconds).
    public var deadline: Int64
    /// The same as time left, in milliseconds.
    public var leftMs: Int64
}

/// What only the host's screen hears (``GameEffect/note(_:)``): never sent to a player, nor to
/// the TV page.
public enum TriviaNote: Hashable, Sendable, HostPageNote {
    /// Buzzer mode: a player won the buzzer and answers aloud; the host marks the answer against
    /// the correct one.
    case awaitingMark(AwaitingMark)
    /// The host page chose the next game's quiz.
    case nextQuiz(NextQuizChosen)
    /// A game ended: its report, for the host to keep.
    case report(GameReport)
}

/// The next game's quiz, as the host's terminal and its page say it: `next game: Pub quiz, 10
/// questions, timed` (`, teams Red, Blue (choose)` in team mode).
public struct NextQuizChosen: Hashable, Sendable, Codable {
    /// Always `nextQuiz`.
    public var kind = "nextQuiz"
    /// The quiz's title.
    public var title: String
    /// How many questions a game of it asks.
    public var questions: Int
    /// The scoring mode.
    public var mode: TriviaMode
    /// Team mode: the teams' names (absent otherwise).
    public var teams: [String]?
    /// Team mode: how players get into them.
    public var teamPlacement: TeamPlacement?

    /// A summary.
    public init(title: String, questions: Int, mode: TriviaMode, teams: TeamPlan? = nil) {
        self.title = title
        self.questions = questions
        self.mode = mode
        self.teams = teams?.names
        self.teamPlacement = teams?.placement
    }
}

/// A buzzer answer for the host to mark, with the correct answer (host only).
public struct AwaitingMark: Hashable, Sendable, Codable {
    /// The question's number.
    public var question: Int
    /// Who answers.
    public var player: PeerID
    /// Its name.
    public var name: String
    /// The correct answers, numbered as players see them: `2) Mercury`, or `1) Mars / 3) Venus`.
    public var correct: String
}

extension TriviaNote {
    /// On the host page (the host's eyes, like its terminal): `{"kind":"awaitingMark",…}` or
    /// `{"kind":"nextQuiz",…}`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .awaitingMark(let awaiting): try KindCoding.encode("awaitingMark", awaiting, to: encoder)
        case .nextQuiz(let chosen): try chosen.encode(to: encoder)
        case .report(let report): try KindCoding.encode("report", ReportSummary(report), to: encoder)
        }
    }
}

/// A game's report as the host page shows it at once: the hardest question and the fastest
/// right answer (the whole report is kept in the state directory, and downloaded).
public struct ReportSummary: Hashable, Sendable, Codable {
    /// The quiz's title.
    public var title: String?
    /// How many played.
    public var players: Int
    /// The winners' names (several on a tie).
    public var winners: [String]
    /// How many questions were asked.
    public var questions: Int
    /// The hardest question.
    public var hardest: HardestQuestion?
    /// The fastest right answer: `Ann, question 3, 1.2 s`.
    public var fastest: String?

    /// The summary of `report`.
    public init(_ report: GameReport) {
        title = report.title
        players = report.players.count
        winners = report.winners
        questions = report.questions.count
        hardest = report.hardest.map { HardestQuestion($0) }
        fastest = report.fastest.map { "\($0.player.name), question \($0.question.number), \(Double($0.ms / 100) / 10) s" }
    }
}
