import Foundation
import NIOCore

/// Line output that reaches a pipe at once (stdout is block-buffered when it is not a terminal).
enum Terminal {
    /// One line on stdout.
    static func out(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    /// One line on stderr.
    static func err(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
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
