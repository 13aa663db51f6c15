import GameRuntime
import Matchmaking

extension PongTable {
    /// The host's commands. In the lobby: start now (or rematch, once a game was played) with
    /// the players waiting (at least two), kick one of them; the rest are refused (`noGame`).
    /// During a game: pause (nothing moves, no court is sent), unpause (the clock goes on from
    /// where it stopped), end (game over now: the one ahead wins, none when level), kick (a
    /// player kicked forfeits); start and rematch are refused (`gameUnderWay`), skip
    /// (`nothingToSkip`: no turn or question to skip) and mark (`nothingToMark`).
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
        case .playing(var game, let epoch):
            let everyone = audience(game)
            switch command {
            case .startNow, .rematch:
                return refuse(.gameUnderWay)
            case .skip:
                return refuse(.nothingToSkip)
            case .mark:
                return refuse(.nothingToMark)
            case .pause:
                guard pausedAt == nil else { return refuse(.alreadyPaused) }
                pausedAt = now
                return [.send(.pause(PauseStatus(paused: true)), to: everyone)]
            case .unpause:
                guard let since = pausedAt else { return refuse(.notPaused) }
                pausedAt = nil
                state = .playing(game, epoch: epoch + max(0, now - since))
                return [.send(.pause(PauseStatus(paused: false)), to: everyone)]
            case .end:
                game.end(.endedByHost)
                return over(game, now: now)
            case .kick(let id):
                return [Self.kick(id, present: everyone.contains(id))]
            }
        }
    }
}
