import Vocabulary

/// What happened to one question of a game, for the report the host keeps: what was asked, the
/// right answers, and each player's answer with whether it was right and how long it took.
public struct QuestionRecord: Hashable, Sendable, Codable {
    /// Its number in the game.
    public var number: Int
    /// The question.
    public var text: String
    /// The answers in the order players saw them.
    public var answers: [String]
    /// The indexes of the right ones.
    public var correct: [Int]
    /// The players who could answer it (here when it was asked).
    public var players: [PeerID]
    /// Each answer given.
    public var given: [Given]

    /// One player's answer.
    public struct Given: Hashable, Sendable, Codable {
        /// Who.
        public var player: PeerID
        /// The answer's index; nil in buzzer mode (said aloud, marked by the host).
        public var choice: Int?
        /// Whether it was right.
        public var right: Bool
        /// From the question being asked to the press, in milliseconds (the press time as the
        /// fairness judge corrected it).
        public var ms: Int64
    }

    /// How many of the players who could answer got it right, of how many.
    public var rightShare: (right: Int, of: Int) { (given.filter(\.right).count, players.count) }

    /// The share right as a whole percentage (`1 of 3`: 33); nil when nobody could answer.
    public var percentRight: Int? {
        let share = rightShare
        return share.of == 0 ? nil : (share.right * 200 + share.of) / (share.of * 2)
    }

    /// How many chose each answer (buzzer mode: none, the answers were said aloud).
    public var spread: [Int] { answers.indices.map { index in given.filter { $0.choice == index }.count } }

    /// An answer as players saw it, with its letter: `B: Mars`.
    public func labelled(_ index: Int) -> String {
        answers.indices.contains(index) ? Self.letter(index) + ": " + answers[index] : Self.letter(index) + ": ?"
    }

    /// The letter of the answer at `index` (`0`: `A`), as the phones and the TV show it.
    public static func letter(_ index: Int) -> String {
        index >= 0 && index < 26 ? String(Character(Unicode.Scalar(UInt8(65 + index)))) : "#\(index + 1)"
    }
}

/// A game as the host keeps it (its report, docs/TRIVIA.md "Results"): the players' final
/// scores and ranks, and every question with every answer.
public struct GameReport: Hashable, Sendable, Codable {
    /// The quiz's title (nil: the bank `serve` was given).
    public var title: String?
    /// The scoring mode.
    public var mode: TriviaMode
    /// Each player: name, points, rank (1 for the best; equal points share a rank).
    public var players: [Line]
    /// The questions asked, in order.
    public var questions: [QuestionRecord]
    /// Team mode: the teams' final standings, best first (absent otherwise).
    public var teams: [TeamStanding]?

    /// One player's line.
    public struct Line: Hashable, Sendable, Codable {
        /// Who, in the game.
        public var id: PeerID
        /// The name it played under.
        public var name: String
        /// Its final score.
        public var points: Int
        /// 1 for the best; equal points share a rank (1, 2, 2, 4).
        public var rank: Int
        /// Team mode: the name of the team it played for (absent otherwise).
        public var team: String?
    }

    /// The winners' names (rank 1; several on a tie); none without players.
    public var winners: [String] { players.filter { $0.rank == 1 }.map(\.name) }

    /// How many questions `player` got right.
    public func rightAnswers(of player: PeerID) -> Int {
        questions.reduce(0) { count, question in count + question.given.filter { $0.player == player && $0.right }.count }
    }

    /// The question the fewest got right (by share; the earlier on a tie); nil without questions.
    public var hardest: QuestionRecord? {
        questions.min { a, b in
            let (x, y) = (a.rightShare, b.rightShare)
            let left = x.of == 0 ? 1 : Double(x.right) / Double(x.of), right = y.of == 0 ? 1 : Double(y.right) / Double(y.of)
            return left < right || (left == right && a.number < b.number)
        }
    }

    /// The quickest right answer: who, to which question, how fast; nil when none was right.
    public var fastest: (player: Line, question: QuestionRecord, ms: Int64)? {
        var best: (Line, QuestionRecord, Int64)?
        for question in questions {
            for given in question.given where given.right && given.ms < (best?.2 ?? .max) {
                if let line = players.first(where: { $0.id == given.player }) { best = (line, question, given.ms) }
            }
        }
        return best.map { (player: $0.0, question: $0.1, ms: $0.2) }
    }
}

/// The hardest question, as the TV's game over shows it.
public struct HardestQuestion: Hashable, Sendable, Codable {
    /// Its number.
    public var number: Int
    /// The question.
    public var text: String
    /// How many got it right.
    public var right: Int
    /// Of how many who could answer.
    public var of: Int
}

extension HardestQuestion {
    /// The hardest question of a report, `question`, as the TV and the host page say it.
    init(_ question: QuestionRecord) {
        let share = question.rightShare
        self.init(number: question.number, text: question.text, right: share.right, of: share.of)
    }
}
