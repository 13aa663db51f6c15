import GameRuntime
import Vocabulary

/// A player's side of Snap!: ``GamePlayer`` keeps the ``SnapPlayerState``; this adds the
/// actions, flipping and snapping (snaps stamped with this device's clock).
public typealias SnapPlayer = GamePlayer<SnapPlayerState>

extension GamePlayer where Model == SnapPlayerState {
    /// The latest table.
    public var table: TableState? { model.table }
    /// The end of the game, once it came.
    public var final: SnapFinal? { model.final }
    /// Whether it is this player's turn to flip.
    public var isMyTurn: Bool { model.table?.turn == me.id && model.final == nil }

    /// Flips (the host refuses it when it is not this player's turn).
    public func flip() { send(SnapClientMessage.flip) }

    /// Snaps now, on the table last seen (nil: no table yet, nothing sent).
    @discardableResult
    public func snap(pressedAt: Int64 = MonotonicClock.now()) -> Int? {
        let model = self.model
        guard let seq = model.table?.seq, model.final == nil else { return nil }
        send(SnapClientMessage.snap(SnapPress(seq: seq, pressedAt: pressedAt)))
        return seq
    }
}
