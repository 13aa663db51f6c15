import CBlueZ
import Glibc
import Logging
import Synchronization

/// Kernel RFCOMM sockets (libbluetooth): a listener on one channel that hands each accepted
/// connection's fd to its owner, and a blocking connect for clients. The fds go to SwiftNIO
/// (`ClientBootstrap.withConnectedSocket`), which runs the same protocol as over TCP.
public enum RFCOMM {
    /// Connects to `address` on `channel` from `adapter` (nil: any); blocks, so call it off the
    /// event loops. Returns a connected fd that the caller owns. The socket demands
    /// ``RFCOMMSecurity/required`` (an encrypted link) before it connects. Transient refusals are
    /// retried up to `attempts` times, 1 s apart: EBUSY and EHOSTDOWN, seen while the previous link
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
    /// ``BluetoothUnavailable/connectFailed(errno:_:)`` of a `transient` errno; blocks. The last
    /// failure is thrown as it was (its errno kept).
    static func retrying<Result>(
        attempts: Int, transient: Set<Int32>, _ body: () throws(BluetoothUnavailable) -> Result
    ) throws(BluetoothUnavailable) -> Result {
        var attempt = 1
        while true {
            do {
                return try body()
            } catch .connectFailed(let code, let detail) {
                guard attempt < attempts, transient.contains(code) else { throw .connectFailed(errno: code, detail) }
                attempt += 1
                sleep(1)
            }
        }
    }

    private static func connectOnce(
        to address: BluetoothAddress, channel: Int, adapter: BluetoothAdapter?
    ) throws(BluetoothUnavailable) -> Int32 {
        guard Limits.rfcommChannels.contains(channel) else { throw .channelOutOfRange(channel) }
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
        do {
            try RFCOMMSecurity.require(.required, on: fd)  // encryption, before the link is set up
        } catch {
            close(fd)
            throw error
        }
        var remote = snap_sockaddr_rc(address.bdaddr, UInt8(channel))
        let result = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_rc>.size)) }
        }
        if result < 0 {
            let code = errno
            close(fd)
            throw .connectFailed(errno: code, "RFCOMM connect to \(address) channel \(channel): \(String(cString: strerror(code)))")
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
