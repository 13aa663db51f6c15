import Vocabulary

/// The last game's ending (its game-over message), kept for the players who were away when it
/// was sent: their link was down, so they never heard how the game ended. A player who comes
/// back within its seat's grace period, when the table is in the lobby again, is told the
/// ending first and then the lobby, as if it had been there (`join` shows the standings, and
/// `join --once` exits as it would have). A new game makes an older ending no news. Pure; each
/// table owns one and tells it the events below.
public struct MissedEnding<Message: Sendable>: Sendable {
    /// The players whose link is down (away), by the table's events.
    private var away: Set<PeerID> = []
    /// The last game's ending, until a new game starts.
    private var ending: Message?
    /// What some of its players were told alone just before it (``RoundEnding/personal``).
    private var personal: [PeerID: Message] = [:]
    /// The players away when ``ending`` was sent, who have not been told it since.
    private var missedBy: Set<PeerID> = []

    /// No ending yet, nobody away.
    public init() {}

    /// A player's link dropped (its seat is kept).
    public mutating func playerAway(_ id: PeerID) { away.insert(id) }

    /// A player left for good: it will not come back to hear anything.
    public mutating func playerLeft(_ id: PeerID) {
        away.remove(id)
        missedBy.remove(id)
    }

    /// A game ended with `message`, sent to `recipients` (its players, and watchers where the
    /// game has them): those of them away missed it. Someone waiting for the next game, who
    /// was not sent the ending, is not told it either.
    /// `personal`: what some of them were told alone just before it, kept only for those away.
    public mutating func gameEnded(with message: Message, personal: [PeerID: Message] = [:], to recipients: some Sequence<PeerID>) {
        ending = message
        missedBy = away.intersection(recipients)
        self.personal = personal.filter { missedBy.contains($0.key) }
    }

    /// A game started: whoever missed the last ending is told the new game instead.
    public mutating func gameStarted() {
        ending = nil
        missedBy = []
        personal = [:]
    }

    /// A player is back: the ending it missed (its personal message first, then the ending),
    /// once; empty when it missed none.
    public mutating func playerBack(_ id: PeerID) -> [Message] {
        away.remove(id)
        guard missedBy.remove(id) != nil, let ending else { return [] }
        let own = personal.removeValue(forKey: id)
        return (own.map { [$0] } ?? []) + [ending]
    }
}
