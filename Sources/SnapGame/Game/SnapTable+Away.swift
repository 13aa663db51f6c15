import GameRuntime
import Matchmaking

extension SnapTable {
    /// A player's link dropped: its turns are skipped until it is back; everyone sees the table.
    public mutating func away(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        missedEnding.playerAway(peer.id)
        return seatChanged(peer.id, away: true, at: moment)
    }

    /// A player who was away is back: it is told the lobby (after the last game's result, if it
    /// was away when that game ended), or the table (its cards with it).
    public mutating func back(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        let missed = missedEnding.playerBack(peer.id)
        guard case .lobby = state else { return seatChanged(peer.id, away: false, at: moment) }
        guard lobby.waiting.contains(where: { $0.id == peer.id }) else { return [] }
        let ending: [Effect] = missed.map { [.retell($0, to: [peer.id])] } ?? []
        return ending + [.send(.lobby(lobby.status(now: moment.now)), to: [peer.id])]
    }

    private mutating func seatChanged(_ id: PeerID, away: Bool, at moment: GameMoment) -> [Effect] {
        guard case .playing(var game, let window) = state, game.setAway(id, away) else { return [] }
        let entry: SnapLogEntry = away ? .away(player: id) : .back(player: id)
        return [.note(entry)] + after(game, window: window, event: TableEvent(type: away ? "away" : "back", player: id), now: moment.now)
    }
}
