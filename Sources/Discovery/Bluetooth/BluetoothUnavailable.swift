import CBlueZ
import Glibc

/// Why this machine cannot use Bluetooth right now; the host then serves on the LAN only.
public enum BluetoothUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kernel has no Bluetooth (`socket(AF_BLUETOOTH)` fails with EAFNOSUPPORT), or it is
    /// refused in this network namespace (containers).
    case noKernelSupport(errno: Int32)
    /// Bluetooth is there but RFCOMM is not (EPROTONOSUPPORT: `modprobe rfcomm`).
    case noRFCOMM(errno: Int32)
    /// No such adapter (`--adapter hciN`), or none at all.
    case noAdapter(String?)
    /// Anything else the system said.
    case failed(String)
    /// An RFCOMM connect or SDP query failed with this errno (the detail, for logs, names the
    /// call and the device; a client's sentence takes only the errno's words).
    case connectFailed(errno: Int32, String)
    /// An RFCOMM channel outside ``Limits/rfcommChannels``.
    case channelOutOfRange(Int)
    /// The kernel would not set (or keep) ``RFCOMMSecurity/required`` on an RFCOMM socket: the
    /// link's encryption could not be demanded, so the socket is not used (the detail says why).
    case securityRefused(String)

    public var description: String {
        switch self {
        case .noKernelSupport(let code):
            "this kernel has no Bluetooth support (socket(AF_BLUETOOTH): \(String(cString: strerror(code))))"
        case .noRFCOMM(let code):
            "the kernel has no RFCOMM (\(String(cString: strerror(code))); try `modprobe rfcomm`)"
        case .noAdapter(let name?): "no Bluetooth adapter \(name)"
        case .noAdapter(nil): "no Bluetooth adapter"
        case .failed(let detail), .connectFailed(_, let detail), .securityRefused(let detail): detail
        case .channelOutOfRange(let channel):
            "RFCOMM channel \(channel) is not in \(Limits.rfcommChannels.lowerBound)-\(Limits.rfcommChannels.upperBound)"
        }
    }

    /// Opens (and closes) an RFCOMM socket and looks the adapter up: nil when Bluetooth can be
    /// used, else why not. Cheap; call it before starting anything Bluetooth.
    public static func check(adapter: String?) -> BluetoothUnavailable? {
        let fd = socket(AF_BLUETOOTH, Int32(SOCK_STREAM.rawValue), BTPROTO_RFCOMM)
        if fd < 0 {
            let code = errno
            switch code {
            case EAFNOSUPPORT: return .noKernelSupport(errno: code)
            case EPROTONOSUPPORT: return .noRFCOMM(errno: code)
            default: return .failed("socket(AF_BLUETOOTH, RFCOMM): \(String(cString: strerror(code)))")
            }
        }
        close(fd)
        do {
            _ = try BluetoothAdapter(named: adapter)
        } catch {
            return error
        }
        return nil
    }
}
