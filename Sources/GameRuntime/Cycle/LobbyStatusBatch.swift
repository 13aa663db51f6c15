import Vocabulary

/// The lobby's status owed to the players waiting, told to them all at once: a change of the
/// lobby marks it due (``changed(now:)``) and ``LobbyCycle`` wakes at ``due`` to tell everyone
/// waiting the status as it is then. A crowd arriving together costs each waiting player one
/// status per ``interval(waiting:)``, not one per arrival (2,000 arrivals were 2,000 statuses to
/// each).
///
/// A change that matters at once (a game starting, a countdown starting or stopping, a game's
/// end) is told at once instead and settles the batch (``settled()``); a player told the status
/// alone since the last change (a joiner gets its own at once) is not told it again
/// (``recipients(_:)``).
struct LobbyStatusBatch: Hashable, Sendable {
    /// How long a change waits for others before the status goes out (50 ms, microseconds):
    /// the roster batch's default (Matchmaking's `ServerConfiguration.rosterBatch`), so a status
    /// comes no more often than the `joined` notes it counts; that setting is not reachable here
    /// (the game runtime does not depend on the host's link layer, and `serve` has no option for
    /// it). Well below what a person notices in a count or a team list.
    static let interval: Int64 = 50_000
    /// What each player waiting adds to the wait (0.5 ms, microseconds): a status costs one frame
    /// per player waiting, so the room's statuses stay within about 2,000 frames a second however
    /// many wait (at 2,000 a status every second, not 20: 2,000 phones arriving through a shared
    /// 50 Mbit/s Wi-Fi were sent 4 MB/s of statuses, two thirds of the link).
    static let intervalPerPlayer: Int64 = 500
    /// The longest a status waits (1 s, microseconds): a count a person watches still moves.
    static let longestInterval: Int64 = 1_000_000

    /// How long a change waits for others with `waiting` players waiting: ``interval``, or half a
    /// millisecond a player in a bigger room, at most ``longestInterval``.
    static func interval(waiting: Int) -> Int64 {
        min(longestInterval, max(interval, Int64(waiting) * intervalPerPlayer))
    }

    /// When the owed status is to be told (host monotonic microseconds); nil: nothing is owed.
    private(set) var due: Int64?
    /// Who was told the current status alone since the last change.
    private(set) var toldAlone: Set<PeerID> = []

    /// The lobby changed at `now`, with `waiting` players waiting: the status is owed (from `now`
    /// on, unless already owed); whoever was told it alone before now knows an old one.
    mutating func changed(now: Int64, waiting: Int) {
        if due == nil { due = now + Self.interval(waiting: waiting) }
        toldAlone = []
    }

    /// `id` was just told the current status alone: the batch leaves it out.
    mutating func told(_ id: PeerID) { toldAlone.insert(id) }

    /// Whether the owed status is to be told at `now`.
    func isDue(now: Int64) -> Bool { due.map { now >= $0 } ?? false }

    /// Of the players `waiting`, those the owed status goes to: all but those told it alone.
    func recipients(_ waiting: [Peer]) -> [PeerID] {
        guard !toldAlone.isEmpty else { return waiting.map(\.id) }
        return waiting.lazy.map(\.id).filter { !toldAlone.contains($0) }
    }

    /// Everyone waiting was told the status (or a game started): nothing is owed.
    mutating func settled() {
        due = nil
        toldAlone = []
    }
}
