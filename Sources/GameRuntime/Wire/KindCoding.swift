/// Codes a game message as one JSON object whose `kind` names the case, with the payload's
/// fields beside it: `{"kind":"question","number":1,...}`. Every game's messages use it.
public enum KindCoding {
    private enum Key: String, CodingKey { case kind }

    /// The `kind` of the object being decoded.
    public static func kind(in decoder: any Decoder) throws -> String {
        try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .kind)
    }

    /// Encodes `kind` and the fields of `payload` (none when nil) as one object.
    public static func encode(_ kind: String, _ payload: (any Encodable)? = nil, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(kind, forKey: .kind)
        try payload?.encode(to: encoder)
    }

    /// The error for a kind `game` does not know: `unknown trivia message kind "x"`.
    public static func unknown(_ kind: String, of game: String, in decoder: any Decoder) -> DecodingError {
        .dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown \(game) message kind \"\(kind)\""))
    }
}
