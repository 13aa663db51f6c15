import Vocabulary

/// A line of lobby chat (``LobbyMessage``) as a screen shows it: `chat NAME: TEXT`. Every game
/// passes chat on the same way, on the host and on players.
public struct ChatLine: Hashable, Sendable {
    /// Who sent it.
    public var from: PeerID
    /// The sender's name (`#ID` when unknown).
    public var name: String
    /// What they said.
    public var text: String

    /// `chat NAME: TEXT`.
    public var line: String { "chat \(name): \(text)" }
}

extension ChatLine {
    /// The chat line in a session message from `name`; nil when the message is not chat.
    init?(_ message: SessionMessage, name: String) {
        guard let chat = try? message.decode(LobbyMessage.self), chat.kind == LobbyMessage.chatKind else { return nil }
        self.init(from: message.from, name: name, text: chat.text)
    }
}
