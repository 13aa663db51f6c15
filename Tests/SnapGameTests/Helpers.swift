import Matchmaking
import SnapGame

let ann = Peer(id: PeerID(rawValue: 1), name: "Ann")
let bob = Peer(id: PeerID(rawValue: 2), name: "Bob")
let cy = Peer(id: PeerID(rawValue: 3), name: "Cy")

/// A card by rank and suit (suit 0 unless given).
func card(_ rank: Int, _ suit: Int = 0) -> Card { Card(rank: rank, suit: suit) }

extension SnapMatch {
    func cards(_ peer: Peer) -> Int { seats[seat(of: peer.id)!].cards }
    func seatOf(_ peer: Peer) -> Seat { seats[seat(of: peer.id)!] }
    /// 52 distinct cards in play or removed.
    var conserves52: Bool { allCards.count == 52 && Set(allCards).count == 52 }
}
