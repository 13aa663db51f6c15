/// The address a guest opens to play, shown on the TV as text and as a QR code.
///
/// With a join code the code rides in the URL's fragment (`#code=...`): a browser never sends a
/// fragment to the server, so it appears in no request and no log; the phone page reads it and
/// proves it with the handshake's HMAC. Only a screen on the host machine itself (the kiosk on
/// the Pi by the TV) is given the URL with the code: a `/screen` opened from elsewhere on the LAN
/// shows the address alone, or anyone on the network could read the code off it.
public struct JoinAddress: Sendable, Hashable {
    /// `http://ADDRESS:PORT/`.
    public var url: String
    /// The join code, if the host has one.
    public var code: String?

    /// An address, with the host's join code if it has one.
    public init(url: String, code: String?) {
        self.url = url
        self.code = code
    }

    /// The URL for a screen: with the code for one on this machine, without for others.
    public func url(forLocalScreen local: Bool) -> String {
        guard local, let code else { return url }
        return url + "#code=" + Self.percentEncoded(code)
    }

    /// `code` with everything but unreserved URL characters percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return out
    }
}

import NIOCore

extension JoinAddress {
    /// `http://A:PORT/` for every address a guest could open: each non-loopback IPv4 address,
    /// then each global IPv6 one (in brackets), of the machine's interfaces; for a web port
    /// bound to one address, that address. Loopback only when there is nothing else.
    public static func urls(port: Int, boundTo host: String) -> [String] {
        if host != "::" && host != "0.0.0.0" { return [url(host, port: port)] }
        let devices = (try? System.enumerateDevices()) ?? []
        var v4: [String] = []
        var v6: [String] = []
        for device in devices {
            guard let ip = device.address?.ipAddress else { continue }
            switch device.address {
            case .v4?: if !ip.hasPrefix("127.") { v4.append(ip) }
            case .v6?: if ip != "::1", !ip.lowercased().hasPrefix("fe80"), host == "::" { v6.append(ip) }
            default: break
            }
        }
        let addresses = unique(v4) + unique(v6)
        return addresses.isEmpty ? [url("127.0.0.1", port: port)] : addresses.map { url($0, port: port) }
    }

    private static func url(_ ip: String, port: Int) -> String {
        ip.utf8.contains(UInt8(ascii: ":")) ? "http://[\(ip)]:\(port)/" : "http://\(ip):\(port)/"
    }

    private static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
