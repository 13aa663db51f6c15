import NIOCore

extension HostMachine {
    /// Time passes: a link that has not said hello within the handshake timeout is closed; every
    /// player whose ping is due is pinged (one ping frame for all of them); a player silent past
    /// the heartbeat timeout is dropped (away, or gone with `connectionDropped`); a seat away past
    /// the resume grace is given up (`connectionDropped`); a roster batch that is due is written.
    public mutating func tick(now: NIODeadline) -> HostResult<Link> {
        var result = HostResult<Link>()
        let timeout = configuration.handshakeTimeout
        for (id, entry) in links {
            guard case .awaitingHello(let since, _, _) = entry.stage, now - since > timeout else { continue }
            let seconds = Double(timeout.nanoseconds) / 1e9
            close(id, farewell: .deny(Deny(reason: .badHello, detail: "no clientHello within \(seconds) s")), leaving: nil,
                  reason: "handshake timeout", now: now, into: &result)
        }
        logDrops(now: now, into: &result)
        let due = seats.tick(now: now)
        for peer in due.graceOver {
            leave(peer, reason: .connectionDropped, now: now, into: &result)
        }
        if !due.pings.isEmpty {
            result.send(.ping(seq: pingRound), to: due.pings)
            pingRound &+= 1
        }
        for id in due.silent {
            close(id, farewell: .bye(Bye(reason: .connectionDropped, detail: "no frame within the heartbeat timeout")),
                  leaving: .connectionDropped, reason: "heartbeat timeout", now: now, into: &result)
        }
        if let rosterDue = roster.due {
            if now >= rosterDue { flushRoster(into: &result) } else { result.wake = rosterDue }
        }
        return result
    }
}
