#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This machine's monotonic clock in microseconds: the clock heartbeats carry (`ping.sent`), so
/// the host can convert a player's stamp with that player's ``ClockEstimate``. Players stamp
/// presses with it; hosts stamp arrivals and every game moment with it. (`CLOCK_MONOTONIC`, the
/// clock SwiftNIO's `NIODeadline.now()` reads.)
public enum MonotonicClock {
    /// Now, in microseconds since an arbitrary start (the machine's boot).
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
    }
}
