import Vocabulary

extension GameRegistration {
    /// The lobby alone (`serve --game lobby`, the default): presence and chat, no game; it has
    /// no options and starts nothing, so a start rule is refused.
    public static let lobby = GameRegistration(
        name: .lobby,
        title: "Lobby",
        summary: "presence and chat",
        host: { setup throws(SetupError) in
            guard setup.startRule == nil else {
                throw SetupError("the lobby starts no game: --start-when-full, --start-after and --start-at need another --game")
            }
            return hosting(LobbyTable(), screen: LobbyHostScreen(), capacity: setup.capacity)
        },
        play: { session, options in
            let player = GamePlayer<LobbyModel>(session: session)
            let bot = options.bot ? LobbyBot(player: player) : nil
            return await PlayerTerminal(player: player, screen: LobbyPlayerScreen(writer: options.writer), bot: bot, once: options.once).run()
        })
}
