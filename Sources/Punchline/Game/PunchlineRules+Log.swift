import GameRuntime
import Logging
import Vocabulary

extension PunchlineRules {
    /// The host's log lines: games starting, each round's results and games ending, at info
    /// (never an answer's text: what players type stays out of the log).
    public static func logRecord(for effect: Effect) -> GameLogRecord? {
        switch effect {
        case .announce(.prompt(let asked), let to) where asked.round == 1:
            GameLogRecord(.info, "game started", ["rounds": "\(asked.rounds)", "writers": "\(asked.writers.count)", "audience": "\(to.count)"])
        case .announce(.reveal(let reveal), _):
            GameLogRecord(.info, "round closed", ["round": "\(reveal.round)", "answers": "\(reveal.results.count)", "sweep": "\(reveal.results.contains(where: \.sweep))"])
        case .announce(.gameOver(let final), _):
            GameLogRecord(.info, "game over", ["winners": "\(final.winners.map(\.rawValue))", "ended": "\(final.ended)"])
        default:
            nil
        }
    }
}
