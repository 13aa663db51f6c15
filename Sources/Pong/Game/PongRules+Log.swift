import GameRuntime
import Logging
import Vocabulary

extension PongRules {
    /// The host's log lines: games starting and ending (the winner and
    /// the score), at info; each point at debug (the court state, 60 times a second, never).
    public static func logRecord(for effect: Effect) -> GameLogRecord? {
        switch effect {
        case .gameStarted:
            GameLogRecord(.info, "game started")
        case .announce(.point(let point), _):
            GameLogRecord(.debug, "point", ["scorer": "\(point.scorer)", "score": "\(point.score.text)"])
        case .announce(.gameOver(let final), _):
            GameLogRecord(.info, "game over", [
                "winner": "\(final.winner.map { final.roles.side(of: $0).map { final.roles[$0].name } ?? "\($0)" } ?? "none")",
                "score": "\(final.score.text)", "ended": "\(final.ended.rawValue)",
            ])
        case .announce, .send, .retell, .state, .gameEnded, .note, .kick, .refused:
            nil
        }
    }
}
