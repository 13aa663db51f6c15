import Glibc
import NIOCore

/// Line output that reaches a pipe at once (stdout is block-buffered when it is not a terminal).
enum Terminal {
    /// One line on stdout.
    static func out(_ line: String) { POSIX.write(line + "\n", to: STDOUT_FILENO) }
    /// One line on stderr.
    static func err(_ line: String) { POSIX.write(line + "\n", to: STDERR_FILENO) }
}

extension SocketAddress {
    /// `127.0.0.1:7777` or `[::1]:7777`.
    var hostAndPort: String {
        let ip = ipAddress ?? "?"
        let port = port ?? 0
        switch self.protocol {
        case .inet6: return "[\(ip)]:\(port)"
        default: return "\(ip):\(port)"
        }
    }
}
