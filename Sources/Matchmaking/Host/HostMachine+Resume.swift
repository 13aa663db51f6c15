import NIOCore

extension HostMachine {
    /// A seated player's link is gone. Dropped (`connectionDropped`: the transport closed, the
    /// heartbeat timed out, the peer stopped reading) with a resume token, in a host still
    /// running, the seat is kept: the player is away until the grace period ends, and everyone
    /// is told so. Otherwise the player leaves with `reason`.
    mutating func release(_ id: PeerID, reason: ByeReason, now: NIODeadline, into result: inout HostResult<Link>) {
        guard reason == .connectionDropped, phase != .stopped, let seat = seats[id], seat.token != nil, seat.link != nil else {
            leave(id, reason: reason, now: now, into: &result)
            return
        }
        let grace = configuration.resumeGrace
        seats.markAway(id, until: now + grace)
        let away = Away(peer: seat.peer, graceMs: Int(grace.nanoseconds / 1_000_000))
        if let due = roster.add(.away(away), listed: seats.isListed(id), now: now, batch: configuration.rosterBatch) { result.wake = due }
        result.inputs.append(.away(seat.peer))
        result.notes.append(.away(seat.peer, for: grace))
    }

    /// A hello carried the resume token of `id`'s seat: the new link takes it (same id, name and
    /// place in the game). If the old link is still open (the host has not noticed it drop), it
    /// is closed without the player leaving. The welcome lists everyone present (from version 4, the
    /// listed players) and says
    /// `resumed`; the others hear `back` when the player was away.
    mutating func resume(_ id: PeerID, version: Int, on linkID: LinkID, now: NIODeadline) -> HostResult<Link> {
        guard let entry = links[linkID], let seat = seats[id] else { return HostResult() }
        var result = HostResult<Link>()
        if let old = seat.link, let oldEntry = links[old] {
            links[old]?.stage = .closing
            result.notes.append(.closing(oldEntry.link, reason: "seat resumed on another link", routine: false))
            result.writes.append(.close(oldEntry.link, farewell: .bye(Bye(reason: .connectionDropped, detail: "resumed on another connection"))))
        }
        let wasAway = seat.awayUntil != nil
        pending -= 1
        links[linkID]?.stage = .admitted(id)
        seats.resume(
            id, version: version, on: linkID, handle: entry.link, heartbeat: Heartbeat(configuration: configuration.heartbeat, now: now),
            rosterMark: roster.markNow,
            realtime: realtimePath(version: version, key: entry.datagramKey))  // a new client: numbering from 1
        welcome(seat.peer, others: othersTold(version: version).filter { $0.id != id }, version: version, token: seat.token, resumed: true, on: entry.link, into: &result)
        if wasAway {
            if let due = roster.add(.back(Back(peer: seat.peer)), listed: seats.isListed(id), now: now, batch: configuration.rosterBatch) {
                result.wake = due
            }
            result.inputs.append(.back(seat.peer))
        }
        result.notes.append(.resumed(seat.peer, on: entry.link))
        return result
    }

    /// Everyone still away when the host stops leaves with `serverQuit` (nobody is left to tell).
    mutating func giveUpAwaySeats(now: NIODeadline, into result: inout HostResult<Link>) {
        for id in seats.awayIDs {
            leave(id, reason: .serverQuit, now: now, into: &result)
        }
    }
}
