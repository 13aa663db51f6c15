import CAvahi
import FoundationEssentials
import Logging

/// Whether Avahi can be used right now.
public enum AvahiStatus: Hashable, Sendable, CustomStringConvertible {
    /// Connected to avahi-daemon; publishing and browsing work.
    case running
    /// Waiting for avahi-daemon (not running, or restarting); retried automatically.
    case waitingForDaemon(String)

    public var description: String {
        switch self {
        case .running: "running"
        case .waitingForDaemon(let why): "waiting for avahi-daemon: \(why)"
        }
    }
}

/// One Avahi client on its own threaded poll, kept alive across avahi-daemon restarts: the
/// client is created with `AVAHI_CLIENT_NO_FAIL` (it waits in CONNECTING while the daemon is
/// away), recreated after a disconnect, and retried every 2 s while not even the system bus is up.
///
/// Threading (reference/linux-apis.md): every callback runs on the poll thread with the poll
/// lock held; other threads use ``withLock(_:)``. The owner's `onRunning`/`onLost` run on the
/// poll thread, lock held: they create or forget their groups, browsers and resolvers.
final class AvahiRuntime: @unchecked Sendable {
    private let poll: OpaquePointer
    private var client: OpaquePointer?
    private var retry: OpaquePointer?
    private var isStopped = false
    private let logger: Logger
    private let onStatus: @Sendable (AvahiStatus) -> Void
    private let onRunning: (OpaquePointer) -> Void
    private let onLost: (_ objectsFreed: Bool) -> Void

    /// Starts the poll thread and the client; never fails for a missing daemon (that is a status).
    init(
        logger: Logger, onStatus: @escaping @Sendable (AvahiStatus) -> Void,
        onRunning: @escaping (OpaquePointer) -> Void, onLost: @escaping (_ objectsFreed: Bool) -> Void
    ) throws(DiscoveryError) {
        guard let poll = avahi_threaded_poll_new() else { throw .avahi("cannot create the Avahi poll thread") }
        self.poll = poll
        self.logger = logger
        self.onStatus = onStatus
        self.onRunning = onRunning
        self.onLost = onLost
        createClient()  // before start: no lock needed, callbacks run on this thread
        guard avahi_threaded_poll_start(poll) >= 0 else {
            avahi_threaded_poll_free(poll)
            throw .avahi("cannot start the Avahi poll thread")
        }
    }

    /// Runs `body` with the poll lock held; never call it from an Avahi callback.
    func withLock<T>(_ body: () -> T) -> T {
        avahi_threaded_poll_lock(poll)
        defer { avahi_threaded_poll_unlock(poll) }
        return body()
    }

    /// The client, when running. Poll thread or lock only.
    var runningClient: OpaquePointer? {
        guard let client, avahi_client_get_state(client) == AVAHI_CLIENT_S_RUNNING else { return nil }
        return client
    }

    /// Stops the poll thread and frees the client (which withdraws everything it published).
    func stop() {
        withLock { isStopped = true }
        avahi_threaded_poll_stop(poll)
        if let retry { avahi_threaded_poll_get(poll)!.pointee.timeout_free(retry) }
        if let client { avahi_client_free(client) }
        client = nil
        avahi_threaded_poll_free(poll)
    }

    // MARK: Poll thread

    private func createClient() {
        var error: Int32 = 0
        let context = Unmanaged.passUnretained(self).toOpaque()
        client = avahi_client_new(avahi_threaded_poll_get(poll), AVAHI_CLIENT_NO_FAIL, avahiClientCallback, context, &error)
        if client == nil {
            // No system bus at all: NO_FAIL does not help; try again later.
            onStatus(.waitingForDaemon("\(String(cString: avahi_strerror(error))) (no system D-Bus?)"))
            schedule(after: 2_000)
        }
    }

    fileprivate func clientChanged(_ client: OpaquePointer, _ state: AvahiClientState) {
        switch state {
        case AVAHI_CLIENT_S_RUNNING:
            onStatus(.running)
            onRunning(client)
        case AVAHI_CLIENT_S_COLLISION, AVAHI_CLIENT_S_REGISTERING:
            onLost(false)  // host name changing: reset groups, re-add when running again
        case AVAHI_CLIENT_CONNECTING:
            onStatus(.waitingForDaemon(String(cString: avahi_strerror(Int32(AVAHI_ERR_NO_DAEMON)))))
        case AVAHI_CLIENT_FAILURE:
            let error = avahi_client_errno(client)
            logger.info("avahi client failed", metadata: ["error": "\(String(cString: avahi_strerror(error)))"])
            onLost(true)
            onStatus(.waitingForDaemon(String(cString: avahi_strerror(error))))
            schedule(after: 0)  // free and recreate outside this callback
        default:
            break
        }
    }

    fileprivate func retryNow() {
        if let retry { avahi_threaded_poll_get(poll)!.pointee.timeout_free(retry) }
        retry = nil
        guard !isStopped else { return }
        if let client { avahi_client_free(client) }
        client = nil
        createClient()
    }

    private func schedule(after milliseconds: UInt32) {
        var time = timeval()
        avahi_elapse_time(&time, milliseconds, 0)
        let api = avahi_threaded_poll_get(poll)!
        if let retry {
            api.pointee.timeout_update(retry, &time)
        } else {
            retry = api.pointee.timeout_new(api, &time, avahiRetryCallback, Unmanaged.passUnretained(self).toOpaque())
        }
    }
}

private func avahiClientCallback(_ client: OpaquePointer?, _ state: AvahiClientState, _ context: UnsafeMutableRawPointer?) {
    guard let client, let context else { return }
    Unmanaged<AvahiRuntime>.fromOpaque(context).takeUnretainedValue().clientChanged(client, state)
}

private func avahiRetryCallback(_ timeout: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<AvahiRuntime>.fromOpaque(context).takeUnretainedValue().retryNow()
}
