import Matchmaking
import Synchronization

/// A player's side of Snap! on a ``PlayerSession``: keeps the latest table, passes each host
/// message on as an update, and sends flips and snaps (snaps stamped with this device's clock).
public final class SnapPlayer: Sendable {
    /// The connection.
    public let session: PlayerSession
    /// Every Snap! message from the host, in order (one consumer). Ends when ``run()`` ends.
    public let updates: AsyncStream<SnapServerMessage>
    private let sink: AsyncStream<SnapServerMessage>.Continuation
    private let latest = Mutex<(table: TableState?, final: SnapFinal?)>((nil, nil))

    /// A player on `session`.
    public init(session: PlayerSession) {
        self.session = session
        (updates, sink) = AsyncStream.makeStream(of: SnapServerMessage.self)
    }

    /// This player's id.
    public var me: PeerID { session.me.id }
    /// The latest table.
    public var table: TableState? { latest.withLock { $0.table } }
    /// The end of the game, once it came.
    public var final: SnapFinal? { latest.withLock { $0.final } }

    /// Feeds one message; false when it is not a Snap! message (the caller may handle it).
    @discardableResult
    public func receive(_ message: SessionMessage) -> Bool {
        guard message.from == .host, let snap = try? message.decode(SnapServerMessage.self) else { return false }
        latest.withLock { latest in
            switch snap {
            case .table(let table): latest.table = table
            case .gameOver(let final): latest.final = final
            case .lobby, .refused: break
            }
        }
        sink.yield(snap)
        return true
    }

    /// Reads the session's messages until it ends (use this or ``receive(_:)``), then ends ``updates``.
    @discardableResult
    public func run() async -> [SessionMessage] {
        var others: [SessionMessage] = []
        for await case .message(let message) in session.inputs where !receive(message) { others.append(message) }
        finish()
        return others
    }

    /// Ends ``updates``.
    public func finish() { sink.finish() }

    /// Whether it is this player's turn to flip.
    public var isMyTurn: Bool { table?.turn == me && final == nil }

    /// Flips (the host refuses it when it is not this player's turn).
    public func flip() { try? session.send(SnapClientMessage.flip) }

    /// Snaps now, on the table last seen (nil: no table yet, nothing sent).
    @discardableResult
    public func snap(pressedAt: Int64 = Press.now()) -> Int? {
        guard let seq = table?.seq, final == nil else { return nil }
        try? session.send(SnapClientMessage.snap(SnapPress(seq: seq, pressedAt: pressedAt)))
        return seq
    }
}
