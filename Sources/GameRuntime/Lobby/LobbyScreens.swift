import Vocabulary

/// What a player's device knows in the lobby: nothing beyond who is present (the runner keeps
/// that); the lobby never ends by itself.
public struct LobbyModel: PlayerModel {
    public typealias ServerMessage = NoMessage

    /// The lobby.
    public init() {}

    public func received(_ message: NoMessage, at receivedAt: Int64, hostClock: ClockEstimate?) {}

    public var isOver: Bool { false }
}

/// The host's terminal in the lobby: ``HostTerminal`` shows all there is (joins, leaves, chat).
public struct LobbyHostScreen: GameHostScreen {
    public typealias Table = LobbyTable

    public let writer: ScreenWriter

    /// A screen writing through `writer`.
    public init(writer: ScreenWriter = .standard) { self.writer = writer }

    public func show(_ message: NoMessage, to recipients: [PeerID], roster: Roster) {}
}

/// A player's terminal in the lobby: each line typed is a chat line to everyone, `/quit` leaves.
public struct LobbyPlayerScreen: GamePlayerScreen {
    public typealias Model = LobbyModel

    public let writer: ScreenWriter

    /// A screen writing through `writer`.
    public init(writer: ScreenWriter = .standard) { self.writer = writer }

    public var inputMode: KeyInput.Mode { .text }

    public var instructions: [PlayerControl: String] { [:] }

    public func show(_ message: NoMessage, player: GamePlayer<LobbyModel>) {}

    public func handle(_ key: KeyInput.Key, player: GamePlayer<LobbyModel>) {
        guard case .other(let text) = key else { return }
        player.send(LobbyMessage.chat(text), to: .all)
    }
}

/// Greets everyone once, then stays until the host ends the session.
public struct LobbyBot: GameBot {
    private let player: GamePlayer<LobbyModel>

    /// A bot on `player`.
    public init(player: GamePlayer<LobbyModel>) { self.player = player }

    /// Says `hello from NAME` to everyone.
    public func begin() { player.send(LobbyMessage.chat("hello from \(player.me.name)"), to: .all) }

    public func react(to message: NoMessage) {}
}
