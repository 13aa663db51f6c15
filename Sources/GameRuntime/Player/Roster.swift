import Vocabulary

/// The names of the players a screen has heard of, by id, to print who did what.
public struct Roster: Hashable, Sendable {
    private var names: [PeerID: String] = [:]

    /// A roster of these players.
    public init(_ peers: [Peer] = []) {
        for peer in peers { names[peer.id] = peer.name }
    }

    /// A player's name, or `#ID` when unknown.
    public func name(of id: PeerID) -> String { names[id] ?? "#\(id)" }

    /// Remembers a player's name.
    public mutating func add(_ peer: Peer) { names[peer.id] = peer.name }

    /// Forgets a player (a host runs for months: it keeps only who is here).
    public mutating func remove(_ id: PeerID) { names[id] = nil }

    /// Every player known, by id.
    public var peers: [Peer] { names.map { Peer(id: $0.key, name: $0.value) }.sorted { $0.id < $1.id } }
}
