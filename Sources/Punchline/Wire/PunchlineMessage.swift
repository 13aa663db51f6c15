import GameRuntime
import Vocabulary

/// What the Punchline host sends, as app message bodies: a JSON object whose `kind` names the
/// case, with the payload's fields beside it (``KindCoding``; docs/PUNCHLINE.md).
public enum PunchlineServerMessage: Hashable, Sendable, LobbyTelling {
    /// `lobby`: waiting for players.
    case lobby(LobbyStatus)
    /// `prompt`: a round begins; write an answer.
    case prompt(PromptAsked)
    /// `written`: who has an answer in.
    case written(WritingProgress)
    /// `ballot`: the answers without names; vote.
    case ballot(Ballot)
    /// `yours`: which letter is your own answer (to its author alone).
    case yours(YourAnswer)
    /// `accepted`: your answer or vote counts (to you alone).
    case accepted(Accepted)
    /// `refused`: your message was refused, and why (to you alone).
    case refused(Refused)
    /// `reveal`: the round's results and the scores.
    case reveal(Reveal)
    /// `gameOver`: the final scores and the winners.
    case gameOver(Final)
    /// `pause`: the host paused the game, or it goes on.
    case pause(PauseStatus)
}

/// What a player sends: `{"kind":"answer","round":1,"text":"…"}`, `{"kind":"vote","round":1,"letter":"B"}`.
public enum PunchlineClientMessage: Hashable, Sendable {
    /// `answer`: my answer to the round's prompt (it may change until writing ends).
    case answer(AnswerGiven)
    /// `vote`: my vote (it may change until voting ends).
    case vote(VoteGiven)
}

extension PunchlineServerMessage: Codable {
    public init(from decoder: any Decoder) throws {
        switch try KindCoding.kind(in: decoder) {
        case "lobby": self = .lobby(try LobbyStatus(from: decoder))
        case "prompt": self = .prompt(try PromptAsked(from: decoder))
        case "written": self = .written(try WritingProgress(from: decoder))
        case "ballot": self = .ballot(try Ballot(from: decoder))
        case "yours": self = .yours(try YourAnswer(from: decoder))
        case "accepted": self = .accepted(try Accepted(from: decoder))
        case "refused": self = .refused(try Refused(from: decoder))
        case "reveal": self = .reveal(try Reveal(from: decoder))
        case "gameOver": self = .gameOver(try Final(from: decoder))
        case "pause": self = .pause(try PauseStatus(from: decoder))
        case let kind: throw KindCoding.unknown(kind, of: "punchline", in: decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .lobby(let status): try KindCoding.encode("lobby", status, to: encoder)
        case .prompt(let asked): try KindCoding.encode("prompt", asked, to: encoder)
        case .written(let progress): try KindCoding.encode("written", progress, to: encoder)
        case .ballot(let ballot): try KindCoding.encode("ballot", ballot, to: encoder)
        case .yours(let yours): try KindCoding.encode("yours", yours, to: encoder)
        case .accepted(let accepted): try KindCoding.encode("accepted", accepted, to: encoder)
        case .refused(let refused): try KindCoding.encode("refused", refused, to: encoder)
        case .reveal(let reveal): try KindCoding.encode("reveal", reveal, to: encoder)
        case .gameOver(let final): try KindCoding.encode("gameOver", final, to: encoder)
        case .pause(let status): try KindCoding.encode("pause", status, to: encoder)
        }
    }
}

extension PunchlineClientMessage: Codable {
    public init(from decoder: any Decoder) throws {
        switch try KindCoding.kind(in: decoder) {
        case "answer": self = .answer(try AnswerGiven(from: decoder))
        case "vote": self = .vote(try VoteGiven(from: decoder))
        case let kind: throw KindCoding.unknown(kind, of: "punchline", in: decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .answer(let given): try KindCoding.encode("answer", given, to: encoder)
        case .vote(let given): try KindCoding.encode("vote", given, to: encoder)
        }
    }
}

extension GameName {
    /// Punchline: everyone writes an answer to the same prompt, everyone votes for the best.
    public static let punchline = GameName(rawValue: "punchline")
}
