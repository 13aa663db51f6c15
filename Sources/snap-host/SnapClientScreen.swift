import FoundationEssentials
import Matchmaking
import SnapGame

/// A player's terminal during Snap!: every event and the table (each player's top face-up card
/// and card count, whose turn it is), refusals, and at game over the result; then it leaves
/// (exit 0). A person flips with `f` or space and snaps with `s`; `--bot` plays by itself.
struct SnapClientScreen {
    let session: ClientSession
    let bot: SnapBotOptions?
    let names: PeerNames

    /// Plays until the game is over (then quits) or the connection ends; returns how it ended.
    func run() async -> EndReason {
        let player = SnapPlayer(session: session)
        let robot = bot.map {
            SnapBot(player: player, reaction: $0.reactionMs, jitter: $0.jitterMs, flipDelay: $0.flipMs, seed: UInt64.random(in: 0...UInt64.max))
        }
        let keys = bot == nil ? KeyInput() : nil
        keys?.start { key in Self.handle(key, player: player) }
        defer { keys?.restore() }
        async let feeding: Void = {
            for await message in session.messages where !player.receive(message) {
                if let chat = try? message.decode(LobbyMessage.self), chat.kind == "chat" {
                    Terminal.out("chat \(names.name(of: message.from)): \(chat.text)")
                }
            }
            player.finish()
        }()
        if let bot {
            Terminal.out("snap: playing as a bot (reaction \(Int(bot.reactionMs)) ms)")
        } else if keys?.isTerminal == true {
            Terminal.out("snap: f or space flips, s snaps, q leaves")
        } else {
            Terminal.out("snap: type f and Enter to flip, s and Enter to snap, /quit to leave")
        }
        for await update in player.updates {
            show(update, player: player)
            robot?.react(to: update)
            if case .gameOver = update { await session.quit() }
        }
        await feeding
        return await session.ended()
    }

    private func show(_ update: SnapServerMessage, player: SnapPlayer) {
        switch update {
        case .lobby(let status):
            Terminal.out(SnapText.lobby(status))
        case .table(let state):
            for line in SnapText.table(state) { Terminal.out(line) }
            if bot == nil, state.turn == player.me { Terminal.out("your turn: flip") }
        case .refused(let refused):
            Terminal.out("refused: \(refused.action ?? "message") (\(refused.reason.rawValue))")
        case .gameOver(let final):
            for line in SnapText.gameOver(final) { Terminal.out(line) }
            Terminal.out(final.winners.contains(player.me) ? "you: won" : "you: lost")
        }
    }

    private static func handle(_ key: KeyInput.Key, player: SnapPlayer) {
        switch key {
        case .quit:
            Task { await player.session.quit() }
        case .other(let text):
            switch text.lowercased() {
            case "f", " ": player.flip()
            case "s": player.snap()
            default: break
            }
        case .answer:
            break
        }
    }
}

/// How `join --bot` plays Snap!.
struct SnapBotOptions: Sendable {
    var reactionMs: Double
    var jitterMs: Double
    var flipMs: Double
}
