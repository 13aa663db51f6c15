import GameRuntime
import Matchmaking

extension TriviaTable {
    /// The host's commands. In the lobby: start now (or rematch, once a game was played) with
    /// the players waiting, kick one of them; the rest are refused (`noGame`). During a game:
    /// skip (close the open question, or cut the result short), pause, unpause, end (game over
    /// now), kick, mark (buzzer mode: the answer of the player who won the buzzer; refused
    /// `nothingToMark` when none awaits, `paused` while paused); start and rematch are refused
    /// (`gameUnderWay`).
    public mutating func command(_ command: HostCommand, at moment: GameMoment) -> [Effect] {
        func refuse(_ reason: CommandRefusal.Reason) -> [Effect] { [.refused(CommandRefusal(command, reason))] }
        switch state {
        case .lobby:
            switch lobby.answer(command, gamesPlayed: gamesPlayed) {
            case .start: return startGame(at: moment)
            case .kick(let id): return [.kick(id)]
            case .refused(let refusal): return [.refused(refusal)]
            }
        case .playing(var game):
            let now = moment.now
            switch command {
            case .startNow, .rematch:
                return refuse(.gameUnderWay)
            case .skip:
                guard !game.isPaused else { return refuse(.paused) }
                return advance(&game, now: now) { $0.skip(now: now, clocks: moment.clocks) }
            case .pause:
                guard !game.isPaused else { return refuse(.alreadyPaused) }
                return advance(&game, now: now) { $0.pause(now: now) }
            case .unpause:
                guard game.isPaused else { return refuse(.notPaused) }
                return advance(&game, now: now) { $0.unpause(now: now) }
            case .end:
                return advance(&game, now: now) { $0.end() }
            case .kick(let id):
                return [Self.kick(id, present: game.playerIDs.contains(id))]
            case .mark(let right):
                guard game.awaitsMark else { return refuse(.nothingToMark) }
                guard !game.isPaused else { return refuse(.paused) }
                return advance(&game, now: now) { $0.mark(right: right, now: now) }
            }
        }
    }
}
