import GameRuntime
import Logging
import Vocabulary

extension SnapRules {
    /// The host's log lines: games starting and ending, at info (every flip and snap is in the
    /// replay log instead).
    public static func logRecord(for effect: Effect) -> GameLogRecord? {
        switch effect {
        case .gameStarted:
            GameLogRecord(.info, "game started")
        case .announce(.gameOver(let final), _):
            GameLogRecord(.info, "game over", ["winners": "\(final.winners.map(\.rawValue))", "ended": "\(final.ended)", "flips": "\(final.flips)"])
        case .announce, .send, .retell, .state, .gameEnded, .note, .kick, .refused:
            nil
        }
    }
}
