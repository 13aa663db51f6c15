import GameRuntime
import Vocabulary

/// What the trivia host sends to players, as app message bodies: a JSON object whose `kind`
/// names the case, with the payload's fields beside it (``KindCoding``), e.g.
/// `{"kind":"question","number":1,"of":10,"text":"…","answers":["…"],…}`.
public enum TriviaServerMessage: Hashable, Sendable, LobbyTelling {
    /// `lobby`: the host waits for players (sent on joining, and when the count, the countdown
    /// or the teams change: to everyone waiting at most once per 50 ms, or half a millisecond a
    /// player waiting past 100, at most a second; a countdown starting or stopping at once),
    /// with the teams in team mode.
    case lobby(TriviaLobby)
    /// `game`: a game begins, or (to a late joiner) is under way.
    case game(GameInfo)
    /// `question`: answer it before the deadline.
    case question(QuestionAsked)
    /// `accepted`: your answer counts.
    case accepted(AnswerAccepted)
    /// `rejected`: your answer was refused, and why.
    case rejected(AnswerRejected)
    /// `result`: the correct answer, who scored, the scoreboard.
    case result(QuestionResult)
    /// `gameOver`: final standings and the winners.
    case gameOver(FinalStandings)
    /// `standing`: your own line and place, to a player below the lines the next `result` or
    /// `gameOver` lists (sent just before it).
    case standing(YourStanding)
    /// `pause`: the host paused the game, or it goes on (with the open question's new deadline).
    case pause(PauseStatus)
    /// `buzzed`: buzzer mode: a player won the buzzer and answers aloud.
    case buzzed(BuzzerWon)
    /// `marked`: buzzer mode: the host marked the answer right or wrong.
    case marked(AnswerMarked)
    /// `buzzersOpen`: buzzer mode: the others may buzz again.
    case buzzersOpen(BuzzersOpen)
    /// `yourTeam`: team mode: the recipient's own team (``YourTeam``).
    case yourTeam(YourTeam)

    /// `lobby` without teams (every game's lobby, ``LobbyTelling``).
    public static func lobby(_ status: LobbyStatus) -> Self { .lobby(TriviaLobby(status)) }
}

/// What a player sends to the trivia host: `{"kind":"answer","question":1,"choice":2,"pressedAt":…}`,
/// in buzzer mode `{"kind":"buzz","question":1,"pressedAt":…}`, in team mode's lobby
/// `{"kind":"team","team":"Red"}`.
public enum TriviaClientMessage: Hashable, Sendable {
    /// `answer`: a press of one of the answers.
    case answer(AnswerGiven)
    /// `buzz`: a press of the buzzer (buzzer mode).
    case buzz(BuzzPressed)
    /// `team`: a choice of team, in the lobby (team mode, ``TeamPlacement/choose``).
    case team(TeamChoice)
}

extension TriviaServerMessage: Codable {
    public init(from decoder: any Decoder) throws {
        switch try KindCoding.kind(in: decoder) {
        case "lobby": self = .lobby(try TriviaLobby(from: decoder))
        case "game": self = .game(try GameInfo(from: decoder))
        case "question": self = .question(try QuestionAsked(from: decoder))
        case "accepted": self = .accepted(try AnswerAccepted(from: decoder))
        case "rejected": self = .rejected(try AnswerRejected(from: decoder))
        case "result": self = .result(try QuestionResult(from: decoder))
        case "gameOver": self = .gameOver(try FinalStandings(from: decoder))
        case "standing": self = .standing(try YourStanding(from: decoder))
        case "pause": self = .pause(try PauseStatus(from: decoder))
        case "buzzed": self = .buzzed(try BuzzerWon(from: decoder))
        case "marked": self = .marked(try AnswerMarked(from: decoder))
        case "buzzersOpen": self = .buzzersOpen(try BuzzersOpen(from: decoder))
        case "yourTeam": self = .yourTeam(try YourTeam(from: decoder))
        case let kind: throw KindCoding.unknown(kind, of: "trivia", in: decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        let (kind, payload): (String, any Encodable) =
            switch self {
            case .lobby(let lobby): ("lobby", lobby)
            case .game(let info): ("game", info)
            case .question(let asked): ("question", asked)
            case .accepted(let accepted): ("accepted", accepted)
            case .rejected(let rejected): ("rejected", rejected)
            case .result(let result): ("result", result)
            case .gameOver(let standings): ("gameOver", standings)
            case .standing(let standing): ("standing", standing)
            case .pause(let status): ("pause", status)
            case .buzzed(let won): ("buzzed", won)
            case .marked(let marked): ("marked", marked)
            case .buzzersOpen(let open): ("buzzersOpen", open)
            case .yourTeam(let team): ("yourTeam", team)
            }
        try KindCoding.encode(kind, payload, to: encoder)
    }
}

extension TriviaClientMessage: Codable {
    public init(from decoder: any Decoder) throws {
        switch try KindCoding.kind(in: decoder) {
        case "answer": self = .answer(try AnswerGiven(from: decoder))
        case "buzz": self = .buzz(try BuzzPressed(from: decoder))
        case "team": self = .team(try TeamChoice(from: decoder))
        case let kind: throw KindCoding.unknown(kind, of: "trivia", in: decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .answer(let given): try KindCoding.encode("answer", given, to: encoder)
        case .buzz(let pressed): try KindCoding.encode("buzz", pressed, to: encoder)
        case .team(let choice): try KindCoding.encode("team", choice, to: encoder)
        }
    }
}

extension GameName {
    /// The trivia quiz.
    public static let trivia = GameName(rawValue: "trivia")
}
