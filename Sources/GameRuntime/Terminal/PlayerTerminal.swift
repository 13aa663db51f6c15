import Vocabulary

/// A player's terminal for any game: reads keys (or lets a bot play), prints other players
/// coming and going and chat, and hands the host's messages to the game's ``GamePlayerScreen``.
/// After a game over it stays for the next game (the host keeps its players in the lobby); with
/// `once` it leaves (`bye userQuit`) once the model says the game is over.
///
/// ```
/// joined: Bob (id 2)
/// left: Bob (id 2) userQuit
/// Bob was removed by the host                  (left: kicked)
/// chat Bob: hello
/// you were removed by the host                 (this player was kicked)
/// ```
public struct PlayerTerminal<Screen: GamePlayerScreen>: Sendable {
    /// The player.
    public let player: GamePlayer<Screen.Model>
    /// The game's part of the screen.
    public let screen: Screen
    /// Plays instead of a person, when set.
    public let bot: (any GameBot<Screen.Model.ServerMessage>)?
    /// Leave at the first game over (`join --once`).
    public let once: Bool

    /// A terminal for `player`; with `bot`, the bot plays and no key is read; with `once`, it
    /// leaves at game over.
    public init(player: GamePlayer<Screen.Model>, screen: Screen, bot: (any GameBot<Screen.Model.ServerMessage>)? = nil, once: Bool = false) {
        self.player = player
        self.screen = screen
        self.bot = bot
        self.once = once
    }

    /// Plays until the session ends (with `once`: until the game is over, then leaves); returns
    /// how it ended.
    public func run() async -> EndReason {
        let (player, screen, bot, once) = (self.player, self.screen, self.bot, self.once)
        let keys = bot == nil ? KeyInput(mode: screen.inputMode) : nil
        let control: PlayerControl = keys.map { $0.readsSingleKeys ? .keys : .lines } ?? .bot
        if let line = screen.instructions[control] { screen.writer.line(line) }
        bot?.begin()
        keys?.start { key in
            if key == .quit {
                Task { await player.session.quit() }
            } else {
                screen.handle(key, player: player)
            }
        }
        defer { keys?.restore() }
        async let feeding: Void = player.run()
        var leaving = false
        for await event in player.events {
            switch event {
            case .joined(let peer):
                screen.writer.line("joined: \(peer.name) (id \(peer.id))")
            case .left(let peer, .kicked):
                screen.writer.line("\(peer.name) was removed by the host")
            case .left(let peer, let reason):
                screen.writer.line("left: \(peer.name) (id \(peer.id)) \(reason.rawValue)")
            case .away(let peer):
                screen.writer.line(LobbyText.away(peer.name))
            case .back(let peer):
                screen.writer.line(LobbyText.back(peer.name))
            case .chat(let chat):
                screen.writer.line(chat.line)
            case .received(let message):
                screen.show(message, player: player)
                bot?.react(to: message)
                if once, !leaving, player.model.isOver {
                    leaving = true
                    screen.stop()
                    await player.session.quit()
                }
            }
        }
        screen.stop()
        await feeding
        let reason = await player.session.ended()
        if reason == .kicked { screen.writer.line("you were removed by the host") }
        return reason
    }
}
