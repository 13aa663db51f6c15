import NIOCore

extension HostMachine {
    /// The host removes a player (its kick command): the player is told `bye kicked` and its
    /// link closed; it leaves with `kicked`, so the others are told `left kicked` and the game
    /// hears it left. Its slot and name are free at once (a kick is no ban). Nothing happens for
    /// an id that is not seated.
    public mutating func kick(_ peer: PeerID, now: NIODeadline) -> HostResult<Link> {
        guard let seat = seats[peer] else { return HostResult() }
        return close(seat.link, farewell: .bye(Bye(reason: .kicked, detail: "removed by the host")), leaving: .kicked,
                     reason: "kicked by the host", now: now)
    }
}
