import GameRuntime
import Logging
import Vocabulary

extension TriviaRules {
    /// The host's log lines: games starting and ending and questions closing at info, questions
    /// asked, answers refused and (buzzer mode) buzzers won and answers marked at debug.
    public static func logRecord(for effect: Effect) -> GameLogRecord? {
        guard let (message, recipients) = effect.told else { return nil }
        switch message {
        case .game(let info) where info.startsTheGame:
            return GameLogRecord(.info, "game started", ["mode": "\(info.mode)", "questions": "\(info.questions)", "players": "\(recipients.count)"])
        case .question(let asked):
            return GameLogRecord(.debug, "question asked", ["number": "\(asked.number)", "players": "\(recipients.count)"])
        case .result(let result):
            return GameLogRecord(.info, "question closed", [
                "number": "\(result.number)", "ended": "\(result.ended)", "scored": "\(result.scored.map(\.rawValue))", "tie": "\(result.tie)",
            ])
        case .rejected(let rejection):
            return GameLogRecord(.debug, "answer rejected", ["peer": "\(recipients.first.map { "\($0)" } ?? "?")", "reason": "\(rejection.reason)"])
        case .gameOver(let final):
            return GameLogRecord(.info, "game over", ["winners": "\(final.winners.map(\.rawValue))", "points": "\(final.points)", "ended": "\(final.ended)"])
        case .buzzed(let won):
            return GameLogRecord(.debug, "buzzer won", ["question": "\(won.question)", "peer": "\(won.player)"])
        case .marked(let marked):
            return GameLogRecord(.debug, "answer marked", ["question": "\(marked.question)", "peer": "\(marked.player)", "right": "\(marked.right)"])
        case .lobby, .game, .accepted, .pause, .buzzersOpen, .standing, .yourTeam:
            return nil
        }
    }
}
