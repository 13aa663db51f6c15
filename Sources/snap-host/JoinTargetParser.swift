import Logging
import Matchmaking
import Rendezvous
import SecureLink

/// Parses `join`'s TARGET when it is an address.
enum JoinTargetParser {
    /// How a TCP link to an address is made.
    enum TCPLink {
        /// Clear text (`join --no-tls`).
        case clearText
        /// TLS, trusting the key `trust` gives for the endpoint (`10.0.0.5:7777`).
        case tls(trust: @Sendable (String) -> HostTrust)
    }

    /// `HOST:PORT` or `[IPv6]:PORT` with a port of 1-65535 (over `link`), or a Bluetooth address
    /// (`AA:BB:CC:DD:EE:FF`, over RFCOMM on `channel`, nil: from SDP); nil for anything else (a name).
    static func address(
        _ text: String, channel: Int? = nil, adapter: String? = nil, link: TCPLink = .clearText, logger: Logger
    ) -> HostRoute? {
        if text.wholeMatch(of: /[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}/) != nil {
            return .rfcomm(address: text.uppercased(), channel: channel, adapter: adapter, logger: logger)
        }
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":" as Character) else { return nil }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, !host.contains(" " as Character), let port = Int(portText), (1...65_535).contains(port) else { return nil }
        let tcp = HostRoute.tcp(host: String(host), port: port)
        switch link {
        case .clearText: return tcp
        case .tls(let trust): return .tls(host: String(host), port: port, trust: trust(tcp.description), logger: logger)
        }
    }
}
