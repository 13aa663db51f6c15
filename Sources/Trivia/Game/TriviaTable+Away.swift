import GameRuntime
import Matchmaking

extension TriviaTable {
    /// A player's link dropped: in a game, no question waits for it; its points stay.
    public mutating func away(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        missedEnding.playerAway(peer.id)
        guard case .playing(var game) = state else { return [] }
        return advance(&game, now: moment.now) { $0.playerAway(peer.id, now: moment.now) }
    }

    /// A player who was away is back: told the lobby (after the last game's standings, if it
    /// was away when that game ended), or the game so far and the open question.
    public mutating func back(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        let missed = missedEnding.playerBack(peer.id)
        switch state {
        case .lobby:
            guard lobby.waiting.contains(where: { $0.id == peer.id }) else { return [] }
            let ending: [Effect] = missed.map { [.retell($0, to: [peer.id])] } ?? []
            return ending + [.send(.lobby(lobby.status(now: moment.now)), to: [peer.id])]
        case .playing(var game):
            return advance(&game, now: moment.now) { $0.playerBack(peer.id, now: moment.now) }
        }
    }
}
