import GameRuntime

/// One card of the standard 52-card deck. Its `id` (0-51) is `suit * 13 + rank - 1`.
public struct Card: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// 0...51.
    public let id: Int

    /// A card by id (0...51).
    public init(id: Int) {
        precondition((0..<52).contains(id), "a card id is 0...51")
        self.id = id
    }

    /// A card by rank (1 = ace ... 13 = king) and suit (0...3: clubs, diamonds, hearts, spades).
    public init(rank: Int, suit: Int) { self.init(id: suit * 13 + rank - 1) }

    /// 1 (ace) ... 13 (king): what a snap compares.
    public var rank: Int { id % 13 + 1 }
    /// 0 clubs, 1 diamonds, 2 hearts, 3 spades.
    public var suit: Int { id / 13 }

    /// `A`, `2`...`10`, `J`, `Q`, `K` followed by `c`, `d`, `h`, `s`: `10h`, `Qs`.
    public var description: String {
        let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        return ranks[rank - 1] + ["c", "d", "h", "s"][suit]
    }

    /// The 52 cards in id order.
    public static let deck: [Card] = (0..<52).map(Card.init(id:))

    public static func < (lhs: Card, rhs: Card) -> Bool { lhs.id < rhs.id }

    public init(from decoder: any Decoder) throws {
        let id = try decoder.singleValueContainer().decode(Int.self)
        guard (0..<52).contains(id) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "card id \(id) is not 0...51"))
        }
        self.id = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }
}

extension Card {
    /// A deck shuffled with `seed` (Fisher-Yates with ``SplitMix64``, so the order depends only
    /// on the seed: a game can be replayed).
    public static func shuffledDeck(seed: UInt64) -> [Card] {
        var rng = SplitMix64(seed: seed)
        var cards = Card.deck
        var index = cards.count - 1
        while index > 0 {
            let other = Int(rng.next() % UInt64(index + 1))
            cards.swapAt(index, other)
            index -= 1
        }
        return cards
    }
}
