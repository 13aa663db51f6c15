import CBlueZ
import Glibc
import Logging
import Synchronization

/// Listens on one RFCOMM channel of one adapter; a thread of its own accepts and passes each
/// connected fd to `onConnection` (which then owns it). ``close()`` stops it.
public final class RFCOMMListener: Sendable {
    /// The channel listened on.
    public let channel: Int
    private let fd: Int32
    private let stopped = StopFlag()

    /// Binds and listens on `channel` of `adapter` (nil: every adapter); accepting starts at once.
    /// The kernel accepts only links that reach ``RFCOMMSecurity/required`` (encrypted).
    public init(
        adapter: BluetoothAdapter?, channel: Int, logger: Logger, onConnection: @escaping @Sendable (Int32, BluetoothAddress) -> Void
    ) throws(BluetoothUnavailable) {
        guard Limits.rfcommChannels.contains(channel) else { throw .channelOutOfRange(channel) }
        let fd = try RFCOMM.openSocket()
        do {
            try RFCOMMSecurity.require(.required, on: fd)  // inherited by every accepted socket
        } catch {
            Glibc.close(fd)
            throw error
        }
        var local = snap_sockaddr_rc(adapter?.address.bdaddr ?? snap_bdaddr_any(), UInt8(channel))
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_rc>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .failed("cannot listen on RFCOMM channel \(channel): \(String(cString: strerror(code)))")
        }
        self.fd = fd
        self.channel = channel
        let stopped = self.stopped
        let thread = DetachedThread { [fd] in
            while !stopped.value.load(ordering: .acquiring) {
                var remote = sockaddr_rc()
                var length = socklen_t(MemoryLayout<sockaddr_rc>.size)
                let client = withUnsafeMutablePointer(to: &remote) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(fd, $0, &length) }
                }
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    if !stopped.value.load(ordering: .acquiring) {
                        logger.warning("RFCOMM accept failed", metadata: ["error": "\(String(cString: strerror(errno)))"])
                        usleep(100_000)
                        continue
                    }
                    break
                }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                onConnection(client, BluetoothAddress(bdaddr: remote.rc_bdaddr))
            }
            Glibc.close(fd)
        }
        thread.start()
    }

    /// Stops accepting and closes the listening socket (connections already handed over live on).
    public func close() {
        guard !stopped.value.exchange(true, ordering: .acquiringAndReleasing) else { return }
        shutdown(fd, Int32(SHUT_RDWR))  // wakes the blocked accept
    }
}

final class StopFlag: Sendable {
    let value = Atomic<Bool>(false)
}
