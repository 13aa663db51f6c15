/// The lobby's one message: a line of chat, sent to `all` so everyone present sees it.
/// On the wire: `{"kind":"chat","text":"hello"}`.
public struct LobbyMessage: Codable, Hashable, Sendable {
    /// Always `chat` in this version; other kinds are ignored.
    public var kind: String
    /// The text, at most ``maxText`` characters.
    public var text: String

    /// The longest chat line accepted.
    public static let maxText = 500

    /// A chat line.
    public static func chat(_ text: String) -> LobbyMessage { LobbyMessage(kind: "chat", text: String(text.prefix(maxText))) }
}
