import Matchmaking

/// A player's terminal for any game: reads keys (or lets a bot play), prints other players
/// coming and going and chat, hands the host's messages to the game's ``GamePlayerScreen``, and
/// leaves (`bye userQuit`) once the model says the game is over.
///
/// ```
/// joined: Bob (id 2)
/// left: Bob (id 2) userQuit
/// chat Bob: hello
/// ```
public struct PlayerTerminal<Screen: GamePlayerScreen>: Sendable {
    /// The player.
    public let player: GamePlayer<Screen.Model>
    /// The game's part of the screen.
    public let screen: Screen
    /// Plays instead of a person, when set.
    public let bot: (any GameBot<Screen.Model.ServerMessage>)?

    /// A terminal for `player`; with `bot`, the bot plays and no key is read.
    public init(player: GamePlayer<Screen.Model>, screen: Screen, bot: (any GameBot<Screen.Model.ServerMessage>)? = nil) {
        self.player = player
        self.screen = screen
        self.bot = bot
    }

    /// Plays until the game is over (then leaves) or the session ends; returns how it ended.
    public func run() async -> EndReason {
        let (player, screen, bot) = (self.player, self.screen, self.bot)
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
                if !leaving, player.model.isOver {
                    leaving = true
                    screen.stop()
                    await player.session.quit()
                }
            }
        }
        screen.stop()
        await feeding
        return await player.session.ended()
    }
}
