import Vocabulary

/// Who is present, by id, and which of them are away (their link dropped, their seat kept).
///
/// On the host, one owner keeps it: the ``GameHost``, from its session's events (the session's
/// seats are the truth; the game host is the one place the game side follows them). Every
/// presence event it tells (``GameHostEvent/joined(_:roster:)`` and the rest) carries the roster
/// as it is after the change, so the host's terminal and the TV feed keep the last one they were
/// told and never add or remove a player themselves. A player keeps its own, of the players it
/// has heard of, to print who did what.
public struct Roster: Hashable, Sendable {
    private var names: [PeerID: String] = [:]
    /// The players present whose link dropped and whose seat is kept.
    public private(set) var away: Set<PeerID> = []

    /// A roster of these players, none of them away.
    public init(_ peers: [Peer] = []) {
        for peer in peers where names[peer.id] == nil { names[peer.id] = peer.name }
    }

    /// A player's name, or `#ID` when unknown.
    public func name(of id: PeerID) -> String { names[id] ?? "#\(id)" }

    /// Whether this player is present.
    public func contains(_ id: PeerID) -> Bool { names[id] != nil }

    /// How many players are present (away or not).
    public var count: Int { names.count }

    /// Remembers a player's name: it is present.
    public mutating func add(_ peer: Peer) { names[peer.id] = peer.name }

    /// Forgets a player (a host runs for months: it keeps only who is here).
    public mutating func remove(_ id: PeerID) {
        names[id] = nil
        away.remove(id)
    }

    /// A player present went away (its link dropped); one not present is ignored.
    public mutating func markAway(_ id: PeerID) {
        if names[id] != nil { away.insert(id) }
    }

    /// A player who was away is back.
    public mutating func markBack(_ id: PeerID) { away.remove(id) }

    /// Every player present, by id.
    public var peers: [Peer] { names.map { Peer(id: $0.key, name: $0.value) }.sorted { $0.id < $1.id } }
}
