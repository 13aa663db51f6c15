import ArgumentParser
import GameRuntime
import Web

extension GameEntry {
    /// Presence and chat.
    static let lobby = GameEntry(
        validate: { serve in
            if serve.pong.isUsed { throw ValidationError("the pong options need --game pong") }
            if serve.trivia.isUsed { throw ValidationError("the trivia options need --game trivia") }
            if serve.snap.isUsed { throw ValidationError("the snap options need --game snap") }
        },
        prepare: { serve in
            let capacity = serve.maxPlayers
            return { session, logger, feed in
                let terminal = HostTerminal(screen: LobbyHostScreen(), capacity: capacity)
                let host = GameHost(session: session, table: LobbyTable(), logger: logger, observer: { terminal.show($0); feed?.publish($0) })
                return ControlledGameHost(host: host, terminal: terminal)
            }
        },
        play: { session, style in
            let player = GamePlayer<LobbyModel>(session: session)
            let screen = LobbyPlayerScreen(writer: style.writer)
            return await PlayerTerminal(player: player, screen: screen, bot: style.bot ? LobbyBot(player: player) : nil, once: style.once).run()
        })
}
