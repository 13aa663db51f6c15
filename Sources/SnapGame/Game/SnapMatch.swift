import GameRuntime
import Vocabulary

/// The rules of one game of Snap!, as a pure state machine: a deck shuffled from a seed and
/// dealt round-robin, then one event at a time (``flip(by:)``, ``snap(by:)``, ``leave(_:)``).
/// No clock, no I/O: who snapped first is decided before (``SnapTable`` with ``PressJudge``), so
/// the same events replayed on the same seed give the same game (``SnapReplay``).
///
/// **Piles.** Each player has a face-down pile and a face-up pile; in both arrays the *last*
/// element is the top card. Flipping moves the top face-down card onto the face-up pile.
///
/// **Variants** (docs/SNAP.md):
/// - A player whose face-down pile is empty when their turn comes turns their face-up pile over
///   to make a new face-down pile, then flips (they stay in while they hold any card).
/// - A valid snap wins every face-up pile whose top card's rank is shown on another face-up top
///   (the snapper's own included); the cards go, each pile turned over, under the snapper's
///   face-down pile. The turn does not move (unless its holder is out).
/// - A false snap pays one card to each other player still in, in seat order: from the top of
///   the snapper's face-down pile, or when that is empty from the bottom of the face-up pile (so
///   no face-up top changes while the player keeps cards). Each card goes under the payee's
///   face-down pile. A player who runs out while paying is out; the rest are not paid.
/// - A player with no cards left is out. A player who leaves is removed: their cards leave play
///   (kept in ``removed``, so 52 = cards in play + removed at every step).
/// - The game ends when at most one player holds cards (that player wins), or after
///   ``maxFlips`` flips: then the player(s) holding the most cards win (a tie: all of them).
/// - The host may skip the player whose turn it is (``skipTurn()``), and end the game
///   (``end()``): the most cards win, as at the flip limit.
public struct SnapMatch: Hashable, Sendable {
    /// One player's place at the table.
    public struct Seat: Hashable, Sendable {
        /// Who sits here.
        public var peer: Peer
        /// Face-down pile, top card last.
        public var faceDown: [Card]
        /// Face-up pile, top card last.
        public var faceUp: [Card]
        /// Still playing, out of cards, or gone.
        public var status: SeatStatus

        /// The card every player sees.
        public var top: Card? { faceUp.last }
        /// Cards held.
        public var cards: Int { faceDown.count + faceUp.count }
        /// Whether the player takes part (holds cards and is present).
        public var isPlaying: Bool { status == .playing }
    }

    /// How a game ended.
    public struct Outcome: Hashable, Sendable, Codable {
        /// The winners: the last player holding cards, or the most cards at the flip limit.
        public var winners: [PeerID]
        /// Why it ended.
        public var ended: SnapEnd

        /// Creates an outcome.
        public init(winners: [PeerID], ended: SnapEnd) {
            self.winners = winners
            self.ended = ended
        }
    }

    /// The seats, in turn order (the order players were admitted).
    public private(set) var seats: [Seat]
    /// The seat whose turn it is to flip (nil once the game is over).
    public internal(set) var turn: Int?
    /// Cards taken out of play by players who left.
    public private(set) var removed: [Card] = []
    /// Flips so far.
    public private(set) var flips = 0
    /// Events applied so far (flips, snaps, leaves that changed something): the version of the
    /// table players see, which a snap names so a stale one is recognised.
    public internal(set) var seq = 0
    /// The flip after which the game ends on card count.
    public let maxFlips: Int
    /// Set once the game is over.
    public private(set) var outcome: Outcome?
    /// Players whose link is down (their seats and cards kept): their turns are skipped.
    public internal(set) var away: Set<PeerID> = []

    /// Deals a deck shuffled with `seed` round-robin to `players` (at least 2), starting with
    /// the first, who also flips first.
    public init(seed: UInt64, players: [Peer], maxFlips: Int = 5_000) {
        precondition(players.count >= 2, "Snap! needs at least 2 players")
        precondition(maxFlips > 0, "maxFlips must be positive")
        var seats = players.map { Seat(peer: $0, faceDown: [], faceUp: [], status: .playing) }
        for (index, card) in Card.shuffledDeck(seed: seed).enumerated() {
            seats[index % seats.count].faceDown.append(card)
        }
        self.seats = seats
        self.turn = 0
        self.maxFlips = maxFlips
    }

    /// A game already under way with these piles (top card last), for tests and puzzles; the
    /// cards need not make a full deck.
    public init(arranged: [(peer: Peer, faceDown: [Card], faceUp: [Card])], turn: Int = 0, maxFlips: Int = 5_000) {
        precondition(arranged.count >= 2 && arranged.indices.contains(turn), "at least 2 seats, and a turn among them")
        self.seats = arranged.map { Seat(peer: $0.peer, faceDown: $0.faceDown, faceUp: $0.faceUp, status: .playing) }
        self.turn = turn
        self.maxFlips = maxFlips
        settle()
    }

    /// Whether the game has ended.
    public var isOver: Bool { outcome != nil }

    /// The seat of a player, if seated.
    public func seat(of id: PeerID) -> Int? { seats.firstIndex { $0.peer.id == id } }

    /// The player whose turn it is.
    public var turnPlayer: PeerID? { turn.map { seats[$0].peer.id } }

    /// Cards held by players (not counting ``removed``).
    public var cardsInPlay: Int { seats.reduce(0) { $0 + $1.cards } }

    /// Every card, in play or removed: always 52 (the conservation invariant tests check).
    public var allCards: [Card] { seats.flatMap { $0.faceDown + $0.faceUp } + removed }

    /// Seats still playing.
    public var playing: [Int] { seats.indices.filter { seats[$0].isPlaying } }

    /// The seats whose face-up top shares its rank with another player's face-up top.
    public var matchingSeats: [Int] {
        let tops = playing.compactMap { index in seats[index].top.map { (index, $0.rank) } }
        var byRank: [Int: [Int]] = [:]
        for (index, rank) in tops { byRank[rank, default: []].append(index) }
        return byRank.values.filter { $0.count >= 2 }.flatMap { $0 }.sorted()
    }

    /// Whether a snap now would be valid.
    public var hasMatch: Bool { !matchingSeats.isEmpty }

    // MARK: Events

    /// Why a flip was refused.
    public enum FlipRefusal: String, Error, Hashable, Sendable, Codable {
        /// Another player's turn.
        case notYourTurn
        /// Not a player in this game (never seated, out, or left).
        case notPlaying
        /// The game is over.
        case gameOver
    }

    /// `id` flips the top card of their face-down pile (turning the face-up pile over first
    /// when the face-down pile is empty). Returns the card, or why not.
    public mutating func flip(by id: PeerID) -> Result<Card, FlipRefusal> {
        guard outcome == nil, let turn else { return .failure(.gameOver) }
        guard let index = seat(of: id), seats[index].isPlaying else { return .failure(.notPlaying) }
        guard index == turn else { return .failure(.notYourTurn) }
        if seats[index].faceDown.isEmpty {
            seats[index].faceDown = seats[index].faceUp.reversed()
            seats[index].faceUp = []
        }
        let card = seats[index].faceDown.removeLast()
        seats[index].faceUp.append(card)
        flips += 1
        seq += 1
        self.turn = nextPlaying(after: index)
        if flips >= maxFlips { endOnCardCount(.flipLimit) }
        return .success(card)
    }

    /// What a snap did.
    public enum SnapOutcome: Hashable, Sendable {
        /// Valid: the snapper won these cards, from these players' face-up piles (in seat order).
        case won(cards: Int, from: [PeerID])
        /// False: the snapper paid one card to each of these players.
        case paid(to: [PeerID])
        /// Not a player in this game, or the game is over: nothing happened.
        case refused(FlipRefusal)
    }

    /// `id` snaps (judged the first to snap, when several did).
    public mutating func snap(by id: PeerID) -> SnapOutcome {
        guard outcome == nil else { return .refused(.gameOver) }
        guard let index = seat(of: id), seats[index].isPlaying else { return .refused(.notPlaying) }
        seq += 1
        let matching = matchingSeats
        let result: SnapOutcome
        if matching.isEmpty {
            var paid: [PeerID] = []
            for other in playing where other != index {
                guard let card = takeOne(from: index) else { break }
                seats[other].faceDown.insert(card, at: 0)
                paid.append(seats[other].peer.id)
            }
            result = .paid(to: paid)
        } else {
            var won: [Card] = []
            for other in matching {
                won += seats[other].faceUp.reversed()
                seats[other].faceUp = []
            }
            seats[index].faceDown.insert(contentsOf: won, at: 0)
            result = .won(cards: won.count, from: matching.map { seats[$0].peer.id })
        }
        settle()
        return result
    }

    /// `id` left: their cards leave play. Returns false when they were not seated or already gone.
    @discardableResult
    public mutating func leave(_ id: PeerID) -> Bool {
        guard let index = seat(of: id), seats[index].status != .left else { return false }
        removed += seats[index].faceDown + seats[index].faceUp
        seats[index].faceDown = []
        seats[index].faceUp = []
        seats[index].status = .left
        seq += 1
        if outcome == nil { settle() }
        return true
    }

    /// The host skips the player whose turn it is: the turn passes to the next player still in
    /// (the table's version moves on). Returns who was skipped (nil once the game is over).
    @discardableResult
    public mutating func skipTurn() -> PeerID? {
        guard outcome == nil, let turn else { return nil }
        self.turn = nextPlaying(after: turn)
        seq += 1
        return seats[turn].peer.id
    }

    /// The host ends the game now: the player(s) holding the most cards win (`endedByHost`).
    public mutating func end() {
        guard outcome == nil else { return }
        endOnCardCount(.endedByHost)
    }

    // MARK: Helpers

    /// One card for a false snap: the face-down top, else the face-up bottom.
    private mutating func takeOne(from index: Int) -> Card? {
        if let card = seats[index].faceDown.popLast() { return card }
        if !seats[index].faceUp.isEmpty { return seats[index].faceUp.removeFirst() }
        return nil
    }

    /// Marks players without cards out, moves the turn off them, and ends the game when at most
    /// one player is left.
    private mutating func settle() {
        for index in seats.indices where seats[index].isPlaying && seats[index].cards == 0 {
            seats[index].status = .out
        }
        let left = playing
        if left.count <= 1 {
            outcome = Outcome(winners: left.map { seats[$0].peer.id }, ended: left.isEmpty ? .noPlayers : .lastPlayer)
            turn = nil
            return
        }
        if let turn, !seats[turn].isPlaying { self.turn = nextPlaying(after: turn) }
    }

    /// The next seat after `index` still playing (wrapping round), skipping players who are
    /// away unless everyone still playing is.
    func nextPlaying(after index: Int) -> Int? {
        var anyPlaying: Int?
        for step in 1...seats.count {
            let candidate = (index + step) % seats.count
            guard seats[candidate].isPlaying else { continue }
            if !away.contains(seats[candidate].peer.id) { return candidate }
            anyPlaying = anyPlaying ?? candidate
        }
        return anyPlaying
    }

    private mutating func endOnCardCount(_ ended: SnapEnd) {
        let best = playing.map { seats[$0].cards }.max() ?? 0
        outcome = Outcome(winners: playing.filter { seats[$0].cards == best }.map { seats[$0].peer.id }, ended: ended)
        turn = nil
    }
}

/// Where a player stands.
public enum SeatStatus: String, Hashable, Sendable, Codable {
    /// Holds cards and plays.
    case playing
    /// Ran out of cards.
    case out
    /// Left the game (disconnected or quit); their cards left play.
    case left
}

/// Why a game ended.
public enum SnapEnd: String, Hashable, Sendable, Codable {
    /// One player holds cards; they win.
    case lastPlayer
    /// The flip limit was reached; the most cards win.
    case flipLimit
    /// Nobody is left.
    case noPlayers
    /// The host ended the game; the most cards win.
    case endedByHost
}
