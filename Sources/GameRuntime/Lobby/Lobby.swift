import Vocabulary

/// The players gathering for a game's next round, and when it starts: a pure part of a game's
/// table (times are host monotonic microseconds).
///
/// With ``StartRule/whenFull`` a game starts once `max(minimum, capacity)` players wait; with
/// ``StartRule/after(_:)`` a countdown starts when `minimum` players wait and stops when fewer
/// are left; with ``StartRule/at(_:)`` the countdown runs from the start to the time of day,
/// when a game starts with whoever waits (or, if fewer than `minimum`, as soon as enough do).
///
/// After a game its players come back (``gameEnded(players:now:)``) and wait for the next one:
/// with `after(S)` the countdown starts again at once; with `whenFull`, a full lobby counts down
/// ``restAfterGame`` first (time to read the standings) instead of starting at once. A scheduled
/// start is for the first game only: once a game starts, ``later`` is the rule.
public struct Lobby: Hashable, Sendable {
    /// How long a full lobby under ``StartRule/whenFull`` waits after a game before the next
    /// (10 s), counted down on every screen.
    public static let restAfterGame: Int64 = 10_000_000

    /// When the next game starts.
    public private(set) var rule: StartRule
    /// The rule after a scheduled first game (the game's usual one; never itself `at`).
    public let later: StartRule
    /// Most players the host admits (the rule's "full").
    public let capacity: Int
    /// Fewest players a game needs.
    public let minimum: Int
    /// The players waiting, in order of arrival.
    public private(set) var waiting: [Peer] = []
    /// When the game starts, while a countdown runs.
    public private(set) var startsAt: Int64?

    /// An empty lobby; with a scheduled start (``StartRule/at(_:)``) its countdown runs from now
    /// on, and games after the first follow `later` (`whenFull` if `later` is a schedule too).
    public init(rule: StartRule, capacity: Int, minimum: Int, later: StartRule = .whenFull) {
        self.rule = rule
        self.capacity = capacity
        self.minimum = minimum
        if case .at = later { self.later = .whenFull } else { self.later = later }
        if case .at(let start) = rule { startsAt = start.time }
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
        case .at:
            let timeHasCome = startsAt.map { now >= $0 } ?? true  // nil: the time has passed
            if timeHasCome, !canStart { startsAt = nil }
            return timeHasCome && canStart
        }
    }

    /// Whether the countdown is over with enough players waiting.
    public func isDue(now: Int64) -> Bool {
        guard let startsAt else { return false }
        return now >= startsAt && waiting.count >= minimum
    }

    /// What the countdown's end comes to (``woke(now:)``).
    public enum Wake: Hashable, Sendable {
        /// A game starts now: take the players with ``start()``.
        case start
        /// The time came with too few players: the countdown is over (tell the players); with
        /// a scheduled start the game starts as soon as enough are here.
        case tooFew
        /// Nothing is due yet.
        case notYet
    }

    /// The countdown's time (``startsAt``) came at `now`. With too few players no wake-up is
    /// left pending (``startsAt`` is nil), so a table asking to be woken at ``startsAt`` is not
    /// woken again and again for a time gone by.
    public mutating func woke(now: Int64) -> Wake {
        guard let startsAt, now >= startsAt else { return .notYet }
        if canStart { return .start }
        self.startsAt = nil
        return .tooFew
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
        case .at:
            startsAt = nil  // not after a game: its start put `later` in place
        }
    }

    private var isFull: Bool { waiting.count >= max(minimum, capacity) }

    /// A game starts: takes every waiting player; the lobby is empty and counts down no more.
    /// After a scheduled start (or the host starting before it) the rule is ``later``.
    public mutating func start() -> [Peer] {
        defer {
            waiting = []
            startsAt = nil
            if case .at = rule { rule = later }
        }
        return waiting
    }

    /// The lobby as players see it at `now` (with a scheduled start: its time of day and the
    /// game's minimum too).
    public func status(now: Int64) -> LobbyStatus {
        var status = LobbyStatus(
            players: waiting.count, capacity: capacity, startRule: rule.name, startsInMs: startsAt.map { max(0, $0 - now) / 1000 })
        if case .at(let start) = rule {
            status.startTime = start.clock.description
            status.minimum = minimum
        }
        return status
    }
}
