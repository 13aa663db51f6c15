import NIOCore
import Synchronization

/// Lets one log line through per `interval` for an event that can repeat without bound (a flood
/// of connections past the pending-handshake cap), and counts the ones held back, so a host that
/// runs for months under such a flood keeps a bounded log that still says how much happened.
struct LogThrottle: Sendable {
    /// At most one line per this much time.
    let interval: TimeAmount
    private var nextAllowed: NIODeadline?
    private var suppressed = 0

    init(interval: TimeAmount) { self.interval = interval }

    /// Whether to log this occurrence at `now`; when yes, how many were held back since the
    /// last line that went out.
    mutating func occurred(now: NIODeadline) -> (log: Bool, suppressed: Int) {
        if let nextAllowed, now < nextAllowed {
            suppressed += 1
            return (false, 0)
        }
        let held = suppressed
        suppressed = 0
        nextAllowed = now + interval
        return (true, held)
    }
}
