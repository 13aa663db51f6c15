import Matchmaking

/// Parses `join`'s TARGET.
enum JoinTargetParser {
    /// Why a target was refused.
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    /// `HOST:PORT` or `[IPv6]:PORT`.
    static func parse(_ text: String) throws(Invalid) -> JoinTarget {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw Invalid(description: "target \"\(text)\": expected [IPv6]:PORT")
            }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else {
                throw Invalid(description: "target \"\(text)\": expected HOST:PORT or [IPv6]:PORT (joining by advertised name needs DNS-SD, which is not in this version)")
            }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty else { throw Invalid(description: "target \"\(text)\": the host is empty") }
        guard let port = Int(portText), (1...65_535).contains(port) else {
            throw Invalid(description: "target \"\(text)\": the port must be 1-65535")
        }
        return .tcp(host: String(host), port: port)
    }
}
