import GameRuntime
import Vocabulary

/// One game of Punchline, as a pure value: rounds of writing, voting and results, then game over.
/// The rules (``PunchlineRules``) hand it each event; it holds what was written and voted, and
/// the scores. No clock is read inside: every function takes `now` (host µs).
///
/// `writing(until) -> voting(until) -> reveal(until) -> writing (next round) ... -> over`
///
/// Writing ends at its deadline or as soon as every player has an answer in; voting ends at its
/// deadline or as soon as every player who can vote has voted (the audience never holds it up).
/// With fewer than two answers to show there is nothing to vote on: the results come at once.
public struct PunchlineGame: Hashable, Sendable {
    /// Where the round is.
    public enum Phase: Hashable, Sendable {
        /// Players write answers to the prompt until then.
        case writing(until: Int64)
        /// Everyone votes on the ballot until then.
        case voting(until: Int64)
        /// The round's results are up until then.
        case reveal(until: Int64)
        /// The game is over: `rounds`, `endedByHost` or `tooFewPlayers`.
        case over(ended: String)
    }

    /// The rules' numbers.
    public let settings: PunchlineSettings
    /// The round, from 1.
    public private(set) var round = 1
    /// One prompt a round, dealt at the start.
    public let prompts: [String]
    /// The players who write, still here, in seat order.
    public private(set) var players: [Peer]
    /// Every player who wrote in this game (for names in results after one left).
    private var names: [PeerID: String]
    /// This round's answers, by author.
    public private(set) var answers: [PeerID: String] = [:]
    /// Answers the host hid (never shown, never scored).
    public private(set) var hidden: Set<PeerID> = []
    /// The ballot's authors, in the shuffled order of the letters.
    public private(set) var ballot: [PeerID] = []
    /// Players' votes: voter -> author.
    public private(set) var votes: [PeerID: PeerID] = [:]
    /// The audience's votes: voter -> author.
    public private(set) var audienceVotes: [PeerID: PeerID] = [:]
    /// Points so far.
    public private(set) var scores: [PeerID: Int]
    /// Where the round is.
    public private(set) var phase: Phase
    /// When the host paused the game (nil: it runs): deadlines stand still, answers and votes
    /// are refused `paused`.
    public private(set) var pausedAt: Int64?
    private var shuffler: SplitMix64

    /// A game of `prompts` (one a round) for `players`, writing from `now`; ballots are
    /// shuffled with `seed`.
    public init(settings: PunchlineSettings, prompts: [String], players: [Peer], seed: UInt64, now: Int64) {
        self.settings = settings
        self.prompts = prompts
        self.players = players
        self.names = Dictionary(players.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        self.scores = Dictionary(players.map { ($0.id, 0) }, uniquingKeysWith: { first, _ in first })
        self.phase = .writing(until: now + settings.writeTime)
        self.shuffler = SplitMix64(seed: seed)
    }

    /// The prompt of this round.
    public var prompt: String { prompts[round - 1] }
    /// Whether the host paused the game.
    public var isPaused: Bool { pausedAt != nil }
    /// Whether the game is over.
    public var isOver: Bool { if case .over = phase { true } else { false } }
    /// The ids of the players who write.
    public var playerIDs: [PeerID] { players.map(\.id) }
    /// The deadline of the phase (nil: over, or paused).
    public var deadline: Int64? {
        guard pausedAt == nil else { return nil }
        switch phase {
        case .writing(let until), .voting(let until), .reveal(let until): return until
        case .over: return nil
        }
    }

    /// A ballot letter: `A` for 0.
    public static func letter(_ index: Int) -> String { String(UnicodeScalar(UInt8(65 + index % 26))) }
    /// The index of a letter on a ballot of `count` answers.
    static func index(of letter: String, count: Int) -> Int? {
        guard letter.count == 1, let scalar = letter.uppercased().unicodeScalars.first, scalar.isASCII else { return nil }
        let index = Int(scalar.value) - 65
        return (0..<count).contains(index) ? index : nil
    }

    // MARK: Events

    /// An answer from `id`: kept (it may change while writing); writing ends when every player
    /// has one in.
    mutating func answer(_ given: AnswerGiven, from id: PeerID, now: Int64) -> Result<String, PunchlineRefusal> {
        guard pausedAt == nil else { return .failure(.paused) }
        guard given.round == round else { return .failure(.staleRound) }
        guard case .writing = phase else { return .failure(.notNow) }
        guard playerIDs.contains(id) else { return .failure(.notWriting) }
        let checked = AnswerText.check(given.text)
        if case .success(let text) = checked { answers[id] = text }
        return checked
    }

    /// Whether every player still here has an answer in.
    var everyoneWrote: Bool { players.allSatisfy { answers[$0.id] != nil } }

    /// A vote from `id` (a player, or the audience when `audience`).
    mutating func vote(_ given: VoteGiven, from id: PeerID, audience: Bool) -> Result<String, PunchlineRefusal> {
        guard pausedAt == nil else { return .failure(.paused) }
        guard given.round == round else { return .failure(.staleRound) }
        guard case .voting = phase else { return .failure(.notNow) }
        guard let index = Self.index(of: given.letter, count: ballot.count) else { return .failure(.noSuchAnswer) }
        let author = ballot[index]
        guard author != id else { return .failure(.ownAnswer) }
        if audience { audienceVotes[id] = author } else { votes[id] = author }
        return .success(Self.letter(index))
    }

    /// The players who can vote: everyone here but an author alone on the ballot.
    var everyoneVoted: Bool {
        players.allSatisfy { player in votes[player.id] != nil || ballot.allSatisfy { $0 == player.id } }
    }

    /// Writing is over: the ballot, shuffled, of the answers the host did not hide (voting),
    /// or, with fewer than two, the results at once.
    mutating func closeWriting(now: Int64) {
        var shown = players.map(\.id).filter { answers[$0] != nil && !hidden.contains($0) }
        shown += answers.keys.filter { id in !shown.contains(id) && !hidden.contains(id) }.sorted()  // a writer who left
        for index in shown.indices.dropLast() {
            let other = index + Int(shuffler.next() % UInt64(shown.count - index))
            shown.swapAt(index, other)
        }
        ballot = shown
        votes = [:]
        audienceVotes = [:]
        if shown.count < 2 {
            closeVoting(now: now)
        } else {
            phase = .voting(until: now + settings.voteTime)
        }
    }

    /// Voting is over: the points are counted and the results are up.
    mutating func closeVoting(now: Int64) {
        for result in results() { scores[result.author, default: 0] += result.points }
        phase = .reveal(until: now + settings.revealTime)
    }

    /// The results are down: the next round's prompt, or game over after the last.
    mutating func closeReveal(now: Int64) {
        guard round < prompts.count else {
            phase = .over(ended: "rounds")
            return
        }
        round += 1
        answers = [:]
        hidden = []
        ballot = []
        votes = [:]
        audienceVotes = [:]
        phase = .writing(until: now + settings.writeTime)
    }

    /// Moves the phase on, whatever its deadline (the host's skip, or the deadline came).
    mutating func advance(now: Int64) {
        switch phase {
        case .writing: closeWriting(now: now)
        case .voting: closeVoting(now: now)
        case .reveal: closeReveal(now: now)
        case .over: break
        }
    }

    /// A player left: its answer stays (it was written), its place does not; with fewer than two
    /// players the game is over.
    mutating func leave(_ id: PeerID) {
        players.removeAll { $0.id == id }
        votes[id] = nil
        if players.count < 2, !isOver { phase = .over(ended: "tooFewPlayers") }
    }

    /// The host hides `author`'s answer: while writing it will not be shown; while voting it
    /// leaves the ballot and its votes are void. False when there is no such answer or it is
    /// too late (the results are up).
    mutating func hide(_ author: PeerID) -> Bool {
        guard answers[author] != nil, !hidden.contains(author) else { return false }
        switch phase {
        case .writing:
            hidden.insert(author)
            return true
        case .voting:
            hidden.insert(author)
            ballot.removeAll { $0 == author }
            votes = votes.filter { $0.value != author }
            audienceVotes = audienceVotes.filter { $0.value != author }
            return true
        case .reveal, .over:
            return false
        }
    }

    /// The host ends the game now.
    mutating func end() { phase = .over(ended: "endedByHost") }

    /// Paused at `now`: the deadline stands still.
    mutating func pause(now: Int64) { pausedAt = now }

    /// Goes on at `now`: the deadline moves by the time paused.
    mutating func unpause(now: Int64) {
        let shift = max(0, now - (pausedAt ?? now))
        pausedAt = nil
        switch phase {
        case .writing(let until): phase = .writing(until: until + shift)
        case .voting(let until): phase = .voting(until: until + shift)
        case .reveal(let until): phase = .reveal(until: until + shift)
        case .over: break
        }
    }

    // MARK: Views

    /// The name of a player who wrote in this game.
    func name(of id: PeerID) -> String { names[id] ?? "#\(id)" }

    /// Each answer on the ballot with its votes and points, most points first. A clean sweep:
    /// every player who voted, but its author, chose it (at least two).
    func results() -> [AnswerResult] {
        ballot.enumerated().map { index, author in
            let got = votes.values.filter { $0 == author }.count
            let fromAudience = audienceVotes.values.filter { $0 == author }.count
            let sweep = got >= 2 && got == votes.keys.filter { $0 != author }.count  // every other player who voted
            let points = got * settings.votePoints + fromAudience * settings.audienceVotePoints + (sweep ? settings.sweepBonus : 0)
            return AnswerResult(
                letter: Self.letter(index), text: answers[author] ?? "", author: author, name: name(of: author), votes: got,
                audienceVotes: fromAudience, points: points, sweep: sweep)
        }.sorted { ($0.points, $1.letter) > ($1.points, $0.letter) }
    }

    /// The scores of the players still here, most points first (then by id).
    func standings() -> [Score] {
        players.map { Score(id: $0.id, name: $0.name, points: scores[$0.id] ?? 0) }
            .sorted { ($0.points, $1.id) > ($1.points, $0.id) }
    }
}
