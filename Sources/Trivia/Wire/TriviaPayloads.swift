import Vocabulary

/// One line of a scoreboard.
public struct ScoreLine: Hashable, Sendable, Codable {
    /// The player.
    public var id: PeerID
    /// The player's name (unique among the players present).
    public var name: String
    /// Points so far.
    public var points: Int
    /// In the final standings (`gameOver`): how many of the questions asked this player could
    /// answer (fewer than `asked` for a late joiner); absent elsewhere.
    public var questions: Int?

    /// Creates a line.
    public init(id: PeerID, name: String, points: Int, questions: Int? = nil) {
        self.id = id
        self.name = name
        self.points = points
        self.questions = questions
    }
}

/// A game begins (sent to everyone), or a late joiner is told about the game under way.
public struct GameInfo: Hashable, Sendable, Codable {
    /// The scoring mode.
    public var mode: TriviaMode
    /// How many questions the game asks.
    public var questions: Int
    /// The question the recipient plays first (1 at the start; the next one for a late joiner).
    public var firstQuestion: Int
    /// The players and their points, best first: at most ``BoardCut/listed`` lines (``players``
    /// says how many there are).
    public var scoreboard: [ScoreLine]
    /// True when the recipient took its seat back after its link dropped (its points are on the
    /// scoreboard); absent otherwise.
    public var resumed: Bool?
    /// Team mode: the teams and their members, in the plan's order (absent otherwise).
    public var teams: [TeamLine]?
    /// How many players the game has (the scoreboard lists the best of them); absent from older
    /// hosts, whose scoreboard lists everyone.
    public var players: Int? = nil

    /// Whether this tells of a game starting, not a late joiner's or a returning player's place
    /// in one (a player back during question 1 is told question 1 too).
    public var startsTheGame: Bool { firstQuestion == 1 && resumed != true }
}

/// A question, as every player sees it. The correct answer is not in it.
public struct QuestionAsked: Hashable, Sendable, Codable {
    /// 1-based number of the question in this game.
    public var number: Int
    /// How many questions the game asks.
    public var of: Int
    /// The question text.
    public var text: String
    /// The answers, in this game's shuffled order; players answer with a 0-based index.
    public var answers: [String]
    /// The bank's category, if any.
    public var category: String?
    /// The scoring mode.
    public var mode: TriviaMode
    /// How long the question is open, in milliseconds.
    public var durationMs: Int64
    /// When it closes, on the host's monotonic clock in microseconds (convert with the host's
    /// clock estimate; or count `durationMs` from arrival).
    public var deadline: Int64
    /// What a right answer is worth when it is not the standard point (`double`, `none`); absent
    /// for a standard question.
    public var points: QuestionPoints?
    /// Where the question's picture is (a path on the web port); absent without one. The TV
    /// shows it large; phones when ``pictureOnPhones``.
    public var picture: String?
    /// Whether phones show the picture too (the host's choice); absent: the TV only.
    public var pictureOnPhones: Bool?
}

/// A player's answer (client to host).
public struct AnswerGiven: Hashable, Sendable, Codable {
    /// The question's number.
    public var question: Int
    /// 0-based index into the question's `answers`.
    public var choice: Int
    /// When the player pressed, on its own monotonic clock in microseconds (``MonotonicClock/now()``).
    public var pressedAt: Int64

    /// Creates an answer.
    public init(question: Int, choice: Int, pressedAt: Int64) {
        self.question = question
        self.choice = choice
        self.pressedAt = pressedAt
    }
}

/// The host took a player's answer (only that player is told).
public struct AnswerAccepted: Hashable, Sendable, Codable {
    /// The question's number.
    public var question: Int
    /// The answer taken.
    public var choice: Int
    /// True when no other answer will be taken (`first` mode); false while it may still change.
    public var final: Bool
}

/// Why the host refused a player's message (an answer, a buzz, a choice of team).
public enum RejectReason: String, Error, Hashable, Sendable, Codable, CaseIterable {
    /// The question has closed, or it is not the current one.
    case questionClosed
    /// No such question has been asked.
    case unknownQuestion
    /// The index is not one of the answers.
    case invalidChoice
    /// `first` mode: the player already answered this question.
    case alreadyAnswered
    /// The press came after the deadline.
    case tooLate
    /// The player joined during this question and plays from the next one.
    case notInThisQuestion
    /// No game is running.
    case noGame
    /// The host paused the game.
    case paused
    /// The message was not a valid trivia message.
    case malformed
    /// Buzzer mode: the host marked this player's answer wrong; it sits this question out.
    case lockedOut
    /// Buzzer mode: another player won the buzzer and is answering.
    case buzzerTaken
    /// Buzzer mode: this player's buzz is already in.
    case alreadyBuzzed
    /// Not this game's mode: an answer in buzzer mode (press the buzzer), a buzz in another mode.
    case wrongMode
    /// Team mode: no team has the name chosen (``AnswerRejected/teams`` lists the names).
    case unknownTeam
    /// Team mode: the host places the players; they do not choose.
    case teamsPlaced
    /// A team was chosen, but the game has no teams.
    case noTeams
    /// A team was chosen during a game: teams change in the lobby only.
    case gameUnderWay
}

/// The host refused a player's message, an answer, a buzz or a choice of team (only that player
/// is told); nothing else changes.
public struct AnswerRejected: Hashable, Sendable, Codable {
    /// The question number the answer named (absent for a malformed message, a team's choice).
    public var question: Int?
    /// The choice it named (absent for a malformed message, a buzz, a team's choice).
    public var choice: Int?
    /// Why.
    public var reason: RejectReason
    /// The team a refused choice of team named (absent otherwise).
    public var team: String?
    /// With `unknownTeam`: the teams' names, which a player may choose.
    public var teams: [String]?

    /// A refusal.
    public init(question: Int?, choice: Int?, reason: RejectReason, team: String? = nil, teams: [String]? = nil) {
        self.question = question
        self.choice = choice
        self.reason = reason
        self.team = team
        self.teams = teams
    }
}

/// Why a question ended.
public enum QuestionEnd: String, Hashable, Sendable, Codable {
    /// `first` mode: a correct answer came in (and the collection window passed).
    case firstCorrect
    /// Every player taking part answered.
    case everyoneAnswered
    /// Time ran out.
    case deadline
    /// No player taking part is left.
    case noPlayers
    /// The host skipped it (the answers given so far count).
    case skipped
    /// Buzzer mode: the host marked the buzzer winner's answer right.
    case rightAnswer
    /// Buzzer mode: every player taking part was marked wrong.
    case allLockedOut
}

/// A question's result, for everyone. In buzzer mode `scored` is the player marked right (or
/// nobody), and `tie` is false.
public struct QuestionResult: Hashable, Sendable, Codable {
    /// The question's number.
    public var number: Int
    /// How many questions the game asks.
    public var of: Int
    /// Index of the (first) correct answer: what a player of a version before several correct
    /// answers reads; ``correctChoices`` has them all.
    public var correctChoice: Int
    /// The correct answers' texts, joined by ` / ` when there are several.
    public var correctAnswer: String
    /// Indexes of every correct answer, ascending (any of them scored).
    public var correctChoices: [Int]
    /// Who scored a point, earliest press first: the first ``BoardCut/named`` of them (each other
    /// scorer is told so in its ``YourStanding``).
    public var scored: [PeerID]
    /// `first` mode: more than one player tied for first (all of them scored).
    public var tie: Bool
    /// Why the question ended.
    public var ended: QuestionEnd
    /// The points after this question, best first: the best ``BoardCut/listed`` players (a player
    /// below them is told its own line and place in a ``YourStanding`` just before).
    public var scoreboard: [ScoreLine]
    /// Team mode: the teams' standings after this question, best first (absent otherwise).
    public var teams: [TeamStanding]?
    /// How many players are on the whole board; absent from older hosts, whose scoreboard lists
    /// everyone.
    public var players: Int? = nil
    /// How many scored (``scored`` names the first of them); absent from older hosts, whose
    /// `scored` names everyone.
    public var scoredCount: Int? = nil

    enum CodingKeys: String, CodingKey {
        case number, of, correctChoice, correctAnswer, correctChoices, scored, tie, ended, scoreboard, teams, players, scoredCount
    }
}

/// Why a game ended.
public enum GameEnd: String, Hashable, Sendable, Codable {
    /// Every question was asked.
    case questionsDone
    /// Every player left.
    case noPlayers
    /// The host ended the game.
    case endedByHost
}

/// The end of a game, for everyone.
public struct FinalStandings: Hashable, Sendable, Codable {
    /// The final points, best first: the best ``BoardCut/listed`` players (a player below them is
    /// told its own line and place in a ``YourStanding`` just before).
    public var standings: [ScoreLine]
    /// The winner, or the first ``BoardCut/named`` of the players tied on the most points (empty
    /// when no one is left); ``winnerCount`` counts them all.
    public var winners: [PeerID]
    /// The winning points.
    public var points: Int
    /// Why the game ended.
    public var ended: GameEnd
    /// How many questions were asked (had their result); absent from older hosts.
    public var asked: Int?
    /// The question the fewest got right (the TV shows it); absent without one.
    public var hardest: HardestQuestion?
    /// Team mode: the teams' final standings, best first (absent otherwise).
    public var teams: [TeamStanding]?
    /// How many players are on the whole board; absent from older hosts, whose standings list
    /// everyone.
    public var players: Int? = nil
    /// How many players won (tied on ``points``): ``winners`` names the first of them. Absent from
    /// older hosts, whose `winners` names everyone.
    public var winnerCount: Int? = nil
}

extension QuestionResult {
    /// Reads a result; one from a host before several correct answers (no `correctChoices`) has
    /// its one `correctChoice`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = try container.decode(Int.self, forKey: .number)
        of = try container.decode(Int.self, forKey: .of)
        correctChoice = try container.decode(Int.self, forKey: .correctChoice)
        correctAnswer = try container.decode(String.self, forKey: .correctAnswer)
        correctChoices = try container.decodeIfPresent([Int].self, forKey: .correctChoices) ?? [correctChoice]
        scored = try container.decode([PeerID].self, forKey: .scored)
        tie = try container.decode(Bool.self, forKey: .tie)
        ended = try container.decode(QuestionEnd.self, forKey: .ended)
        scoreboard = try container.decode([ScoreLine].self, forKey: .scoreboard)
        teams = try container.decodeIfPresent([TeamStanding].self, forKey: .teams)
        players = try container.decodeIfPresent(Int.self, forKey: .players)
        scoredCount = try container.decodeIfPresent(Int.self, forKey: .scoredCount)
    }

    /// How many scored (an older host names everyone in ``scored``).
    public var scorers: Int { scoredCount ?? scored.count }
}

extension FinalStandings {
    /// How many won (an older host names everyone in ``winners``).
    public var winnerTotal: Int { winnerCount ?? winners.count }
}
