/// Who holds a seat, and over which link: what a transport that keeps something for a player as
/// long as its seat lasts follows (the Bluetooth host keeps a player's link key while its seat is
/// held, docs/BLUETOOTH.md). ``MatchmakingServer/seatChanges`` tells them in the order they happen.
public enum SeatChange: Hashable, Sendable {
    /// `peer`'s seat is carried by a link from `remote` (the label the link was opened with: an IP
    /// address and port, `rfcomm AA:BB:CC:DD:EE:FF`, `local`): admitted, or taken back after a
    /// drop. A seat whose link dropped is still held while it is away.
    case held(Peer, remote: String)
    /// `peer`'s seat is given up for good: it left, was kicked, its resume grace ran out, or the
    /// host stopped.
    case givenUp(Peer, ByeReason)
}
