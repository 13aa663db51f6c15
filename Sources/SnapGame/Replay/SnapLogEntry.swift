import Vocabulary

/// One line of a game's replay log (`serve --game snap --replay-log FILE`, JSON lines): the deal,
/// then every event the rules applied, in order, then the end with the final counts. Feeding the
/// events to ``SnapMatch`` again (``SnapReplay``) recomputes the final state.
///
/// ```
/// {"kind":"deal","seed":42,"maxFlips":5000,"players":[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}]}
/// {"kind":"flip","player":1,"card":17}
/// {"kind":"snap","player":2,"snappers":[2,1],"valid":true}
/// {"kind":"away","player":1}
/// {"kind":"back","player":1}
/// {"kind":"skip","player":2}
/// {"kind":"leave","player":1}
/// {"kind":"end","winners":[2],"ended":"lastPlayer","flips":120,"cards":[{"id":1,"cards":0},{"id":2,"cards":40}],"removed":12}
/// ```
public enum SnapLogEntry: Hashable, Sendable {
    /// A game starts: the deck is shuffled with `seed` and dealt to `players` in this order.
    case deal(seed: UInt64, maxFlips: Int, players: [Peer])
    /// `player` flipped `card`.
    case flip(player: PeerID, card: Card)
    /// `player` snapped (the judge's first among `snappers`, all of whom snapped in the
    /// collection window, in judged order); `valid` says whether it won or paid.
    case snap(player: PeerID, snappers: [PeerID], valid: Bool)
    /// `player`'s link dropped; its seat and cards are kept, its turns skipped.
    case away(player: PeerID)
    /// `player` took its seat back.
    case back(player: PeerID)
    /// `player` left; their cards left play.
    case leave(player: PeerID)
    /// The host skipped `player`, whose turn it was.
    case skip(player: PeerID)
    /// The game ended: the winners, why, and every seat's card count (the state to check).
    case end(SnapMatch.Outcome, flips: Int, cards: [PlayerCards], removed: Int)
}

/// A player's card count, as the `end` line and `gameOver` list it.
public struct PlayerCards: Hashable, Sendable, Codable {
    /// The player.
    public var id: PeerID
    /// Cards held at the end.
    public var cards: Int

    /// Creates a count.
    public init(id: PeerID, cards: Int) {
        self.id = id
        self.cards = cards
    }
}

extension SnapLogEntry: Codable {
    private enum Key: String, CodingKey { case kind, seed, maxFlips, players, player, card, snappers, valid, winners, ended, flips, cards, removed }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        switch try c.decode(String.self, forKey: .kind) {
        case "deal":
            self = .deal(seed: try c.decode(UInt64.self, forKey: .seed), maxFlips: try c.decode(Int.self, forKey: .maxFlips), players: try c.decode([Peer].self, forKey: .players))
        case "flip":
            self = .flip(player: try c.decode(PeerID.self, forKey: .player), card: try c.decode(Card.self, forKey: .card))
        case "snap":
            self = .snap(
                player: try c.decode(PeerID.self, forKey: .player), snappers: try c.decode([PeerID].self, forKey: .snappers),
                valid: try c.decode(Bool.self, forKey: .valid))
        case "away":
            self = .away(player: try c.decode(PeerID.self, forKey: .player))
        case "back":
            self = .back(player: try c.decode(PeerID.self, forKey: .player))
        case "leave":
            self = .leave(player: try c.decode(PeerID.self, forKey: .player))
        case "skip":
            self = .skip(player: try c.decode(PeerID.self, forKey: .player))
        case "end":
            self = .end(
                SnapMatch.Outcome(winners: try c.decode([PeerID].self, forKey: .winners), ended: try c.decode(SnapEnd.self, forKey: .ended)),
                flips: try c.decode(Int.self, forKey: .flips), cards: try c.decode([PlayerCards].self, forKey: .cards),
                removed: try c.decode(Int.self, forKey: .removed))
        case let kind:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown replay entry kind \"\(kind)\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .deal(let seed, let maxFlips, let players):
            try c.encode("deal", forKey: .kind)
            try c.encode(seed, forKey: .seed)
            try c.encode(maxFlips, forKey: .maxFlips)
            try c.encode(players, forKey: .players)
        case .flip(let player, let card):
            try c.encode("flip", forKey: .kind)
            try c.encode(player, forKey: .player)
            try c.encode(card, forKey: .card)
        case .snap(let player, let snappers, let valid):
            try c.encode("snap", forKey: .kind)
            try c.encode(player, forKey: .player)
            try c.encode(snappers, forKey: .snappers)
            try c.encode(valid, forKey: .valid)
        case .away(let player):
            try c.encode("away", forKey: .kind)
            try c.encode(player, forKey: .player)
        case .back(let player):
            try c.encode("back", forKey: .kind)
            try c.encode(player, forKey: .player)
        case .leave(let player):
            try c.encode("leave", forKey: .kind)
            try c.encode(player, forKey: .player)
        case .skip(let player):
            try c.encode("skip", forKey: .kind)
            try c.encode(player, forKey: .player)
        case .end(let outcome, let flips, let cards, let removed):
            try c.encode("end", forKey: .kind)
            try c.encode(outcome.winners, forKey: .winners)
            try c.encode(outcome.ended, forKey: .ended)
            try c.encode(flips, forKey: .flips)
            try c.encode(cards, forKey: .cards)
            try c.encode(removed, forKey: .removed)
        }
    }
}
