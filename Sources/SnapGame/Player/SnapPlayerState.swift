import GameRuntime
import Vocabulary

/// What a player's device knows of Snap!: the latest table, whether the host paused and, once it
/// came, the end. Pure. A player stays from game to game: the next deal starts it afresh.
public struct SnapPlayerState: PlayerModel, Hashable {
    /// The latest table.
    public private(set) var table: TableState?
    /// The end of the game, once it came (until the next deal).
    public private(set) var final: SnapFinal?
    /// The host paused the game.
    public private(set) var paused = false

    /// Nothing seen yet.
    public init() {}

    /// The game is over (its result came).
    public var isOver: Bool { final != nil }

    public mutating func received(_ message: SnapServerMessage, at receivedAt: Int64, hostClock: ClockEstimate?) {
        switch message {
        case .table(let table):
            if table.event.type == "deal" { (final, paused) = (nil, false) }
            self.table = table
        case .gameOver(let final):
            (self.final, paused) = (final, false)
        case .pause(let status):
            paused = status.paused
        case .lobby, .refused:
            break
        }
    }
}
