import FoundationEssentials
import Vocabulary

/// Recomputes games from a replay log: each `deal` starts a ``SnapMatch`` from its seed, each
/// event is applied with the same rules the host used, and each `end` is checked against the
/// recomputed state. Pure.
public enum SnapReplay {
    /// Why a log does not replay.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// An event came before any `deal`.
        case noGame(line: Int)
        /// An event did not do on replay what the log says it did.
        case diverged(line: Int, detail: String)
        /// A line is not a replay entry.
        case unreadable(line: Int, detail: String)

        public var description: String {
            switch self {
            case .noGame(let line): "line \(line): event before any deal"
            case .diverged(let line, let detail): "line \(line): replay diverged: \(detail)"
            case .unreadable(let line, let detail): "line \(line): \(detail)"
            }
        }
    }

    /// One replayed game: its final state, and the `end` entry the log recorded (nil when the
    /// log stops before the end).
    public struct Game: Hashable, Sendable {
        /// The state after the last event.
        public var final: SnapMatch
        /// What the log said at the end.
        public var recordedEnd: SnapLogEntry?
        /// The number of cards at every step (all 52 when nothing is lost or duplicated).
        public var conserved: Bool
    }

    /// Replays entries; returns every game in order. Throws when an event does not replay.
    public static func replay(_ entries: [SnapLogEntry]) throws(Failure) -> [Game] {
        var games: [Game] = []
        var current: SnapMatch?
        var conserved = true
        func close(_ end: SnapLogEntry?) {
            if let game = current { games.append(Game(final: game, recordedEnd: end, conserved: conserved)) }
            current = nil
            conserved = true
        }
        for (offset, entry) in entries.enumerated() {
            let line = offset + 1
            if case .deal(let seed, let maxFlips, let players) = entry {
                close(nil)
                current = SnapMatch(seed: seed, players: players, maxFlips: maxFlips)
                continue
            }
            guard var game = current else { throw .noGame(line: line) }
            switch entry {
            case .deal:
                break
            case .flip(let player, let card):
                switch game.flip(by: player) {
                case .success(let flipped) where flipped == card: break
                case .success(let flipped): throw .diverged(line: line, detail: "flipped \(flipped), the log says \(card)")
                case .failure(let refusal): throw .diverged(line: line, detail: "flip refused: \(refusal)")
                }
            case .snap(let player, _, let valid):
                switch game.snap(by: player) {
                case .won where valid, .paid where !valid: break
                case let outcome: throw .diverged(line: line, detail: "snap gave \(outcome), the log says valid=\(valid)")
                }
            case .away(let player):
                _ = game.setAway(player, true)
            case .back(let player):
                _ = game.setAway(player, false)
            case .leave(let player):
                game.leave(player)
            case .skip(let player):
                let skipped = game.skipTurn()
                guard skipped == player else { throw .diverged(line: line, detail: "skipped \(skipped.map(\.description) ?? "nobody"), the log says \(player)") }
            case .end(let outcome, let flips, let cards, let removed):
                if outcome.ended == .endedByHost { game.end() }
                let counts = game.seats.map { PlayerCards(id: $0.peer.id, cards: $0.cards) }
                guard game.outcome == outcome, game.flips == flips, counts == cards, game.removed.count == removed else {
                    throw .diverged(line: line, detail: "recomputed \(String(describing: game.outcome)) \(counts) removed \(game.removed.count)")
                }
                current = game
                close(entry)
                continue
            }
            if game.allCards.count != 52 || Set(game.allCards).count != 52 { conserved = false }
            current = game
        }
        close(nil)
        return games
    }

    /// Reads JSON lines (blank lines skipped) and replays them.
    public static func replay(jsonLines text: String) throws(Failure) -> [Game] {
        var entries: [SnapLogEntry] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            do {
                entries.append(try JSONDecoder().decode(SnapLogEntry.self, from: Data(line.utf8)))
            } catch {
                throw .unreadable(line: offset + 1, detail: "\(error)")
            }
        }
        return try replay(entries)
    }
}
