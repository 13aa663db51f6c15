import GameRuntime
import Matchmaking

extension SnapTable {
    /// The host's commands. In the lobby: start now (or rematch, once a game was played) with the
    /// players waiting (at least two), kick one of them; the rest are refused (`noGame`). During
    /// a game: skip the player whose turn it is (the turn passes on; a `skip` replay entry),
    /// pause (flips and snaps are refused `paused`, judging waits), unpause, end (game over now:
    /// the most cards win), kick; start and rematch are refused (`gameUnderWay`), mark (Snap! has
    /// no answers to mark) `nothingToMark`.
    public mutating func command(_ command: HostCommand, at moment: GameMoment) -> [Effect] {
        func refuse(_ reason: CommandRefusal.Reason) -> [Effect] { [.refused(CommandRefusal(command, reason))] }
        let now = moment.now
        switch state {
        case .lobby:
            switch lobby.answer(command, gamesPlayed: gamesPlayed) {
            case .start: return startGame(now: now)
            case .kick(let id): return [.kick(id)]
            case .refused(let refusal): return [.refused(refusal)]
            }
        case .playing(var game, var window):
            let present = game.seats.filter { $0.status != .left }.map(\.peer.id)
            switch command {
            case .startNow, .rematch:
                return refuse(.gameUnderWay)
            case .skip:
                guard pausedAt == nil else { return refuse(.paused) }
                guard let skipped = game.skipTurn() else { return [] }
                return [.note(.skip(player: skipped))] + after(game, window: window, event: TableEvent(type: "skip", player: skipped), now: now)
            case .pause:
                guard pausedAt == nil else { return refuse(.alreadyPaused) }
                pausedAt = now
                return [.send(.pause(PauseStatus(paused: true)), to: present)]
            case .unpause:
                guard let since = pausedAt else { return refuse(.notPaused) }
                pausedAt = nil
                window?.closesAt += max(0, now - since)
                state = .playing(game, window: window)
                return [.send(.pause(PauseStatus(paused: false)), to: present)]
            case .end:
                game.end()
                return after(game, window: nil, event: TableEvent(type: "end"), now: now)
            case .kick(let id):
                return [Self.kick(id, present: present.contains(id) || lobby.contains(id))]
            case .mark:
                return refuse(.nothingToMark)
            }
        }
    }
}
