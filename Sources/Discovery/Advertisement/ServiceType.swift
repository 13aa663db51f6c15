/// A DNS-SD service type such as `_snap._tcp`, validated per RFC 6335 §5.1 (Avahi checks less).
public struct ServiceType: Sendable, Hashable, CustomStringConvertible {
    /// The project's type.
    public static let snap = try! ServiceType(name: "snap", transport: .tcp)
    /// A web page (RFC 6763 section 7; TXT `path=`): where the host's phone page is advertised.
    public static let http = try! ServiceType(name: "http", transport: .tcp)

    /// The transport label of a service type.
    public enum Transport: String, Sendable, Hashable {
        /// `_tcp`.
        case tcp
        /// `_udp`.
        case udp
    }

    /// The service name without the underscore (`snap`).
    public let name: String
    /// `_tcp` or `_udp`.
    public let transport: Transport

    /// Validates `name`: 1-15 of `[A-Za-z0-9-]`, at least one letter, no leading, trailing or double `-`.
    public init(name: String, transport: Transport) throws(AdvertisementError) {
        let full = "_\(name)._\(transport.rawValue)"
        let count = name.utf8.count
        guard Limits.serviceNameCharacters.contains(count) else {
            throw .serviceTypeInvalid(full, reason: "has a \(count)-character name")
        }
        func isLetter(_ c: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
        }
        func isDigit(_ c: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) }
        let dash = UInt8(ascii: "-")
        guard name.utf8.allSatisfy({ isLetter($0) || isDigit($0) || $0 == dash }) else {
            throw .serviceTypeInvalid(full, reason: "has a character outside A-Z, a-z, 0-9 and -")
        }
        guard name.utf8.contains(where: isLetter) else {
            throw .serviceTypeInvalid(full, reason: "has no letter")
        }
        guard name.utf8.first != dash, name.utf8.last != dash, !name.contains("--") else {
            throw .serviceTypeInvalid(full, reason: "has a leading, trailing or double -")
        }
        self.name = name
        self.transport = transport
    }

    /// `_name._tcp`, as Avahi takes it.
    public var description: String { "_\(name)._\(transport.rawValue)" }
}
