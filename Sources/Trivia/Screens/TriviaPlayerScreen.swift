import GameRuntime
import Vocabulary

/// A player's terminal during trivia, beside what ``PlayerTerminal`` prints: the lobby and its
/// countdown, the question with numbered answers, the countdown, what happened to the answer,
/// each result and the standings, the host pausing, and at game over the final standings and
/// the player's own `you scored 3 of 10, place 2 of 4`. A person answers with a key press (1-9);
/// in buzzer mode presses the buzzer with space or `b`, and sees who buzzed first, the host's
/// marks and the buzzers reopening.
public struct TriviaPlayerScreen: GamePlayerScreen {
    public typealias Model = TriviaPlayerState

    public let writer: ScreenWriter
    public let instructions: [PlayerControl: String] = [
        .bot: "trivia: playing as a bot", .keys: "trivia: answer with a key, 1-9 (buzzer mode: space or b buzzes; team mode: in the lobby 1-8 chooses a team); q leaves",
        .lines: "trivia: answer with a number and Enter, 1-9 (buzzer mode: b and Enter buzzes; team mode: in the lobby a number chooses a team); /quit leaves",
    ]
    private let countdown: Countdown

    /// A screen writing through `writer`.
    public init(writer: ScreenWriter = .standard) {
        self.writer = writer
        self.countdown = Countdown(writer: writer)
    }

    public func show(_ message: TriviaServerMessage, player: TriviaPlayer) {
        switch message {
        case .lobby(let lobby):
            writer.line(TriviaText.lobby(lobby.status))
            let teams = Self.teamLines(lobby, team: player.model.team)
            if !teams.isEmpty { writer.lines(teams) }
            countdown.lobby(lobby.status)
        case .game(let info):
            countdown.stop()
            writer.lines([TriviaText.game(info, team: player.model.team)] + (info.mode == .buzzer ? [Self.buzzerHelp] : []))
        case .question(let asked):
            writer.lines(TriviaText.question(asked))
            if let deadline = player.model.question?.localDeadline { countdown.start(until: deadline) }
        case .buzzed(let won):
            countdown.stop()
            writer.lines([TriviaText.buzzed(won)] + (won.player == player.me.id ? ["you buzzed first: answer out loud!"] : []))
        case .marked(let marked):
            let mine = marked.player == player.me.id && !marked.right
            writer.lines([TriviaText.marked(marked)] + (mine ? ["you are locked out of this question"] : []))
        case .buzzersOpen(let open):
            writer.line(TriviaText.buzzersOpen(open, names: open.lockedOut.map(player.name(of:))))
            if let deadline = player.model.question?.localDeadline { countdown.start(until: deadline) }
        case .accepted(let accepted):
            let text = player.model.question.map { $0.asked.answers[accepted.choice] } ?? ""
            writer.line("you answered \(accepted.choice + 1)) \(text)\(accepted.final ? "" : " (you may change it until the time is up)")")
        case .rejected(let rejected):
            writer.line("\(rejected.choice == nil && rejected.question != nil ? "buzz" : "answer") refused: \(rejected.reason.rawValue)")
        case .result(let result):
            countdown.stop()
            var lines = TriviaText.result(result, name: player.name(of:))
            lines.append(player.model.scored(in: result, me: player.me.id) ? "you: +1" : "you: no point")
            if let mine = player.model.standing { lines.append(TriviaText.place(mine)) }
            if let team = result.teams.flatMap({ TriviaText.myTeam($0, team: player.model.team) }) { lines.append(team) }
            writer.lines(lines)
        case .gameOver(let final):
            countdown.stop()
            var lines = TriviaText.gameOver(final)
            if let summary = TriviaSummary(final, for: player.me.id, standing: player.model.standing) { lines.append(TriviaText.summary(summary)) }
            if let team = final.teams.flatMap({ TriviaText.myTeam($0, team: player.model.team) }) { lines.append(team) }
            writer.lines(lines)
        case .pause(let status):
            if status.paused { countdown.stop() }
            writer.line(status.line)
            if !status.paused, let open = player.model.question, open.clockRuns { countdown.start(until: open.localDeadline) }
        case .standing, .yourTeam:
            break  // kept by the model, said with the result or the final standings that follow
        }
    }

    /// Team mode's lobby: the teams and their first members, then the player's own team (`team`,
    /// its index, as the host told it), and with `choose` how to choose (`you're on Red: press 1-2
    /// to change`).
    static func teamLines(_ lobby: TriviaLobby, team: Int?) -> [String] {
        guard let teams = lobby.teams else { return [] }
        let mine = team.flatMap { teams.indices.contains($0) ? teams[$0] : nil }
        let keys = "press 1-\(teams.count) to " + (mine == nil ? "choose one" : "change")
        let line = (mine.map { "you're on \($0.name)" } ?? "you have no team yet") + (lobby.teamPlacement == .choose ? ": " + keys : "")
        return [TriviaText.teams(teams, choosing: lobby.choosing, stillChoosing: lobby.stillChoosing), line]
    }

    /// How to play buzzer mode, printed when its game starts.
    static let buzzerHelp = "buzzer mode: press space or b (a line: b) to buzz; the first to buzz answers out loud, the host marks it"

    public func handle(_ key: KeyInput.Key, player: TriviaPlayer) {
        switch key {
        case .answer(let choice) where player.model.inLobby && player.model.lobby?.teams != nil:
            switch player.chooseTeam(choice + 1) {
            case .send(let chosen): writer.line("you chose \(chosen.team)")
            case .notChoosing: writer.line("(the host places the players in teams)")
            case .gameUnderWay: writer.line("(a game is under way: choose a team in the lobby)")
            case .noSuchTeam: writer.line("(there is no team \(choice + 1))")
            }
        case .answer(let choice):
            switch player.press(choice) {
            case .send, .unchanged: break
            case .noQuestion: writer.line("(no question is open)")
            case .invalidChoice: writer.line("(there is no answer \(choice + 1))")
            case .locked: writer.line("(you already answered)")
            case .paused: writer.line("(the game is paused)")
            case .buzzerMode: writer.line("(buzzer mode: press space or b to buzz, then answer out loud)")
            }
        case .other(let text) where [" ", "b", "buzz"].contains(text.lowercased()):
            switch player.buzz() {
            case .send: writer.line("you buzzed")
            case .notBuzzerMode: break
            case .noQuestion: writer.line("(no question is open)")
            case .paused: writer.line("(the game is paused)")
            case .lockedOut: writer.line("(you are locked out of this question)")
            case .alreadyBuzzed: writer.line("(your buzz is in)")
            case .taken(let name): writer.line("(\(name) is answering)")
            }
        case .other, .quit, .arrow:
            break
        }
    }

    public func stop() { countdown.stop() }
}
