import CDBus
#if canImport(Glibc)
import Glibc
#endif

/// The loop thread's job list (closures that are not Sendable: they run on that thread only).
/// Adding a job wakes the loop through an eventfd, so the loop can sleep in `poll` until there
/// is something to do instead of waking on a timer.
final class JobQueue: @unchecked Sendable {
    private var jobs: [() -> Void] = []
    private var mutex = pthread_mutex_t()
    /// Readable while jobs are waiting; the loop polls it beside the bus socket.
    let wakeFD: Int32

    init() {
        pthread_mutex_init(&mutex, nil)
        wakeFD = snap_eventfd_nonblocking()
    }

    deinit { if wakeFD >= 0 { close(wakeFD) } }

    func add(_ job: @escaping () -> Void) {
        pthread_mutex_lock(&mutex)
        jobs.append(job)
        pthread_mutex_unlock(&mutex)
        var one: UInt64 = 1
        _ = write(wakeFD, &one, MemoryLayout<UInt64>.size)
    }

    /// The waiting jobs, in order; resets the wake-up.
    func take() -> [() -> Void] {
        var count: UInt64 = 0
        _ = read(wakeFD, &count, MemoryLayout<UInt64>.size)
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        let taken = jobs
        jobs = []
        return taken
    }
}

/// libdbus's timeouts (the reply timeout of each pending call), kept for the loop thread: libdbus
/// adds, removes and toggles them through `dbus_connection_set_timeout_functions`; the loop
/// sleeps until the earliest one is due and handles it. Without this a call whose reply never
/// comes would wait forever. Loop thread only.
final class DBusTimeouts {
    private var deadlines: [OpaquePointer: Int64] = [:]  // DBusTimeout* -> due, monotonic ms

    static func nowMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Follows this connection's timeouts from now on.
    func install(on connection: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = dbus_connection_set_timeout_functions(connection, { timeout, context in
            Unmanaged<DBusTimeouts>.fromOpaque(context!).takeUnretainedValue().update(timeout!)
            return 1
        }, { timeout, context in
            Unmanaged<DBusTimeouts>.fromOpaque(context!).takeUnretainedValue().deadlines[timeout!] = nil
        }, { timeout, context in
            Unmanaged<DBusTimeouts>.fromOpaque(context!).takeUnretainedValue().update(timeout!)
        }, context, nil)
    }

    private func update(_ timeout: OpaquePointer) {
        deadlines[timeout] = dbus_timeout_get_enabled(timeout) != 0
            ? Self.nowMilliseconds() + Int64(dbus_timeout_get_interval(timeout)) : nil
    }

    /// Handles every timeout that is due (a handled timeout fails its pending call with
    /// `NoReply`); libdbus timeouts repeat, so each is due again one interval later.
    func handleDue() {
        let now = Self.nowMilliseconds()
        for (timeout, due) in deadlines where due <= now {
            deadlines[timeout] = now + Int64(dbus_timeout_get_interval(timeout))
            _ = dbus_timeout_handle(timeout)
        }
    }

    /// Milliseconds until the earliest timeout, or -1 (poll's "forever") when there is none.
    var pollTimeout: Int32 {
        guard let earliest = deadlines.values.min() else { return -1 }
        return Int32(clamping: max(0, earliest - Self.nowMilliseconds()))
    }
}
