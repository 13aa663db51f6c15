import NIOCore

extension Seats {
    /// An admitted player's place. A seat outlives its link for ``ServerConfiguration/resumeGrace``
    /// when the player holds a resume token: `link` is nil and `awayUntil` set while it is away.
    struct Seat: Sendable {
        /// Who.
        let peer: Peer
        /// The link that carries it; nil while the player is away.
        var link: LinkID?
        /// The protocol version its link speaks (a version 1 player is never told `away`/`back`).
        var version: Int
        /// The secret that takes the seat back (base64); nil when the seat is not kept (version 1,
        /// or a grace of zero).
        let token: String?
        /// While away: when the seat is given up.
        var awayUntil: NIODeadline?
        /// Liveness and clock samples (of the current link).
        var heartbeat: Heartbeat
        /// Which roster notes this player has not been told yet (see ``RosterBatch``).
        var rosterMark: RosterBatch.Mark
        /// Version 3: the real-time channel with this player's current link (the UDP path when
        /// its welcome offered one; the numbering of states either way). Nil below version 3.
        var realtime: DatagramPath<SocketAddress>?
    }
}
