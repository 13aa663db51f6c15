import GameRuntime
import Vocabulary

/// How a question is scored.
public enum TriviaMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// The first correct answer (judged by press time, see ``PressJudge``) scores a point and
    /// ends the question; a wrong answer locks that player out of the question.
    case first
    /// Every correct answer given before the deadline scores a point; answers may be changed
    /// until then, and the last one counts.
    case timed
    /// The quiz-night buzzer: the first to press the buzzer (judged by press time) answers aloud
    /// and the host marks it; right scores a point and ends the question, wrong locks that
    /// player out of the question and reopens the buzzers for the others.
    case buzzer
}

/// The rules of one game, fixed when it starts. Times are in microseconds.
public struct TriviaSettings: Hashable, Sendable {
    /// The scoring mode.
    public var mode: TriviaMode = .first
    /// When set, every question gets this long, whatever the bank says (`--question-time`).
    public var questionTime: Int64?
    /// The time a question gets when neither `questionTime` nor the question sets one (20 s).
    public var defaultQuestionTime: Int64 = 20_000_000
    /// How many questions a game asks unless told otherwise (`--rounds`).
    public static let defaultRounds = 10
    /// How many questions a game asks (fewer if the bank is smaller); nil: the whole bank.
    public var rounds: Int? = defaultRounds
    /// The quiz's title, for its report (nil: the bank `serve` was given).
    public var quizTitle: String?
    /// Where the quiz's pictures are served (`/games/trivia/files/pictures/ID/`): a question's
    /// picture is this and its hash; nil: the questions' pictures are not shown.
    public var pictureBase: String?
    /// Whether phones show a question's picture too (else the TV alone: players look up).
    public var picturesOnPhones = false
    /// Whether a game's questions are drawn at random (else the first ones, in the quiz's order).
    public var shuffleQuestions = true
    /// Whether each question's answers are shown in a random order (else the quiz's).
    public var shuffleAnswers = true
    /// How long each question's result stays up before the next question (4 s).
    public var resultTime: Int64 = 4_000_000
    /// Buzzer mode: the least time the buzzers reopen with after a wrong answer (5 s, or the
    /// question's whole time if shorter); otherwise they get the time that was left when the
    /// wrong answer's buzzer was pressed.
    public var reopenTime: Int64 = 5_000_000
    /// Who pressed first, and how long to wait for a slower link's earlier press.
    public var judge = PressJudge()
    /// Team mode: the teams and how players get into them (nil: every player for itself).
    public var teams: TeamPlan?

    /// The defaults: `first` mode, 20 s questions, 10 questions a game, 4 s between questions.
    public init() {}

    /// The time limit of a question under these settings.
    public func timeLimit(of question: TriviaQuestion) -> Int64 {
        if let questionTime { return questionTime }
        if let seconds = question.timeLimit { return Int64(seconds * 1_000_000) }
        return defaultQuestionTime
    }
}
