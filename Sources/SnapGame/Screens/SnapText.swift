import GameRuntime
import Vocabulary

/// The lines both the host and `join` print for Snap! (docs/SNAP.md, "Terminal output").
public enum SnapText {
    /// `lobby: 1/4 players, waiting for a second player` (or the countdown, or when full).
    public static func lobby(_ status: LobbyStatus) -> String { LobbyText.status(status, waiting: "waiting for a second player") }

    /// The event line, then the table line.
    public static func table(_ state: TableState) -> [String] {
        let names = Dictionary(state.seats.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        func name(_ id: PeerID?) -> String { id.flatMap { names[$0] } ?? "?" }
        func list(_ ids: [PeerID]?) -> String { (ids ?? []).map(name).joined(separator: ", ") }
        let event: String?
        switch state.event.type {
        case "deal": event = "dealt: " + state.seats.map { "\($0.name) \($0.cards)" }.joined(separator: ", ")
        case "flip": event = "flip: \(name(state.event.player)) \(state.event.card.map(\.description) ?? "?")"
        case "snap":
            let cards = state.event.cards ?? 0
            event = "snap: \(name(state.event.player)) won \(cards) card\(cards == 1 ? "" : "s") from \(list(state.event.players)) (snapped: \(list(state.event.snappers)))"
        case "falseSnap":
            let paid = state.event.players?.count ?? 0
            event = "false snap: \(name(state.event.player)) paid \(paid) card\(paid == 1 ? "" : "s")\(paid > 0 ? " to " + list(state.event.players) : "")"
        case "leave": event = "removed: \(name(state.event.player)) and their cards left the game"
        case "away": event = "away: \(name(state.event.player)) is reconnecting; their turns are skipped"
        case "back": event = "back: \(name(state.event.player))"
        case "skip": event = "skipped: \(name(state.event.player)) (by the host)"
        case "end": event = "ended by the host"
        default: event = nil
        }
        let seats = state.seats.map { seat -> String in
            let status = seat.status == .playing ? (seat.away == true ? ", away" : "") : ", \(seat.status.rawValue)"
            return "\(seat.name) \(seat.top?.description ?? "-") (\(seat.cards)\(status))"
        }
        let table = "table \(state.seq): " + seats.joined(separator: ", ") + " | turn: " + (state.turn.map(name) ?? "-")
        return (event.map { [$0] } ?? []) + [table]
    }

    /// `game over: winner Ann with 52 cards` (or tied winners, or no winner), then one
    /// `final: N. NAME CARDS` line per seat.
    public static func gameOver(_ final: SnapFinal) -> [String] {
        let names = Dictionary(final.standings.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let winners = final.winners.map { names[$0] ?? "#\($0)" }
        let cards = final.standings.first { final.winners.contains($0.id) }?.cards ?? 0
        let why = final.ended == .flipLimit ? " (flip limit, \(final.flips) flips)" : final.ended == .endedByHost ? " (ended by the host)" : ""
        let head: String
        switch winners.count {
        case 0: head = "game over: no winner"
        case 1: head = "game over: winner \(winners[0]) with \(cards) card\(cards == 1 ? "" : "s")\(why)"
        default: head = "game over: tied winners \(winners.joined(separator: ", ")) with \(cards) cards\(why)"
        }
        return [head] + final.standings.enumerated().map { index, seat in
            "final: \(index + 1). \(seat.name) \(seat.cards)\(seat.status == .playing ? "" : " (\(seat.status.rawValue))")"
        }
    }
}
