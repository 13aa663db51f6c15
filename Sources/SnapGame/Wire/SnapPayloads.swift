import Vocabulary

/// One seat as every player sees it: the face-up top card and the pile sizes.
public struct SeatView: Hashable, Sendable, Codable {
    /// The player.
    public var id: PeerID
    /// The player's name.
    public var name: String
    /// The top face-up card, if any.
    public var top: Card?
    /// Cards in the face-down pile.
    public var faceDown: Int
    /// Cards in the face-up pile.
    public var faceUp: Int
    /// `playing`, `out` or `left`.
    public var status: SeatStatus
    /// True while the player's link is down and its seat kept (its turns are skipped); absent
    /// otherwise.
    public var away: Bool?

    /// Cards held.
    public var cards: Int { faceDown + faceUp }
}

/// What just happened at the table.
public struct TableEvent: Hashable, Sendable, Codable {
    /// `deal`, `flip`, `snap`, `falseSnap`, `leave`, `away`, `back`, `skip` (the host skipped
    /// `player`'s turn) or `end` (the host ended the game).
    public var type: String
    /// Who did it (none for `deal`).
    public var player: PeerID?
    /// The card flipped (`flip`).
    public var card: Card?
    /// Cards won (`snap`).
    public var cards: Int?
    /// Whose face-up piles were won (`snap`), or who was paid (`falseSnap`).
    public var players: [PeerID]?
    /// Everyone who snapped in the collection window, in judged order (`snap`, `falseSnap`).
    public var snappers: [PeerID]?

    /// Creates an event.
    public init(type: String, player: PeerID? = nil, card: Card? = nil, cards: Int? = nil, players: [PeerID]? = nil, snappers: [PeerID]? = nil) {
        (self.type, self.player, self.card, self.cards, self.players, self.snappers) = (type, player, card, cards, players, snappers)
    }
}

/// The whole table, sent to every player after each event.
public struct TableState: Hashable, Sendable, Codable {
    /// The table's version: a snap names the version it was pressed on.
    public var seq: Int
    /// Whose turn it is to flip (none once the game is over).
    public var turn: PeerID?
    /// The seats in turn order.
    public var seats: [SeatView]
    /// Flips so far, and the limit.
    public var flips: Int
    /// The flip limit (most cards win when it is reached).
    public var maxFlips: Int
    /// What changed.
    public var event: TableEvent

    /// Whether two playing seats show the same rank on top (a snap would be valid).
    public var hasMatch: Bool {
        let ranks = seats.filter { $0.status == .playing }.compactMap { $0.top?.rank }
        return Set(ranks).count < ranks.count
    }

    /// A seat by player id.
    public func seat(_ id: PeerID) -> SeatView? { seats.first { $0.id == id } }
}

/// Why a flip or snap was refused (only the sender is told; nothing else changes).
public enum SnapRefusal: String, Hashable, Sendable, Codable {
    /// Another player's turn.
    case notYourTurn
    /// Not playing in this game (out, left, or never dealt in).
    case notPlaying
    /// No game is under way.
    case noGame
    /// Snaps are being judged: flips wait until the result (a fraction of a second).
    case judging
    /// This player already snapped in this collection window.
    case alreadySnapped
    /// The snap was pressed on an older table that has changed since and shows no match now:
    /// not counted, and not a false snap.
    case stale
    /// The host paused the game.
    case paused
    /// Not a message this game understands.
    case malformed
}

/// A refused flip or snap.
public struct Refused: Hashable, Sendable, Codable {
    /// `flip` or `snap` (absent for an unreadable message).
    public var action: String?
    /// Why.
    public var reason: SnapRefusal

    /// Creates a refusal.
    public init(action: String?, reason: SnapRefusal) {
        self.action = action
        self.reason = reason
    }
}

/// The end of a game.
public struct SnapFinal: Hashable, Sendable, Codable {
    /// The winners (one, except for a tie at the flip limit; none when nobody is left).
    public var winners: [PeerID]
    /// Why it ended.
    public var ended: SnapEnd
    /// Every seat, most cards first.
    public var standings: [SeatView]
    /// Flips played.
    public var flips: Int
}

/// A snap press (player to host).
public struct SnapPress: Hashable, Sendable, Codable {
    /// The table version the player saw when pressing.
    public var seq: Int
    /// When the player pressed, on its own monotonic clock in microseconds (``MonotonicClock/now()``).
    public var pressedAt: Int64

    /// Creates a press.
    public init(seq: Int, pressedAt: Int64) {
        self.seq = seq
        self.pressedAt = pressedAt
    }
}
