import Glibc
import Logging

/// Each player holds one file descriptor; the usual soft limit of 1,024 would cap a host below
/// its `--max-players`. Raise the soft limit to the hard limit at start.
enum FileLimit {
    static func raiseToHardLimit(logger: Logger) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        let previous = limit.rlim_cur
        limit.rlim_cur = limit.rlim_max
        if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
            logger.debug("raised open-file limit", metadata: ["from": "\(previous)", "to": "\(limit.rlim_max)"])
        }
    }
}
