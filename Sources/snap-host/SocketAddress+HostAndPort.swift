import NIOCore

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
