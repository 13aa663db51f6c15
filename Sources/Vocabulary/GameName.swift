/// The game a host runs, as `serverHello` and the advertisements name it: 1-16 characters of
/// `a-z`, `0-9` and `-`. Each game module declares its own (`GameName.trivia`, `GameName.snap`).
public struct GameName: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name on the wire.
    public let rawValue: String

    /// A name as it came (from the wire or a file); ``isValid`` says whether it follows the rule.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Presence and chat only, until a game is chosen.
    public static let lobby = GameName(rawValue: "lobby")

    /// Whether the name follows the rule (1-16 characters of `a-z`, `0-9`, `-`).
    public var isValid: Bool {
        (1...16).contains(rawValue.utf8.count)
            && rawValue.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }
}
