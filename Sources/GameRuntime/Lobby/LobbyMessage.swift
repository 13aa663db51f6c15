/// Lobby chat: a line sent to `all` so everyone present sees it, in the lobby and during every
/// game alike (``GameHost`` and ``GamePlayer`` pass it to the screens; tables never see it).
/// On the wire: `{"kind":"chat","text":"hello"}`.
public struct LobbyMessage: Codable, Hashable, Sendable {
    /// Always ``chatKind`` in this version; other kinds are ignored.
    public var kind: String
    /// The text, at most ``maxText`` characters.
    public var text: String

    /// The longest chat line accepted.
    public static let maxText = 500
    /// The kind of a chat line (no game uses it for its own messages).
    public static let chatKind = "chat"

    /// A chat line.
    public static func chat(_ text: String) -> LobbyMessage { LobbyMessage(kind: chatKind, text: String(text.prefix(maxText))) }
}
