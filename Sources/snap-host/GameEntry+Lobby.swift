import ArgumentParser
import GameRuntime
import Web

extension GameEntry {
    /// Presence and chat.
    static let lobby = GameEntry(
        prepare: { serve in
            GameRegistration.hosting(LobbyTable(), screen: LobbyHostScreen(), capacity: serve.maxPlayers)
        },
        play: { session, style in
            let player = GamePlayer<LobbyModel>(session: session)
            let screen = LobbyPlayerScreen(writer: style.writer)
            return await PlayerTerminal(player: player, screen: screen, bot: style.bot ? LobbyBot(player: player) : nil, once: style.once).run()
        })
}
