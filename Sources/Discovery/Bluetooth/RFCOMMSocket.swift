import CBlueZ
import Glibc
import Logging
import Synchronization

/// Kernel RFCOMM sockets (libbluetooth): a listener on one channel that hands each accepted
/// connection's fd to its owner, and a blocking connect for clients. The fds go to SwiftNIO
/// (`ClientBootstrap.withConnectedSocket`), which runs the same protocol as over TCP.
public enum RFCOMM {
    /// Channels RFCOMM allows.
    public static let channels: ClosedRange<Int> = 1...30

    /// Connects to `address` on `channel` from `adapter` (nil: any); blocks, so call it off the
    /// event loops. Returns a connected fd that the caller owns. Transient refusals are retried
    /// up to `attempts` times, 1 s apart: EBUSY and EHOSTDOWN, seen while the previous link
    /// between the two controllers is still being torn down; EACCES and ECONNREFUSED, a failed
    /// re-pairing (the host still held the key of this device's previous link: it forgets it
    /// when that link drops, and when the new link is already up bluetoothd takes another 2 s
    /// to drop it first; seen: 2.8 s; docs/BLUETOOTH.md); ECONNRESET, the same refusal seen on a
    /// link whose authentication had just failed. A host with nothing on `channel` also
    /// answers ECONNREFUSED: that costs the retries (about 5 s) before the error.
    public static func connect(
        to address: BluetoothAddress, channel: Int, adapter: BluetoothAdapter? = nil, attempts: Int = 6
    ) throws(BluetoothUnavailable) -> Int32 {
        try retrying(attempts: attempts, transient: [EACCES, ECONNREFUSED, ECONNRESET, EBUSY, EHOSTDOWN]) { () throws(BluetoothUnavailable) in
            try connectOnce(to: address, channel: channel, adapter: adapter)
        }
    }

    /// Runs `body` up to `attempts` times, 1 s apart, while it fails with
    /// ``BluetoothUnavailable/connectFailed(errno:_:)`` of a `transient` errno; blocks.
    static func retrying<Result>(
        attempts: Int, transient: Set<Int32>, _ body: () throws(BluetoothUnavailable) -> Result
    ) throws(BluetoothUnavailable) -> Result {
        var attempt = 1
        while true {
            do {
                return try body()
            } catch .connectFailed(let code, let detail) {
                guard attempt < attempts, transient.contains(code) else { throw .failed(detail) }
                attempt += 1
                sleep(1)
            }
        }
    }

    private static func connectOnce(
        to address: BluetoothAddress, channel: Int, adapter: BluetoothAdapter?
    ) throws(BluetoothUnavailable) -> Int32 {
        guard channels.contains(channel) else { throw .failed("RFCOMM channel \(channel) is not in 1-30") }
        let fd = try openSocket()
        if let adapter {
            var local = snap_sockaddr_rc(adapter.address.bdaddr, 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_rc>.size)) }
            }
            if bound < 0 {
                let code = errno
                close(fd)
                throw .failed("bind to \(adapter.name): \(String(cString: strerror(code)))")
            }
        }
        var remote = snap_sockaddr_rc(address.bdaddr, UInt8(channel))
        let result = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_rc>.size)) }
        }
        if result < 0 {
            let code = errno
            close(fd)
            throw .connectFailed(errno: code, "cannot reach \(address) channel \(channel): \(String(cString: strerror(code)))")
        }
        return fd
    }

    static func openSocket() throws(BluetoothUnavailable) -> Int32 {
        let fd = socket(AF_BLUETOOTH, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), BTPROTO_RFCOMM)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case EAFNOSUPPORT: throw .noKernelSupport(errno: code)
            case EPROTONOSUPPORT: throw .noRFCOMM(errno: code)
            default: throw .failed("socket(AF_BLUETOOTH, RFCOMM): \(String(cString: strerror(code)))")
            }
        }
        return fd
    }
}

/// Listens on one RFCOMM channel of one adapter; a thread of its own accepts and passes each
/// connected fd to `onConnection` (which then owns it). ``close()`` stops it.
public final class RFCOMMListener: Sendable {
    /// The channel listened on.
    public let channel: Int
    private let fd: Int32
    private let stopped = StopFlag()

    /// Binds and listens on `channel` of `adapter` (nil: every adapter); accepting starts at once.
    public init(
        adapter: BluetoothAdapter?, channel: Int, logger: Logger, onConnection: @escaping @Sendable (Int32, BluetoothAddress) -> Void
    ) throws(BluetoothUnavailable) {
        guard RFCOMM.channels.contains(channel) else { throw .failed("RFCOMM channel \(channel) is not in 1-30") }
        let fd = try RFCOMM.openSocket()
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
        let thread = Thread { [fd] in
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

/// A plain thread running one closure (Foundation is not needed for this).
final class Thread: @unchecked Sendable {
    private let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    func start() {
        var handle = pthread_t()
        let box = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&handle, nil, { raw in
            let thread = Unmanaged<Thread>.fromOpaque(raw!).takeRetainedValue()
            thread.body()
            return nil
        }, box)
        pthread_detach(handle)
    }
}
