import GameRuntime
import Vocabulary

/// What a player's (or a watcher's) device knows of a Punchline game, fed by the host's messages.
public struct PunchlinePlayerState: PlayerModel {
    /// The round's prompt while writing.
    public private(set) var prompt: PromptAsked?
    /// Whether this player's answer is in (this round).
    public private(set) var answered = false
    /// The ballot while voting.
    public private(set) var ballot: Ballot?
    /// This player's own letter on the ballot.
    public private(set) var mine: String?
    /// The letter this player voted for.
    public private(set) var voted: String?
    /// The last results.
    public private(set) var reveal: Reveal?
    /// The game's end.
    public private(set) var final: Final?
    /// Whether the host paused the game.
    public private(set) var paused = false

    public init() {}

    public var isOver: Bool { final != nil }

    public mutating func received(_ message: PunchlineServerMessage, at receivedAt: Int64, hostClock: ClockEstimate?) {
        switch message {
        case .prompt(let asked):
            if prompt?.round != asked.round { answered = false }
            (prompt, ballot, mine, voted, final) = (asked, nil, nil, nil, nil)
        case .ballot(let ballot):
            if self.ballot?.round != ballot.round { (mine, voted) = (nil, nil) }
            if let voted, !ballot.answers.contains(where: { $0.letter == voted }) { self.voted = nil }
            (self.ballot, prompt) = (ballot, nil)
        case .yours(let yours): mine = yours.letter
        case .accepted(let accepted):
            if accepted.what == "answer" { answered = true } else { voted = accepted.letter }
        case .reveal(let reveal): (self.reveal, ballot, prompt) = (reveal, nil, nil)
        case .gameOver(let final): (self.final, ballot, prompt) = (final, nil, nil)
        case .pause(let status): paused = status.paused
        case .lobby, .written, .refused: break
        }
    }
}

/// A player's side of Punchline: ``GamePlayer`` keeps the ``PunchlinePlayerState``; this adds
/// its actions, writing an answer and voting.
public typealias PunchlinePlayer = GamePlayer<PunchlinePlayerState>

extension GamePlayer where Model == PunchlinePlayerState {
    /// Sends `text` as this round's answer (the host checks it and says).
    public func write(_ text: String) {
        guard let round = model.prompt?.round else { return }
        send(PunchlineClientMessage.answer(AnswerGiven(round: round, text: text)))
    }

    /// Votes for the answer with `letter` (the host refuses one's own).
    public func vote(_ letter: String) {
        guard let round = model.ballot?.round else { return }
        send(PunchlineClientMessage.vote(VoteGiven(round: round, letter: letter.uppercased())))
    }
}
