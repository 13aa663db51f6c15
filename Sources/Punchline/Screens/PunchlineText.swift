import GameRuntime
import Vocabulary

/// The lines Punchline's terminal screens print, as pure functions.
public enum PunchlineText {
    /// `round 1/3: The worst superhero power (75 s)`.
    public static func prompt(_ asked: PromptAsked) -> String {
        "round \(asked.round)/\(asked.rounds): \(asked.prompt) (\(asked.leftMs / 1000) s)"
    }

    /// `written: 2/4`.
    public static func written(_ progress: WritingProgress, of writers: Int?) -> String {
        "written: \(progress.written.count)" + (writers.map { "/\($0)" } ?? "")
    }

    /// The ballot: the prompt, then `A: answer` a line (`(yours)` after one's own).
    public static func ballot(_ ballot: Ballot, mine: String? = nil) -> [String] {
        ["vote: \(ballot.prompt) (\(ballot.leftMs / 1000) s)"]
            + ballot.answers.map { "  \($0.letter): \($0.text)" + ($0.letter == mine ? " (yours)" : "") }
    }

    /// The results: `A: answer, Ann, 2 votes +1 audience, 225 points (sweep)` a line, then the scores.
    public static func reveal(_ reveal: Reveal) -> [String] {
        ["results of round \(reveal.round)/\(reveal.rounds): \(reveal.prompt)"]
            + reveal.results.map { result in
                let audience = result.audienceVotes > 0 ? " +\(result.audienceVotes) audience" : ""
                let votes = "\(result.votes) \(result.votes == 1 ? "vote" : "votes")"
                return "  \(result.letter): \(result.text), \(result.name), \(votes)\(audience), \(result.points) points" + (result.sweep ? " (sweep)" : "")
            }
            + [scores(reveal.scores)]
    }

    /// `scores: Ann 325, Bob 100`.
    public static func scores(_ scores: [Score]) -> String {
        "scores: " + scores.map { "\($0.name) \($0.points)" }.joined(separator: ", ")
    }

    /// `game over: Ann wins with 650 points` (or `Ann and Bob win`), then the scores.
    public static func gameOver(_ final: Final) -> [String] {
        let names = final.winners.compactMap { id in final.scores.first { $0.id == id }?.name }
        let points = final.scores.first?.points ?? 0
        let winners = names.count == 1 ? "\(names[0]) wins" : names.joined(separator: " and ") + " win"
        return ["game over: \(winners) with \(points) points" + (final.ended == "rounds" ? "" : " (\(final.ended))"), scores(final.scores)]
    }

    /// `lobby: 2/8 players, game starts in 20 s`.
    public static func lobby(_ status: LobbyStatus) -> String { LobbyText.status(status, waiting: "waiting for a second player") }

    /// `refused: an answer is at most 80 characters`.
    public static func refused(_ refused: Refused) -> String { "refused: \(refused.text)" }
}
