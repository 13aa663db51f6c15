import Vocabulary

extension SnapMatch {
    /// `id`'s link dropped or came back. Away, its cards stay on the table (a snap can still
    /// win its face-up pile, a false snap still pays it) and its turns are skipped: the turn
    /// moves on at once if it was its. Returns false when nothing changed.
    public mutating func setAway(_ id: PeerID, _ isAway: Bool) -> Bool {
        guard outcome == nil, let index = seat(of: id), seats[index].status != .left else { return false }
        guard isAway ? away.insert(id).inserted : away.remove(id) != nil else { return false }
        seq += 1
        // The turn moves off a player who is away (and onto one who is back, if it was stuck
        // with someone away because everyone still playing was).
        if let turn, away.contains(seats[turn].peer.id) { self.turn = nextPlaying(after: turn) }
        return true
    }
}
