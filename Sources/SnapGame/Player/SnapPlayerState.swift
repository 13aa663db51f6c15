import GameRuntime
import Matchmaking

/// What a player's device knows of Snap!: the latest table and, once it came, the end. Pure.
public struct SnapPlayerState: PlayerModel, Hashable {
    /// The latest table.
    public private(set) var table: TableState?
    /// The end of the game, once it came.
    public private(set) var final: SnapFinal?

    /// Nothing seen yet.
    public init() {}

    /// The game is over (its result came).
    public var isOver: Bool { final != nil }

    public mutating func received(_ message: SnapServerMessage, at receivedAt: Int64, hostClock: ClockEstimate?) {
        switch message {
        case .table(let table): self.table = table
        case .gameOver(let final): self.final = final
        case .lobby, .refused: break
        }
    }
}
