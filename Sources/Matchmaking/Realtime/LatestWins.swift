/// A receiver's memory of the real-time channel: the newest sequence number seen per key, so
/// that only newer states pass (older ones, duplicates and replays are dropped), however they
/// travelled (UDP or the reliable link: the sender numbers a state once, before choosing).
public struct LatestWins: Hashable, Sendable {
    private var newest: [String: UInt64] = [:]
    /// Most keys remembered: a peer cannot grow this without bound.
    public static let maxKeys = 64

    /// Nothing seen yet.
    public init() {}

    /// Whether `seq` is newer than anything seen for `key`; if so it becomes the newest. A new
    /// key past ``maxKeys`` is refused.
    public mutating func accept(key: String, seq: UInt64) -> Bool {
        if let seen = newest[key] {
            guard seq > seen else { return false }
        } else if newest.count >= Self.maxKeys {
            return false
        }
        newest[key] = seq
        return true
    }

    /// The newest sequence number seen for `key`.
    public func newest(of key: String) -> UInt64? { newest[key] }
}

/// A sender's numbering of its states: per key, counting up from 1.
public struct StateNumbers: Hashable, Sendable {
    private var last: [String: UInt64] = [:]

    /// None numbered yet.
    public init() {}

    /// The next number for `key`.
    public mutating func next(for key: String) -> UInt64 {
        let seq = (last[key] ?? 0) + 1
        last[key] = seq
        return seq
    }
}
