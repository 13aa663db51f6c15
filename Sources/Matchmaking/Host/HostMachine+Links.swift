import NIOCore

extension HostMachine {
    /// A link opened at `now` (an accepted TCP connection, an RFCOMM connection, a local link).
    /// The host speaks first: `serverHello` with `nonce` (fresh random bytes for the join-code
    /// proof). `token` is fresh random bytes too (at least 16), the resume token of the seat this
    /// link may get; it is never sent before the welcome. Past the pending-handshake cap, or once
    /// stopped, the link is closed at once. `datagramKey` is 32 fresh random bytes for a
    /// version 3 player's datagrams (empty: this link's player gets no UDP path).
    /// `channelBinding` is what the join-code proof is bound to on this link: the SHA-256 of the
    /// host's certificate on a TLS link, empty on a plain one (``JoinProof``).
    public mutating func linkOpened(
        _ id: LinkID, _ link: Link, nonce: [UInt8], token: [UInt8], datagramKey: [UInt8] = [],
        channelBinding: [UInt8] = [], now: NIODeadline
    ) -> HostResult<Link> {
        var result = HostResult<Link>()
        guard phase != .stopped else {
            result.writes.append(.close(link, farewell: .deny(Deny(reason: .inProgress, detail: "the host is shutting down"))))
            return result
        }
        guard pending < configuration.maxPendingHandshakes, links[id] == nil else {
            let (log, suppressed) = refusalLog.occurred(now: now)
            if log { result.notes.append(.refusedPending(limit: configuration.maxPendingHandshakes, suppressed: suppressed)) }
            result.writes.append(.close(link, farewell: nil))
            return result
        }
        links[id] = LinkEntry(link: link, stage: .awaitingHello(since: now, nonce: nonce, token: token), datagramKey: datagramKey,
            channelBinding: channelBinding)
        pending += 1
        result.send(.serverHello(ServerHello(
            versions: configuration.supportedVersions, serverId: configuration.serverID, name: name, game: configuration.game,
            nonce: Base64.encode(nonce), joinCodeRequired: configuration.joinCode != nil, players: seats.count,
            capacity: configuration.capacity, maxFrame: configuration.maxFrame)), to: link)
        return result
    }

    /// A frame arrived on a link at `now`, decoded, or what was wrong with it.
    public mutating func received(_ frame: Result<WireMessage, ProtocolViolation>, on id: LinkID, now: NIODeadline) -> HostResult<Link> {
        guard let entry = links[id] else { return HostResult() }
        switch (entry.stage, frame) {
        case (.closing, _):
            return HostResult()
        case (.awaitingHello(_, let nonce, let token), .success(.clientHello(let hello))):
            return helloReceived(hello, nonce: nonce, binding: entry.channelBinding, token: token, on: id, now: now)
        case (.awaitingHello, .success(let message)):
            return violation(.unexpectedMessage(type: message.typeName, state: "awaiting clientHello"), on: id, now: now)
        case (.admitted(let peer), .success(let message)):
            seats.heard(from: peer, at: now)
            return received(message, from: peer, on: id, now: now)
        case (_, .failure(let violation)):
            return self.violation(violation, on: id, now: now)
        }
    }

    /// The link closed (the peer went, or we closed it): its entry goes; a player it carried
    /// is away (its seat kept for the resume grace) or, without a resume token, leaves with
    /// `connectionDropped`.
    public mutating func linkClosed(_ id: LinkID, now: NIODeadline) -> HostResult<Link> {
        guard let entry = links.removeValue(forKey: id) else { return HostResult() }
        var result = HostResult<Link>()
        switch entry.stage {
        case .awaitingHello:
            pending -= 1
            result.notes.append(.closing(entry.link, reason: "connection closed before admission", routine: true))
        case .admitted(let peer):
            result.notes.append(.closing(entry.link, reason: "connection closed without bye", routine: false))
            release(peer, reason: .connectionDropped, now: now, into: &result)
        case .closing:
            break
        }
        return result
    }

    /// The peer stopped reading: its send buffer passed the high-water mark. Holding more would
    /// let one stuck client grow the host's memory without bound, so it is closed.
    public mutating func sendBufferFull(_ id: LinkID, now: NIODeadline) -> HostResult<Link> {
        close(id, farewell: nil, leaving: .connectionDropped, reason: "client not reading (send buffer full)", now: now)
    }

    // MARK: Closing

    /// A peer broke the protocol: before admission it is denied `badHello`; once admitted it is
    /// told `bye protocolError` and leaves with that reason. Only that link is affected.
    mutating func violation(_ violation: ProtocolViolation, on id: LinkID, now: NIODeadline) -> HostResult<Link> {
        guard let entry = links[id] else { return HostResult() }
        switch entry.stage {
        case .awaitingHello:
            return close(id, farewell: .deny(Deny(reason: .badHello, detail: violation.description)), leaving: nil,
                         reason: violation.description, now: now)
        case .admitted:
            return close(id, farewell: .bye(Bye(reason: .protocolError, detail: violation.description)), leaving: .protocolError,
                         reason: violation.description, now: now)
        case .closing:
            return HostResult()
        }
    }

    /// Closes a link after `farewell`; the player it carried (if any) leaves with `leaving`.
    mutating func close(
        _ id: LinkID, farewell: WireMessage?, leaving: ByeReason?, reason: String, now: NIODeadline
    ) -> HostResult<Link> {
        var result = HostResult<Link>()
        close(id, farewell: farewell, leaving: leaving, reason: reason, now: now, into: &result)
        return result
    }

    mutating func close(
        _ id: LinkID, farewell: WireMessage?, leaving: ByeReason?, reason: String, now: NIODeadline, into result: inout HostResult<Link>
    ) {
        guard let entry = links[id] else { return }
        switch entry.stage {
        case .closing:
            return
        case .awaitingHello:
            pending -= 1
        case .admitted(let peer):
            release(peer, reason: leaving ?? .connectionDropped, now: now, into: &result)
        }
        links[id]?.stage = .closing
        result.notes.append(.closing(entry.link, reason: reason, routine: false))
        result.writes.append(.close(entry.link, farewell: farewell))
    }

    /// A player leaves: its slot and name are free at once, and everyone is told (in the next
    /// roster batch).
    mutating func leave(_ id: PeerID, reason: ByeReason, now: NIODeadline, into result: inout HostResult<Link>) {
        let listed = seats.isListed(id)
        guard let seat = seats.leave(id) else { return }
        if let due = roster.add(.left(Left(peer: seat.peer, reason: reason)), listed: listed, now: now, batch: configuration.rosterBatch) {
            result.wake = due
        }
        result.inputs.append(.left(seat.peer, reason))
        result.notes.append(.left(seat.peer, reason))
        result.status = status
    }
}

extension ServerConfiguration {
    /// Protocol versions the host speaks.
    var supportedVersions: [Int] { WireCodec.supportedVersions }
}
