import NIOCore

extension HostMachine {
    /// The host removes a player (its kick command): the player is told `bye kicked` and its
    /// link closed; it leaves with `kicked`, so the others are told `left kicked` and the game
    /// hears it left. Its slot, name and resume token are free at once (a kick is no ban). A
    /// player who is away just leaves. Nothing happens for an id that is not seated.
    ///
    /// Version 1 has no `kicked`: a version 1 player is told `bye serverQuit` ("removed by the
    /// host"), and hears of another's kick as `left userQuit` (`WireMessage.version1Note`).
    public mutating func kick(_ peer: PeerID, now: NIODeadline) -> HostResult<Link> {
        guard let seat = seats[peer] else { return HostResult() }
        guard let link = seat.link else {
            var result = HostResult<Link>()
            leave(peer, reason: .kicked, now: now, into: &result)
            return result
        }
        let reason: ByeReason = seat.version >= WireCodec.resumeVersion ? .kicked : .serverQuit
        return close(link, farewell: .bye(Bye(reason: reason, detail: "removed by the host")), leaving: .kicked,
                     reason: "kicked by the host", now: now)
    }
}
