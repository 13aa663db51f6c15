import NIOCore

extension HostMachine {
    /// A game started: without late joiners, new players are denied `inProgress` until it ends.
    public mutating func gameStarted(lateJoinersAllowed: Bool) -> HostResult<Link> {
        guard phase != .stopped else { return HostResult() }
        phase = .playing(lateJoinersAllowed: lateJoinersAllowed)
        var result = HostResult<Link>()
        result.status = status
        return result
    }

    /// The game ended: players are admitted again.
    public mutating func gameEnded() -> HostResult<Link> {
        guard case .playing = phase else { return HostResult() }
        phase = .open
        var result = HostResult<Link>()
        result.status = status
        return result
    }

    /// The host is known by another name from now on (a DNS-SD collision renamed it).
    public mutating func rename(to name: String) -> HostResult<Link> {
        self.name = name
        var result = HostResult<Link>()
        result.status = status
        return result
    }

    /// The host shuts down: every player is told `bye serverQuit`, every link still shaking hands
    /// `deny inProgress`; all are closed, and nothing is admitted any more.
    public mutating func stop(now: NIODeadline) -> HostResult<Link> {
        guard phase != .stopped else { return HostResult() }
        phase = .stopped
        var result = HostResult<Link>()
        for id in links.keys.sorted() {
            switch links[id]?.stage {
            case .awaitingHello:
                close(id, farewell: .deny(Deny(reason: .inProgress, detail: "the host is shutting down")), leaving: nil,
                      reason: "server shutting down", now: now, into: &result)
            case .admitted:
                close(id, farewell: .bye(Bye(reason: .serverQuit, detail: nil)), leaving: .serverQuit,
                      reason: "server shutting down", now: now, into: &result)
            case .closing, nil:
                break
            }
        }
        giveUpAwaySeats(now: now, into: &result)
        _ = roster.close()  // nobody is left to tell
        result.wake = nil
        return result
    }
}
