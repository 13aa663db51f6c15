import NIOCore

/// How many wrong host PINs are heard, and for how long a page is locked out after too many: the
/// host page's guard against guessing, as a pure value (the clock is passed in).
///
/// The fifth wrong PIN (``Limits/triesBeforeLock``) from an address locks it for
/// ``Limits/firstLock`` (60 s), and each further five lock it twice as long as the last time (up
/// to ``Limits/longestLock``, an hour). Everyone together may try at most
/// ``Limits/wrongPerWindow`` (10) wrong PINs in ``Limits/window`` (10 minutes); beyond that the
/// page is locked for every address until the oldest of them is that old: with the defaults at
/// most 1,440 guesses a day, so a guess at a 6-digit PIN (1,000,000 of them) from any number of
/// addresses succeeds with a chance of about 1 in 700 a day, and the PIN changes each time the
/// host starts. While an address or everyone is locked, no PIN is tried, the right one neither.
/// A right PIN forgets the address's wrong ones.
///
/// Memory is bounded: only wrong PINs add an address (at most `wrongPerWindow` per window), and
/// an address not locked is forgotten ``Limits/forgetAfter`` (a day) after its last wrong PIN.
public struct PINGuard: Sendable {
    /// The numbers.
    public struct Limits: Sendable, Hashable {
        /// Wrong PINs from one address before it is locked.
        public var triesBeforeLock = 5
        /// How long the first lock of an address lasts; each next one lasts twice as long.
        public var firstLock = TimeAmount.seconds(60)
        /// The longest lock of one address.
        public var longestLock = TimeAmount.hours(1)
        /// Wrong PINs from everyone together within ``window``; beyond, everyone is locked.
        public var wrongPerWindow = 10
        /// The window of ``wrongPerWindow``.
        public var window = TimeAmount.minutes(10)
        /// How long an address's wrong PINs and locks are remembered after its last wrong PIN.
        public var forgetAfter = TimeAmount.hours(24)

        /// The defaults.
        public init() {}
    }

    /// What a try at the PIN comes to.
    public enum Verdict: Hashable, Sendable {
        /// The right PIN.
        case unlocked
        /// A wrong PIN; this many more before the address is locked.
        case wrong(triesLeft: Int)
        /// Not tried: locked for this long; `everyone`: the whole page (too many wrong PINs from
        /// everyone together), else this address.
        case locked(retryIn: TimeAmount, everyone: Bool)
    }

    /// One address's wrong PINs.
    private struct Record: Sendable {
        var wrong = 0
        var locks = 0
        var lockedUntil: NIODeadline?
        var last: NIODeadline
    }

    /// The numbers it keeps to.
    public let limits: Limits
    private var records: [String: Record] = [:]
    /// When the recent wrong PINs came, oldest first (within ``Limits/window``).
    private var recentWrong: [NIODeadline] = []

    /// No wrong PIN yet.
    public init(limits: Limits = .init()) { self.limits = limits }

    /// How many addresses it remembers.
    public var rememberedAddresses: Int { records.count }

    /// A try from `address` at `now`; `correct`: whether the PIN given was the right one (it
    /// counts only when the address and the page are not locked).
    public mutating func attempt(from address: String, correct: Bool, at now: NIODeadline) -> Verdict {
        forget(at: now)
        if let locked = lock(of: address, at: now) { return locked }
        if correct {
            records[address] = nil
            return .unlocked
        }
        var record = records[address] ?? Record(last: now)
        record.wrong += 1
        record.last = now
        recentWrong.append(now)
        defer { records[address] = record }
        if record.wrong >= limits.triesBeforeLock {
            let length = lockLength(after: record.locks)
            record.locks += 1
            record.wrong = 0
            record.lockedUntil = now + length
            return .locked(retryIn: length, everyone: false)
        }
        if let everyone = everyoneLock(at: now) { return everyone }
        return .wrong(triesLeft: limits.triesBeforeLock - record.wrong)
    }

    /// Whether `address` is locked out now (the address's own lock first, then everyone's).
    public func lock(of address: String, at now: NIODeadline) -> Verdict? {
        if let until = records[address]?.lockedUntil, until > now { return .locked(retryIn: until - now, everyone: false) }
        return everyoneLock(at: now)
    }

    private func everyoneLock(at now: NIODeadline) -> Verdict? {
        let recent = recentWrong.filter { $0 + limits.window > now }
        guard recent.count >= limits.wrongPerWindow else { return nil }
        // Open again when fewer than the limit are younger than the window.
        let opens = recent[recent.count - limits.wrongPerWindow] + limits.window
        return .locked(retryIn: opens - now, everyone: true)
    }

    /// The `n`th lock's length (from 0): the first doubled `n` times, at most the longest.
    private func lockLength(after n: Int) -> TimeAmount {
        let first = limits.firstLock.nanoseconds
        let doubled = n >= 62 || first > (limits.longestLock.nanoseconds >> n) ? limits.longestLock.nanoseconds : first << n
        return .nanoseconds(min(doubled, limits.longestLock.nanoseconds))
    }

    /// Drops wrong PINs older than the window and addresses neither locked nor heard from lately.
    private mutating func forget(at now: NIODeadline) {
        recentWrong.removeAll { $0 + limits.window <= now }
        let forgetAfter = limits.forgetAfter
        records = records.filter { _, record in
            (record.lockedUntil.map { $0 > now } ?? false) || record.last + forgetAfter > now
        }
    }
}
