import GameRuntime
import Vocabulary

/// The lines both the host and `join` print for Pong (docs/GAMES.md, "Pong"): one fact per
/// line, so that a person reads them and a test parses them. The court itself is a picture
/// (``CourtPicture``), drawn only on a terminal.
public enum PongText {
    /// `lobby: 1/8 players, waiting for a second player` (or the countdown).
    public static func lobby(_ status: LobbyStatus) -> String { LobbyText.status(status, waiting: "waiting for a second player") }

    /// `pong: Ann (left) vs Bob (right), first to 5 points`.
    public static func roles(_ roles: Roles) -> String {
        "pong: \(roles.left.name) (left) vs \(roles.right.name) (right), first to \(roles.points) point\(roles.points == 1 ? "" : "s")"
    }

    /// `Ann 2 - 1 Bob` (left first).
    public static func score(_ score: Score, _ roles: Roles) -> String { "\(roles.left.name) \(score.left) - \(score.right) \(roles.right.name)" }

    /// `point: Ann scores: Ann 2 - 1 Bob`.
    public static func point(_ point: PointScored, _ roles: Roles?) -> String {
        guard let roles else { return "point: \(point.side.rawValue) scores: \(point.score.text)" }
        return "point: \(roles[point.side].name) scores: \(score(point.score, roles))"
    }

    /// `game over: winner Ann: Ann 3 - 1 Bob`, with ` (Bob left)` after a forfeit and ` (ended by
    /// the host)`; `game over: no winner: ...` for a level game the host ended.
    public static func gameOver(_ final: PongFinal) -> String {
        let roles = final.roles
        let winner = final.winner.flatMap { roles.side(of: $0) }
        let head = winner.map { "game over: winner \(roles[$0].name)" } ?? "game over: no winner"
        let why = switch final.ended {
        case .points: ""
        case .forfeit: winner.map { " (\(roles[$0.opposite].name) left)" } ?? ""
        case .endedByHost: " (ended by the host)"
        }
        return "\(head): \(score(final.score, roles))\(why)"
    }

    /// `refused: paddle (notPlaying)`.
    public static func refused(_ refused: Refused) -> String { "refused: paddle (\(refused.reason.rawValue))" }
}
