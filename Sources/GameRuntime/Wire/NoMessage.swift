/// A game message type with no values, for a game that sends or takes none of its own: the
/// lobby, whose only messages are chat. Decoding one always fails.
public enum NoMessage: Codable, Hashable, Sendable {
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "this game has no messages"))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {}
    }
}
