import NIOCore

/// The `joined` and `left` notes not yet written, collected for ``ServerConfiguration/rosterBatch``
/// and then written to every player in one write each.
///
/// Each player remembers where it stands in the batch (its ``Mark``): a player admitted while a
/// batch is open already had everything before it in its `welcome`, so it is written only the
/// notes after its own admission. The batch is also written early when a newly admitted player's
/// message is relayed, so that nobody hears from a player before hearing it joined.
struct RosterBatch: Sendable {
    /// Where a player stands: in batch `generation`, it knows the notes before `index`.
    struct Mark: Hashable, Sendable {
        var generation: UInt64
        var index: Int
    }

    /// The notes of the open batch, in order.
    private(set) var notes: [WireMessage] = []
    /// The indices in ``notes`` of the notes about players who are not listed, which version 4
    /// players are not told (empty in a room that never had more than the listed players).
    private(set) var aboutUnlisted: Set<Int> = []
    /// Numbers the batches; a mark of an older generation knows nothing of the open batch.
    private(set) var generation: UInt64 = 0
    /// When the open batch is to be written.
    private(set) var due: NIODeadline?

    /// The mark of a player admitted now.
    var markNow: Mark { Mark(generation: generation, index: notes.count) }

    /// Whether a note added to this batch is still unwritten at `mark` (a player admitted in the
    /// open batch has its own `joined` in it).
    func isOpen(at mark: Mark) -> Bool { mark.generation == generation && !notes.isEmpty }

    /// Adds a note about a player, `listed` or not; returns the time the batch is due when this
    /// note opened it.
    mutating func add(_ note: WireMessage, listed: Bool, now: NIODeadline, batch: TimeAmount) -> NIODeadline? {
        if !listed { aboutUnlisted.insert(notes.count) }
        notes.append(note)
        guard due == nil else { return nil }
        due = now + batch
        return due
    }

    /// The index from which a player with `mark` must be told the open batch.
    func start(for mark: Mark) -> Int { mark.generation == generation ? mark.index : 0 }

    /// The notes from `start` a version 4 player is told: those about listed players.
    func listedNotes(from start: Int) -> [WireMessage] {
        notes.indices[start...].compactMap { aboutUnlisted.contains($0) ? nil : notes[$0] }
    }

    /// Closes the batch: returns its notes; every mark now knows them.
    mutating func close() -> [WireMessage] {
        defer {
            notes = []
            aboutUnlisted = []
            generation += 1
            due = nil
        }
        return notes
    }
}

extension WireMessage {
    /// This roster note as a version 1 player is told it: `joined` and `left` as they are, but a
    /// `left` for a kick as `userQuit` (version 1 has no `kicked`); nil for the notes version 1
    /// does not have (`away`, `back`).
    var version1Note: WireMessage? {
        switch self {
        case .away, .back: nil
        case .left(let left) where left.reason == .kicked: .left(Left(peer: left.peer, reason: .userQuit))
        default: self
        }
    }
}
