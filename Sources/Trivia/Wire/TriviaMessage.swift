import Matchmaking

/// What the trivia host sends to players, as app message bodies: a JSON object whose `kind`
/// names the case, with the payload's fields beside it, e.g.
/// `{"kind":"question","number":1,"of":10,"text":"…","answers":["…"],…}`.
public enum TriviaServerMessage: Hashable, Sendable {
    /// `lobby`: the host waits for players (sent on joining, and when the count or countdown changes).
    case lobby(LobbyStatus)
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
}

/// What a player sends to the trivia host: `{"kind":"answer","question":1,"choice":2,"pressedAt":…}`.
public enum TriviaClientMessage: Hashable, Sendable {
    /// `answer`: a press of one of the answers.
    case answer(AnswerGiven)
}

private enum KindKey: String, CodingKey { case kind }

/// Raised for an unknown `kind`.
private func unknownKind(_ kind: String, _ decoder: any Decoder) -> DecodingError {
    .dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown trivia message kind \"\(kind)\""))
}

extension TriviaServerMessage: Codable {
    public init(from decoder: any Decoder) throws {
        let kind = try decoder.container(keyedBy: KindKey.self).decode(String.self, forKey: .kind)
        switch kind {
        case "lobby": self = .lobby(try LobbyStatus(from: decoder))
        case "game": self = .game(try GameInfo(from: decoder))
        case "question": self = .question(try QuestionAsked(from: decoder))
        case "accepted": self = .accepted(try AnswerAccepted(from: decoder))
        case "rejected": self = .rejected(try AnswerRejected(from: decoder))
        case "result": self = .result(try QuestionResult(from: decoder))
        case "gameOver": self = .gameOver(try FinalStandings(from: decoder))
        default: throw unknownKind(kind, decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: KindKey.self)
        switch self {
        case .lobby(let payload): try container.encode("lobby", forKey: .kind); try payload.encode(to: encoder)
        case .game(let payload): try container.encode("game", forKey: .kind); try payload.encode(to: encoder)
        case .question(let payload): try container.encode("question", forKey: .kind); try payload.encode(to: encoder)
        case .accepted(let payload): try container.encode("accepted", forKey: .kind); try payload.encode(to: encoder)
        case .rejected(let payload): try container.encode("rejected", forKey: .kind); try payload.encode(to: encoder)
        case .result(let payload): try container.encode("result", forKey: .kind); try payload.encode(to: encoder)
        case .gameOver(let payload): try container.encode("gameOver", forKey: .kind); try payload.encode(to: encoder)
        }
    }
}

extension TriviaClientMessage: Codable {
    public init(from decoder: any Decoder) throws {
        let kind = try decoder.container(keyedBy: KindKey.self).decode(String.self, forKey: .kind)
        switch kind {
        case "answer": self = .answer(try AnswerGiven(from: decoder))
        default: throw unknownKind(kind, decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: KindKey.self)
        switch self {
        case .answer(let payload): try container.encode("answer", forKey: .kind); try payload.encode(to: encoder)
        }
    }
}

extension GameName {
    /// The trivia quiz.
    public static let trivia = GameName(rawValue: "trivia")
}
