import GameRuntime
import Vocabulary

/// `prompt`: a round begins: everyone playing writes an answer to `prompt` before the deadline
/// (watchers see it too, and vote later).
public struct PromptAsked: Hashable, Sendable, Codable {
    /// The round, from 1.
    public var round: Int
    /// Rounds in the game.
    public var rounds: Int
    /// The line to finish or the question to answer.
    public var prompt: String
    /// Who writes (the players of this game).
    public var writers: [PeerID]
    /// When writing ends, on the host's clock (µs); nil while paused.
    public var deadline: Int64?
    /// The time left, in milliseconds (for a device without the host's clock).
    public var leftMs: Int64
}

/// `written`: who has written an answer so far (never what).
public struct WritingProgress: Hashable, Sendable, Codable {
    /// The round.
    public var round: Int
    /// The players who have an answer in.
    public var written: [PeerID]
}

/// One answer on the ballot, without its author.
public struct BallotEntry: Hashable, Sendable, Codable {
    /// Its letter on the ballot: `A`, `B`, ...
    public var letter: String
    /// The answer.
    public var text: String
}

/// `ballot`: the answers, without names, in a shuffled order: vote for the best (not your own).
public struct Ballot: Hashable, Sendable, Codable {
    /// The round.
    public var round: Int
    /// The prompt again.
    public var prompt: String
    /// The answers.
    public var answers: [BallotEntry]
    /// When voting ends, on the host's clock (µs); nil while paused.
    public var deadline: Int64?
    /// The time left, in milliseconds.
    public var leftMs: Int64
}

/// `yours`: to an author alone: which letter on the ballot is its own (it cannot vote for it).
public struct YourAnswer: Hashable, Sendable, Codable {
    /// The round.
    public var round: Int
    /// Its letter.
    public var letter: String
}

/// `accepted`: to the sender alone: its answer or vote counts (and may change until the deadline).
public struct Accepted: Hashable, Sendable, Codable {
    /// The round.
    public var round: Int
    /// `answer` or `vote`.
    public var what: String
    /// For a vote: the letter voted for.
    public var letter: String?
}

/// Why an answer or a vote was refused.
public enum PunchlineRefusal: String, Error, Hashable, Sendable, Codable {
    /// Not a Punchline message.
    case malformed
    /// No game is under way.
    case noGame
    /// Not the time: answers while writing, votes while voting.
    case notNow
    /// Another round's.
    case staleRound
    /// This player does not write in this game (it watches: it may vote).
    case notWriting
    /// The answer is empty once spaces are trimmed.
    case empty
    /// The answer is longer than ``AnswerText/maxCharacters`` characters.
    case tooLong
    /// The answer holds control characters (line breaks, tabs, escapes).
    case controlCharacters
    /// No answer has that letter.
    case noSuchAnswer
    /// Nobody may vote for their own answer.
    case ownAnswer
    /// The host paused the game.
    case paused
}

/// `refused`: to the sender alone: what was refused, why, and what is allowed.
public struct Refused: Hashable, Sendable, Codable {
    /// The round, when the message named one.
    public var round: Int?
    /// Why.
    public var reason: PunchlineRefusal
    /// A sentence a person reads: what was wrong and what is allowed.
    public var text: String
}

/// One answer's result.
public struct AnswerResult: Hashable, Sendable, Codable {
    /// Its letter on the ballot.
    public var letter: String
    /// The answer.
    public var text: String
    /// Who wrote it (revealed now).
    public var author: PeerID
    /// The author's name.
    public var name: String
    /// Players' votes for it.
    public var votes: Int
    /// The audience's votes for it (watchers: each counts for less).
    public var audienceVotes: Int
    /// Points it earned, the sweep's bonus included.
    public var points: Int
    /// Every other player who voted chose it (at least two of them): the bonus.
    public var sweep: Bool
}

/// A player's score.
public struct Score: Hashable, Sendable, Codable {
    /// Who.
    public var id: PeerID
    /// Its name.
    public var name: String
    /// Points so far.
    public var points: Int
}

/// `reveal`: the round's results, names revealed, and the scores so far.
public struct Reveal: Hashable, Sendable, Codable {
    /// The round.
    public var round: Int
    /// Rounds in the game.
    public var rounds: Int
    /// The prompt.
    public var prompt: String
    /// Every answer shown, most points first.
    public var results: [AnswerResult]
    /// The scores, most points first.
    public var scores: [Score]
    /// How long the results stay up, in milliseconds.
    public var showMs: Int64
}

/// `gameOver`: the final scores and the winners (tied winners share it).
public struct Final: Hashable, Sendable, Codable {
    /// The scores, most points first.
    public var scores: [Score]
    /// The winners.
    public var winners: [PeerID]
    /// `rounds` (all played), `endedByHost`, or `tooFewPlayers` (fewer than two left).
    public var ended: String
}

/// `answer`: my answer to this round's prompt.
public struct AnswerGiven: Hashable, Sendable, Codable {
    /// The round.
    public var round: Int
    /// The answer.
    public var text: String

    /// An answer.
    public init(round: Int, text: String) {
        self.round = round
        self.text = text
    }
}

/// `vote`: my vote for an answer on the ballot.
public struct VoteGiven: Hashable, Sendable, Codable {
    /// The round.
    public var round: Int
    /// The answer's letter.
    public var letter: String

    /// A vote.
    public init(round: Int, letter: String) {
        self.round = round
        self.letter = letter
    }
}
