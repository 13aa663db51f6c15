import Glibc

/// The local time of day, broken into its parts (what `localtime_r` gives), to the microsecond.
/// ``ClockTime/wait(from:)`` takes one, so the next occurrence of a time is tested with any "now".
public struct LocalTime: Hashable, Sendable {
    /// 0-23.
    public var hour: Int
    /// 0-59.
    public var minute: Int
    /// 0-60 (60: a leap second).
    public var second: Int
    /// 0-999 999.
    public var microsecond: Int

    /// A time of day.
    public init(hour: Int, minute: Int, second: Int, microsecond: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.microsecond = microsecond
    }

    /// Microseconds since midnight.
    var microsecondOfDay: Int64 { Int64((hour * 60 + minute) * 60 + second) * 1_000_000 + Int64(microsecond) }

    /// Microseconds from now until this machine's local clock next shows `time` (within 24 h):
    /// the wall clock (`CLOCK_REALTIME`) read once, in the local time zone (`localtime_r`; TZ, or
    /// /etc/localtime). When summer time begins or ends in between, the wait is corrected by the
    /// change of UTC offset, so the game starts when the clock shows `time` (a time the change
    /// skips, 02:30 on the night clocks go forward, comes an hour later by the new clock).
    public static func wait(until time: ClockTime) -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        guard let local = broken(now.tv_sec) else { return time.wait(from: LocalTime(hour: 0, minute: 0, second: 0)) }
        let wait = time.wait(from: LocalTime(hour: Int(local.tm_hour), minute: Int(local.tm_min), second: Int(local.tm_sec), microsecond: now.tv_nsec / 1000))
        let at = now.tv_sec + time_t((wait + Int64(now.tv_nsec / 1000)) / 1_000_000)
        guard let then = broken(at), then.tm_gmtoff != local.tm_gmtoff else { return wait }
        let corrected = wait + Int64(local.tm_gmtoff - then.tm_gmtoff) * 1_000_000
        guard corrected >= 0, let shown = broken(now.tv_sec + time_t((corrected + Int64(now.tv_nsec / 1000)) / 1_000_000)),
            Int(shown.tm_hour) == time.hour, Int(shown.tm_min) == time.minute
        else { return wait }
        return corrected
    }

    /// `seconds` since the epoch in the local time zone.
    private static func broken(_ seconds: time_t) -> tm? {
        var seconds = seconds
        var parts = tm()
        return localtime_r(&seconds, &parts) == nil ? nil : parts
    }
}
