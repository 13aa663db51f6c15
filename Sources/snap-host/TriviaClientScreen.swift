import FoundationEssentials
import Matchmaking
import Trivia

/// A player's terminal during trivia: the question with numbered answers, the countdown, what
/// happened to the answer, each result and the standings, and at game over the final standings;
/// then it leaves (exit 0). A person answers with a key press; `--bot` answers by itself.
struct TriviaClientScreen {
    let session: ClientSession
    let bot: Bool
    let names: PeerNames

    /// Plays until the game is over (then quits) or the connection ends; returns how it ended.
    func run() async -> EndReason {
        let player = TriviaPlayer(session: session)
        let writer = ScreenWriter()
        let countdown = Countdown(writer: writer)
        let robot = bot ? TriviaBot(player: player) : nil
        let keys = bot ? nil : KeyInput()
        keys?.start { key in Self.handle(key, player: player, writer: writer) }
        defer { keys?.restore() }
        async let feeding: Void = {
            for await message in session.messages where !player.receive(message) {
                if let chat = try? message.decode(LobbyMessage.self), chat.kind == "chat" {
                    writer.line("chat \(names.name(of: message.from)): \(chat.text)")
                }
            }
            player.finish()
        }()
        writer.line(bot ? "trivia: playing as a bot" : "trivia: answer with \(keys?.isTerminal == true ? "a key" : "a number and Enter"), 1-9; \(keys?.isTerminal == true ? "q" : "/quit") leaves")
        for await update in player.updates {
            show(update, player: player, writer: writer, countdown: countdown)
            robot?.react(to: update)
            if case .gameOver = update {
                countdown.stop()
                await session.quit()
            }
        }
        countdown.stop()
        await feeding
        return await session.ended()
    }

    private func show(_ update: TriviaServerMessage, player: TriviaPlayer, writer: ScreenWriter, countdown: Countdown) {
        switch update {
        case .lobby(let status):
            writer.line(TriviaText.lobby(status))
        case .game(let info):
            writer.line(TriviaText.game(info))
        case .question(let asked):
            writer.lines(TriviaText.question(asked))
            if let deadline = player.state.question?.localDeadline { countdown.start(until: deadline) }
        case .accepted(let accepted):
            let text = player.state.question.map { $0.asked.answers[accepted.choice] } ?? ""
            writer.line("you answered \(accepted.choice + 1)) \(text)\(accepted.final ? "" : " (you may change it until the time is up)")")
        case .rejected(let rejected):
            writer.line("answer refused: \(rejected.reason.rawValue)")
        case .result(let result):
            countdown.stop()
            let mine = result.scored.contains(session.me.id) ? "you: +1" : "you: no point"
            writer.lines(TriviaText.result(result) + [mine])
        case .gameOver(let final):
            countdown.stop()
            writer.lines(TriviaText.gameOver(final))
        }
    }

    private static func handle(_ key: KeyInput.Key, player: TriviaPlayer, writer: ScreenWriter) {
        switch key {
        case .quit:
            Task { await player.session.quit() }
        case .answer(let choice):
            switch player.press(choice) {
            case .send: break
            case .noQuestion: writer.line("(no question is open)")
            case .invalidChoice: writer.line("(there is no answer \(choice + 1))")
            case .locked: writer.line("(you already answered)")
            case .unchanged: break
            }
        case .other:
            break
        }
    }
}
