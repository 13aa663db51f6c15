import FoundationEssentials
import Matchmaking
import SnapGame
import Synchronization

/// The host's terminal during Snap! (a TV for the room): the lobby, every event and the table,
/// and the winner; and the replay log, when one is kept.
final class SnapHostScreen: Sendable {
    private let capacity: Int
    private let replay: ReplayLog?

    init(capacity: Int, replay: ReplayLog?) {
        self.capacity = capacity
        self.replay = replay
    }

    func announce(_ settings: SnapSettings) {
        let start: String
        switch settings.startRule {
        case .whenFull: start = "a game starts when \(capacity) players are here"
        case .after(let delay): start = "a game starts \(cFormat("%g", Double(delay) / 1_000_000)) s after a second player arrives"
        }
        Terminal.out("snap: \(start); flip limit \(settings.maxFlips)")
        Terminal.out("lobby: 0/\(capacity) players, waiting for players")
    }

    func show(_ event: SnapHostEvent) {
        switch event {
        case .joined(let peer, let players):
            Terminal.out("joined: \(peer.name) (id \(peer.id)) [\(players)/\(capacity)]")
        case .left(let peer, let reason, let players):
            Terminal.out("left: \(peer.name) (id \(peer.id)) \(reason.rawValue) [\(players)/\(capacity)]")
        case .sendFailed(let reason):
            Terminal.out("error: a message could not be sent (\(reason))")
        case .log(let entry):
            replay?.write(entry)
        case .sent(.lobby(let status), _):
            Terminal.out(SnapText.lobby(status))
        case .sent(.table(let state), _):
            for line in SnapText.table(state) { Terminal.out(line) }
        case .sent(.refused(let refused), let to):
            Terminal.out("refused: \(to.map(\.description).joined(separator: ",")) \(refused.action ?? "?") (\(refused.reason.rawValue))")
        case .sent(.gameOver(let final), _):
            for line in SnapText.gameOver(final) + ["lobby: back in the lobby, waiting for players"] { Terminal.out(line) }
        }
    }
}

/// Appends replay entries to a file, one JSON object per line (docs/SNAP.md, "Replay log").
final class ReplayLog: Sendable {
    private let file: Mutex<POSIX.AppendFile>

    init(path: String) throws {
        file = Mutex(try POSIX.AppendFile(path: path))
    }

    func write(_ entry: SnapLogEntry) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entry) else { return }
        file.withLock { $0.write(String(decoding: data, as: UTF8.self) + "\n") }
    }
}
