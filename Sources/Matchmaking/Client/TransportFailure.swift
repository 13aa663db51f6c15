import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a route could not be opened, in the words that end the client's sentence
/// `cannot reach 10.0.0.5:7777: connection refused` (``ClientStateMachine/transportFailed(_:)``
/// owns the sentence; this owns its last words). The system's own word for an errno, in lower
/// case, without the system call, the errno number or the address that NIO's and the radio's
/// errors repeat.
public enum TransportFailure {
    /// The reason for `error`, thrown while opening a route: an errno (NIO's `IOError`, a
    /// connection error of NIO's happy eyeballs), a host name that does not resolve, a connect
    /// timeout; anything else as it describes itself.
    public static func reason(_ error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            if let first = error.connectionErrors.first { return reason(first.error) }
            if let dns = error.dnsAError ?? error.dnsAAAAError { return reason(dns) }
            return "no address for \(error.host)"
        case let error as IOError:
            return reason(errno: error.errnoCode)
        case let error as SocketAddressError.UnknownHost:
            return lowercasingFirst(error.errorDescription)
        case ChannelError.connectTimeout:
            return reason(errno: ETIMEDOUT)
        default:
            return "\(error)"
        }
    }

    /// The system's word for `code`: `connection refused` for ECONNREFUSED.
    public static func reason(errno code: Int32) -> String {
        lowercasingFirst(String(cString: strerror(code)))
    }

    /// "Connection refused" → "connection refused"; the rest of the words as they are.
    private static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
