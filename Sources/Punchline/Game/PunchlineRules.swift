import GameRuntime
import Vocabulary

/// The Punchline host: its lobby cycle (``LobbyCycle``) around Punchline's rules.
public typealias PunchlineTable = LobbyCycle<PunchlineRules>

/// What the host's eyes alone see (its terminal and its host page): each answer as it comes in,
/// with its author, so the host can hide one before the room sees it.
/// `{"kind":"answer","round":1,"author":3,"name":"Ann","text":"…"}`.
public enum PunchlineNote: Hashable, Sendable, HostPageNote {
    /// `author` wrote `text` for `round` (or changed its answer to it).
    case answer(round: Int, author: PeerID, name: String, text: String)

    private enum Key: String, CodingKey { case kind, round, author, name, text }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .answer(let round, let author, let name, let text):
            try container.encode("answer", forKey: .kind)
            try container.encode(round, forKey: .round)
            try container.encode(author, forKey: .author)
            try container.encode(name, forKey: .name)
            try container.encode(text, forKey: .text)
        }
    }
}

/// Punchline's rules: a write-and-vote party game. Each round every player writes an answer to
/// the same prompt (from ``PromptBank``), the answers are shown without names and everyone
/// votes for the best but their own; a player's vote is worth ``PunchlineSettings/votePoints``,
/// the audience's (watchers: players beyond ``PunchlineSettings/maxWriters``, and whoever came
/// during the game) a quarter of that, and a clean sweep a bonus; names are revealed, and after
/// ``PunchlineSettings/rounds`` rounds the most points win. The lobby around it is
/// ``LobbyCycle``'s; the game is a ``PunchlineGame``.
///
/// The host may skip (end the phase now), pause, go on, end, and hide an answer
/// (`{"command":"hide","player":ID}`, `h ID` on its terminal) before the room sees it or while
/// it is on the ballot.
public struct PunchlineRules: GameRules {
    public typealias ClientMessage = PunchlineClientMessage
    public typealias ServerMessage = PunchlineServerMessage
    public typealias Note = PunchlineNote
    public typealias Round = PunchlineGame

    public static let minimumPlayers = 2
    /// 20 s after two players are in.
    public static var usualStartRule: StartRule { .after(20_000_000) }
    /// Whoever comes during a game watches it and votes as the audience.
    public static let lateJoinersAllowed = true

    /// The rules' numbers.
    public let settings: PunchlineSettings
    /// The prompts games are dealt from.
    public let prompts: [String]
    private var seeds: SplitMix64

    /// Punchline by `settings`, dealing from `prompts`; each game's draws come from the next seed of `seed`.
    public init(settings: PunchlineSettings = PunchlineSettings(), prompts: [String] = PromptBank.prompts, seed: UInt64) {
        self.settings = settings
        self.prompts = prompts
        self.seeds = SplitMix64(seed: seed)
    }

    /// The host's own command: hide the answer of a player (by id).
    public static let hideKey = GameCommandKey(key: nil, word: "hide", label: "hide", command: GameCommand("hide"), argument: "player")
    public var commandKeys: [GameCommandKey] { [Self.hideKey] }

    /// The first `maxWriters` waiting write; the others watch and vote as the audience.
    public func seat(_ waiting: [Peer]) -> (players: [Peer], waiting: [Peer]) {
        (Array(waiting.prefix(settings.maxWriters)), Array(waiting.dropFirst(settings.maxWriters)))
    }

    public mutating func start(_ players: [Peer], number: Int, at moment: RoundMoment) -> (Round, [Effect]) {
        var deck = SplitMix64(seed: seeds.next())
        var order = Array(prompts.indices)
        for index in order.indices.dropLast() { order.swapAt(index, index + Int(deck.next() % UInt64(order.count - index))) }
        let dealt = order.prefix(min(settings.rounds, prompts.count)).map { prompts[$0] }
        let game = PunchlineGame(settings: settings, prompts: dealt, players: players, seed: deck.next(), now: moment.now)
        return (game, announce(game, at: moment))
    }

    public func nextWake(of round: Round) -> Int64? { round.deadline }

    /// The players and the watchers.
    public func audience(of round: Round, at moment: RoundMoment) -> [PeerID] {
        round.playerIDs + moment.waiting.map(\.id).filter { !round.playerIDs.contains($0) }
    }

    public func isPaused(_ round: Round) -> Bool { round.pausedAt != nil }

    public func ending(of round: Round, at moment: RoundMoment) -> RoundEnding<ServerMessage>? {
        guard round.isOver else { return nil }
        return RoundEnding(message: Self.final(round), audience: audience(of: round, at: moment), players: round.players)
    }

    // MARK: Events

    /// A watcher: it sees the round as it is (the prompt, or the ballot to vote on).
    public func arrived(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> Arrival<Effect> {
        .waits(current(round, to: [peer.id], at: moment, news: false))
    }

    /// A player leaving: its answer stays; with fewer than two players left the game is over.
    public func left(_ peer: Peer, reason: ByeReason, round: inout Round, at moment: RoundMoment) -> [Effect] {
        guard round.playerIDs.contains(peer.id) else { return [] }
        round.leave(peer.id)
        if round.isOver { return [.announce(Self.final(round), to: audience(of: round, at: moment))] }
        if case .writing = round.phase, round.everyoneWrote { return next(&round, at: moment) }
        if case .voting = round.phase, round.everyoneVoted { return next(&round, at: moment) }
        return []
    }

    /// Back: told the round as it is again (what it missed is no news to the room).
    public func back(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> [Effect] {
        current(round, to: [peer.id], at: moment, news: false).map { effect in
            if case .send(let message, let to) = effect { return .retell(message, to: to) }
            return effect
        }
    }

    /// An answer (players, while writing) or a vote (everyone, while voting).
    public func received(_ message: PunchlineClientMessage?, from id: PeerID, arrivedAt: Int64, round: inout Round, at moment: RoundMoment) -> [Effect] {
        switch message {
        case nil:
            return Self.refuse(.malformed, round: nil, to: id)
        case .answer(let given):
            switch round.answer(given, from: id, now: moment.now) {
            case .failure(let reason): return Self.refuse(reason, round: given.round, to: id)
            case .success(let text):
                let written = round.playerIDs.filter { round.answers[$0] != nil }
                let effects: [Effect] = [
                    .note(.answer(round: round.round, author: id, name: round.name(of: id), text: text)),
                    .send(.accepted(Accepted(round: round.round, what: "answer", letter: nil)), to: [id]),
                    .announce(.written(WritingProgress(round: round.round, written: written)), to: audience(of: round, at: moment)),
                ]
                return round.everyoneWrote ? effects + next(&round, at: moment) : effects
            }
        case .vote(let given):
            let audience = !round.playerIDs.contains(id)
            switch round.vote(given, from: id, audience: audience) {
            case .failure(let reason): return Self.refuse(reason, round: given.round, to: id)
            case .success(let letter):
                let effects: [Effect] = [.send(.accepted(Accepted(round: round.round, what: "vote", letter: letter)), to: [id])]
                return !audience && round.everyoneVoted ? effects + next(&round, at: moment) : effects
            }
        }
    }

    public func refusedBetweenGames(_ message: PunchlineClientMessage?, from id: PeerID) -> [Effect] {
        Self.refuse(message == nil ? .malformed : .noGame, round: nil, to: id)
    }

    /// The phase's deadline came: the next phase.
    public func woke(round: inout Round, at moment: RoundMoment) -> [Effect] {
        guard let deadline = round.deadline, moment.now >= deadline else { return [] }
        return next(&round, at: moment)
    }

    // MARK: Commands

    public func pause(round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.pause(now: moment.now)
        return [.announce(.pause(PauseStatus(paused: true)), to: audience(of: round, at: moment))]
    }

    /// Goes on: the deadline moved by the time paused.
    public func unpause(round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.unpause(now: moment.now)
        let deadline = round.deadline
        let status = PauseStatus(paused: false, deadline: deadline, leftMs: deadline.map { max(0, $0 - moment.now) / 1000 })
        return [.announce(.pause(status), to: audience(of: round, at: moment))]
    }

    public func end(round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.end()
        return [.announce(Self.final(round), to: audience(of: round, at: moment))]
    }

    /// Skip: the phase ends now (refused `paused` while paused). Hide: the answer of `player`
    /// is not shown (refused with what it takes when no such answer can be hidden).
    public func command(_ command: HostCommand, round: inout Round, at moment: RoundMoment) -> [Effect] {
        func refuse(_ reason: CommandRefusal.Reason) -> [Effect] { [.refused(CommandRefusal(command, reason))] }
        guard !round.isPaused else { return refuse(.paused) }
        guard case .game(let own) = command else { return next(&round, at: moment) }
        guard case .integer(let raw) = own.arguments["player"], let id = UInt32(exactly: raw) else {
            return refuse(.badArgument("player: the id of a player whose answer is in"))
        }
        let wasVoting = if case .voting = round.phase { true } else { false }
        guard round.hide(PeerID(rawValue: id)) else {
            return refuse(.badArgument("player: the id of a player whose answer is in and not yet in the results"))
        }
        guard wasVoting else { return [] }
        if round.ballot.count < 2 { round.closeVoting(now: moment.now) }  // nothing left to vote on
        return announce(round, at: moment)  // the ballot again without it, or the results
    }

    // MARK: Helpers

    /// Ends the phase and tells everyone the next.
    private func next(_ round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.advance(now: moment.now)
        return announce(round, at: moment)
    }

    /// The phase's message to everyone who hears the round (and each author its letter).
    private func announce(_ round: Round, at moment: RoundMoment) -> [Effect] {
        current(round, to: audience(of: round, at: moment), at: moment, news: true)
    }

    /// The phase's message to `recipients` (and to each of them who wrote an answer on the
    /// ballot, its letter): news for the room (``GameEffect/announce(_:to:)``) or, for one who
    /// arrives or comes back, theirs alone.
    private func current(_ round: Round, to recipients: [PeerID], at moment: RoundMoment, news: Bool) -> [Effect] {
        let told: (ServerMessage) -> Effect = { news ? .announce($0, to: recipients) : .send($0, to: recipients) }
        let left = round.deadline.map { max(0, $0 - moment.now) / 1000 } ?? 0
        switch round.phase {
        case .writing:
            let asked = PromptAsked(
                round: round.round, rounds: round.prompts.count, prompt: round.prompt, writers: round.playerIDs, deadline: round.deadline, leftMs: left)
            return [told(.prompt(asked))]
        case .voting:
            let entries = round.ballot.enumerated().map { BallotEntry(letter: PunchlineGame.letter($0), text: round.answers[$1] ?? "") }
            let ballot = Ballot(round: round.round, prompt: round.prompt, answers: entries, deadline: round.deadline, leftMs: left)
            let yours: [Effect] = round.ballot.enumerated().compactMap { index, author in
                recipients.contains(author) ? .send(.yours(YourAnswer(round: round.round, letter: PunchlineGame.letter(index))), to: [author]) : nil
            }
            return [told(.ballot(ballot))] + yours
        case .reveal:
            let reveal = Reveal(
                round: round.round, rounds: round.prompts.count, prompt: round.prompt, results: round.results(), scores: round.standings(),
                showMs: round.settings.revealTime / 1000)
            return [told(.reveal(reveal))]
        case .over:
            return [told(Self.final(round))]
        }
    }

    /// Game over: the scores and the winners (everyone tied at the top).
    static func final(_ round: Round) -> PunchlineServerMessage {
        let scores = round.standings()
        let best = scores.first?.points ?? 0
        let ended = if case .over(let ended) = round.phase { ended } else { "endedByHost" }
        return .gameOver(Final(scores: scores, winners: scores.filter { $0.points == best }.map(\.id), ended: ended))
    }

    private static func refuse(_ reason: PunchlineRefusal, round: Int?, to id: PeerID) -> [Effect] {
        [.send(.refused(Refused(round: round, reason: reason, text: AnswerText.sentence(reason))), to: [id])]
    }
}
