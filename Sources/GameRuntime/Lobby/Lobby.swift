import Matchmaking

/// The players gathering for a game's next round, and when it starts: a pure part of a game's
/// table (times are host monotonic microseconds).
///
/// With ``StartRule/whenFull`` a game starts once `max(minimum, capacity)` players wait; with
/// ``StartRule/after(_:)`` a countdown starts when `minimum` players wait and stops when fewer
/// are left.
///
/// After a game its players come back (``gameEnded(players:now:)``) and wait for the next one:
/// with `after(S)` the countdown starts again at once; with `whenFull`, a full lobby counts down
/// ``restAfterGame`` first (time to read the standings) instead of starting at once.
public struct Lobby: Hashable, Sendable {
    /// How long a full lobby under ``StartRule/whenFull`` waits after a game before the next
    /// (10 s), counted down on every screen.
    public static let restAfterGame: Int64 = 10_000_000

    /// When games start.
    public let rule: StartRule
    /// Most players the host admits (the rule's "full").
    public let capacity: Int
    /// Fewest players a game needs.
    public let minimum: Int
    /// The players waiting, in order of arrival.
    public private(set) var waiting: [Peer] = []
    /// When the game starts, while a countdown runs.
    public private(set) var startsAt: Int64?

    /// An empty lobby.
    public init(rule: StartRule, capacity: Int, minimum: Int) {
        self.rule = rule
        self.capacity = capacity
        self.minimum = minimum
    }

    /// A player arrived.
    public mutating func add(_ peer: Peer) { waiting.append(peer) }

    /// A player left; false when it was not waiting.
    @discardableResult
    public mutating func remove(_ id: PeerID) -> Bool {
        guard waiting.contains(where: { $0.id == id }) else { return false }
        waiting.removeAll { $0.id == id }
        return true
    }

    /// Applies the rule after the players changed at `now`: true when a game starts now (then
    /// take the players with ``start()``); otherwise the countdown starts or stops as needed.
    public mutating func playersChanged(now: Int64) -> Bool {
        switch rule {
        case .whenFull:
            guard isFull else {
                startsAt = nil
                return false
            }
            return startsAt == nil  // a rest after a game runs: the countdown goes on
        case .after(let delay):
            if waiting.count < minimum {
                startsAt = nil
            } else if startsAt == nil {
                startsAt = now + delay
            }
            return false
        }
    }

    /// Whether the countdown is over with enough players waiting.
    public func isDue(now: Int64) -> Bool {
        guard let startsAt else { return false }
        return now >= startsAt && waiting.count >= minimum
    }

    /// Whether enough players wait for a game to start now (the host's start command).
    public var canStart: Bool { waiting.count >= minimum }

    /// Whether `id` waits here.
    public func contains(_ id: PeerID) -> Bool { waiting.contains { $0.id == id } }

    /// A game ended at `now`: its `players` still here wait for the next one, before anyone who
    /// came meanwhile. The countdown starts as the rule says (`whenFull`: ``restAfterGame``
    /// when full); no game starts at once.
    public mutating func gameEnded(players: [Peer], now: Int64) {
        let returning = Set(players.map(\.id))
        waiting = players + waiting.filter { !returning.contains($0.id) }
        switch rule {
        case .whenFull:
            startsAt = isFull ? now + Self.restAfterGame : nil
        case .after(let delay):
            startsAt = waiting.count >= minimum ? now + delay : nil
        }
    }

    private var isFull: Bool { waiting.count >= max(minimum, capacity) }

    /// A game starts: takes every waiting player; the lobby is empty and counts down no more.
    public mutating func start() -> [Peer] {
        defer {
            waiting = []
            startsAt = nil
        }
        return waiting
    }

    /// The lobby as players see it at `now`.
    public func status(now: Int64) -> LobbyStatus {
        LobbyStatus(players: waiting.count, capacity: capacity, startRule: rule.name, startsInMs: startsAt.map { max(0, $0 - now) / 1000 })
    }
}
