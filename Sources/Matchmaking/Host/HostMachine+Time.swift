import NIOCore

extension HostMachine {
    /// Time passes: a link that has not said hello within the handshake timeout has its link
    /// checked (``HostResult/checks``: closed unless its `serverHello` is still on its way); every
    /// player whose ping is due is pinged (one ping frame for all of them); a player silent past
    /// the heartbeat timeout has its link checked (``HostResult/checks``), and one silent past the
    /// backlog limit is dropped (away, or gone with `connectionDropped`); a seat away past
    /// the resume grace is given up (`connectionDropped`); a roster batch that is due is written.
    public mutating func tick(now: NIODeadline) -> HostResult<Link> {
        var result = HostResult<Link>()
        let timeout = configuration.handshakeTimeout
        var late: [LinkID] = []
        for (id, entry) in links {
            guard case .awaitingHello(let since, _, _) = entry.stage, now - since > timeout else { continue }
            if now - since > timeout * Self.handshakeBacklogFactor {
                late.append(id)
            } else if entry.excusedUntil.map({ now >= $0 }) ?? true {
                // Past the timeout: is the serverHello still on its way? Asked again each interval.
                result.checks.append(LinkCheck(link: id, handle: entry.link))
            }
        }
        let excusedUntil = now + configuration.heartbeat.interval
        for check in result.checks { links[check.link]?.excusedUntil = excusedUntil }
        for id in late { closeSilentHandshake(id, now: now, into: &result) }
        logDrops(now: now, into: &result)
        let due = seats.tick(now: now)
        for peer in due.graceOver {
            leave(peer, reason: .connectionDropped, now: now, into: &result)
        }
        if !due.pings.isEmpty {
            result.send(.ping(seq: pingRound), to: due.pings)
            pingRound &+= 1
        }
        result.checks += due.silent.map { LinkCheck(link: $0.0, handle: $0.1) }
        for id in due.gone {
            close(id, farewell: .bye(Bye(reason: .connectionDropped, detail: "no frame within the heartbeat timeout")),
                  leaving: .connectionDropped, reason: "heartbeat timeout", now: now, into: &result)
        }
        if let rosterDue = roster.due {
            if now >= rosterDue { flushRoster(into: &result) } else { result.wake = rosterDue }
        }
        return result
    }

    /// A silent player's link was checked (``HostResult/checks``): `transport` is what its socket
    /// says, nil when it cannot say (not TCP, or closed). The silence is excused for another
    /// interval while the host's bytes are still on their way, that is while some are not yet
    /// acknowledged and the player's TCP acknowledged others within the heartbeat timeout (it is
    /// there and reading, behind the host's backlog on a crowded link); otherwise the player is
    /// dropped as silent. Each check excuses an interval; the backlog limit ends it.
    ///
    /// A link still awaiting its `clientHello` past the handshake timeout is checked the same way
    /// (is the `serverHello` still on its way?), up to 10 handshake timeouts.
    public mutating func transportChecked(_ id: LinkID, _ transport: TransportState?, now: NIODeadline) -> HostResult<Link> {
        guard let entry = links[id] else { return HostResult() }
        let heartbeat = configuration.heartbeat
        var result = HostResult<Link>()
        switch entry.stage {
        case .admitted(let peer):
            if transport?.isDelivering(within: heartbeat.timeout) == true {
                seats.excuse(peer, until: now + heartbeat.interval)
                return result
            }
            if let transport { result.notes.append(.silentTransport(entry.link, transport)) }
            close(id, farewell: .bye(Bye(reason: .connectionDropped, detail: "no frame within the heartbeat timeout")),
                  leaving: .connectionDropped, reason: "heartbeat timeout", now: now, into: &result)
        case .awaitingHello:
            if transport?.isDelivering(within: configuration.handshakeTimeout) == true {
                links[id]?.excusedUntil = now + heartbeat.interval
                return result
            }
            if let transport { result.notes.append(.silentTransport(entry.link, transport)) }
            closeSilentHandshake(id, now: now, into: &result)
        case .closing:
            break
        }
        return result
    }

    /// How many handshake timeouts a link may await its hello while its `serverHello` is still on
    /// its way (10: 30 s by default).
    static var handshakeBacklogFactor: Int64 { 10 }

    /// Closes a link that did not say hello in time (`deny badHello`; it never held a slot).
    mutating func closeSilentHandshake(_ id: LinkID, now: NIODeadline, into result: inout HostResult<Link>) {
        let seconds = Double(configuration.handshakeTimeout.nanoseconds) / 1e9
        close(id, farewell: .deny(Deny(reason: .badHello, detail: "no clientHello within \(seconds) s")), leaving: nil,
              reason: "handshake timeout", now: now, into: &result)
    }
}
