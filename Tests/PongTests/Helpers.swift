import GameRuntime
import Matchmaking
import Pong

let ann = Peer(id: PeerID(rawValue: 1), name: "Ann")
let bob = Peer(id: PeerID(rawValue: 2), name: "Bob")
let cy = Peer(id: PeerID(rawValue: 3), name: "Cy")

/// Host microseconds of tick `n` of a game started at 0.
func at(tick n: Int) -> GameMoment { GameMoment(now: Court.time(ofTick: n, epoch: 0)) }

/// A table (first to `points`, `whenFull` with room for `capacity`) where Ann and Bob joined at
/// t = 0; with capacity 2 the game started then.
func table(points: Int = 5, capacity: Int = 2, seed: UInt64 = 1) -> PongTable {
    var table = PongTable(settings: try! PongSettings(points: points, startRule: .whenFull), capacity: capacity, seed: seed)
    _ = table.joined(ann, at: GameMoment(now: 0))
    _ = table.joined(bob, at: GameMoment(now: 0))
    return table
}

extension Array where Element == PongTable.Effect {
    /// The messages announced or sent, with their recipients.
    var sent: [(PongServerMessage, [PeerID])] { compactMap(\.told) }
    /// The messages announced (news for the room), with their recipients.
    var announced: [(PongServerMessage, [PeerID])] {
        compactMap { if case .announce(let message, let to) = $0 { return (message, to) } else { return nil } }
    }
    /// The states sent (key, message, recipients).
    var states: [(String, PongServerMessage, [PeerID])] {
        compactMap { if case .state(let message, let key, let to) = $0 { return (key, message, to) } else { return nil } }
    }
    /// The courts sent (as states of key `court`).
    var courts: [CourtState] { states.compactMap { if $0.0 == "court", case .court(let c) = $0.1 { return c } else { return nil } } }
    /// The points sent.
    var points: [PointScored] { sent.compactMap { if case .point(let p) = $0.0 { return p } else { return nil } } }
    /// The result sent, if any.
    var final: PongFinal? { sent.lazy.compactMap { if case .gameOver(let f) = $0.0 { return f } else { return nil } }.first }
    /// The refusal of a host command, if that is all there is.
    var refusal: CommandRefusal.Reason? {
        guard count == 1, case .refused(let refusal) = self[0] else { return nil }
        return refusal.reason
    }
}

/// Runs `table` tick by tick from `from` (one wake-up per tick) until `until` returns true or
/// `limit` ticks passed; returns every effect and the tick reached.
@discardableResult
func run(_ table: inout PongTable, from: Int, limit: Int, until: (PongTable, [PongTable.Effect]) -> Bool = { _, _ in false }) -> ([PongTable.Effect], Int) {
    var all: [PongTable.Effect] = []
    var tick = from
    while tick < from + limit {
        tick += 1
        let effects = table.woke(at: at(tick: tick))
        all += effects
        if until(table, effects) { break }
    }
    return (all, tick)
}
