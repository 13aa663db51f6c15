/// Percentiles of latency samples in nanoseconds.
struct Stats {
    let sorted: [UInt64]

    init(_ samples: [UInt64]) { sorted = samples.sorted() }

    func percentile(_ p: Double) -> UInt64 {
        sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
    var p50: UInt64 { percentile(0.50) }
    var p99: UInt64 { percentile(0.99) }

    static func micros(_ nanoseconds: UInt64) -> String { String(format: "%.1f", Double(nanoseconds) / 1000) }
}

/// The monotonic clock in nanoseconds.
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Raises the soft limit of open files to the hard limit (1,000 clients need 2,000 fds here).
func raiseFileLimit() {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    limit.rlim_cur = limit.rlim_max
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}

import Foundation
