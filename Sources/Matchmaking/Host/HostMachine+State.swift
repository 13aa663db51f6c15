import FoundationEssentials
import NIOCore

/// The real-time channel on the host (version 3): states go to each player over UDP while its
/// path works both ways, else over its link (coalesced by the runner: only the newest unsent
/// state per key is written); states from players, by either way, reach the game only when newer
/// than any before (``LatestWins``). The host is the authority: it simulates, players send
/// intents.
extension HostMachine {
    /// The runner bound the host's UDP port: version 3 players admitted from now on are offered it.
    public mutating func datagramsOpened(port: Int) { datagramPort = port }

    /// The real-time path of a seat admitted at `version` on a link given `key`.
    func realtimePath(version: Int, key: [UInt8]) -> DatagramPath<SocketAddress>? {
        guard version >= WireCodec.realtimeVersion else { return nil }
        let usable = datagramPort != nil && key.count == 32
        return DatagramPath(key: usable ? key : nil)
    }

    /// What a player's welcome offers for datagrams (nil: nothing, states go over its link).
    func datagramOffer(for peer: PeerID) -> DatagramOffer? {
        guard let port = datagramPort, let key = seats[peer]?.realtime?.key else { return nil }
        return DatagramOffer(port: port, key: Base64.encode(key))
    }

    /// The host's game sends a state (body checked against the datagram size by the caller):
    /// numbered once, then to each version 3 player present by the way that works now. A
    /// state to ``/Vocabulary/PeerID/host`` comes back to the game; players below version 3 get nothing.
    public mutating func sendState(_ body: RawJSON, key: String, to recipients: Recipients, now: NIODeadline) -> HostResult<Link> {
        var result = HostResult<Link>()
        let seq = stateNumbers.next(for: key)
        let ids: [PeerID] = recipients == .all ? seats.ids : Array(Set(recipients.named))
        var overLinks: [Link] = []
        for id in ids {
            guard let link = seats.handle(of: id), var path = seats[id]?.realtime else { continue }
            if path.usesDatagrams(now: now), let address = path.address,
               let bytes = path.seal(.state, from: .host, seq: seq, key: key, body: Array(body.bytes), now: now) {
                result.writes.append(.datagram(bytes, to: address))
                seats.storePath(path, of: id)
            } else {
                overLinks.append(link)
            }
        }
        result.send(.state(StateMessage(from: .host, key: key, seq: seq, body: body)), to: overLinks)
        if recipients.named.contains(.host) {
            result.inputs.append(.message(SessionMessage(from: .host, body: body, senderName: name, receivedAt: now.microseconds, key: key)))
        }
        return result
    }

    /// A player's state over its link: for the game when it is newer than any before.
    mutating func receivedState(_ state: StateMessage, from peer: PeerID, on id: LinkID, now: NIODeadline) -> HostResult<Link> {
        guard let seat = seats[peer], seat.realtime != nil else {
            return violation(.unexpectedMessage(type: "state", state: "a version below 3"), on: id, now: now)
        }
        guard StateMessage.isValid(key: state.key) else {
            return violation(.malformedMessage("state key must be 1 to \(StateMessage.maxKeyBytes) bytes"), on: id, now: now)
        }
        var result = HostResult<Link>()
        if seats.withPath(of: peer, { $0.accept(key: state.key, seq: state.seq) }) == true {
            result.inputs.append(.message(SessionMessage(
                from: peer, body: state.body, senderName: seat.peer.name, receivedAt: now.microseconds, key: state.key)))
        }
        return result
    }

    /// A UDP datagram from `address`: checked against its claimed sender's key and freshness. A
    /// probe is answered (so the player learns its datagrams get through); a newer state goes to
    /// the game. Anything else is dropped and counted (``Datagram/Drop``), never answered.
    public mutating func receivedDatagram(_ bytes: [UInt8], from address: SocketAddress, now: NIODeadline) -> HostResult<Link> {
        var result = HostResult<Link>()
        let sender: PeerID
        switch Datagram.claimedSender(bytes) {
        case .failure(let drop): return dropped(drop, now: now)
        case .success(let claimed): sender = claimed
        }
        guard var path = seats[sender]?.realtime, seats[sender]?.link != nil else {
            let departed = seats.hasIssued(sender) && seats[sender]?.link == nil
            return dropped(departed ? .departedSender : .unknownSender, now: now)
        }
        let datagram: Datagram
        switch path.open(bytes, from: address, expecting: sender, now: now) {
        case .failure(let drop): return dropped(drop, now: now)
        case .success(let opened): datagram = opened
        }
        switch datagram.kind {
        case .probe:
            if let answer = path.seal(.probe, from: .host, now: now) { result.writes.append(.datagram(answer, to: address)) }
        case .state:
            seats.storePath(path, of: sender)
            guard let body = try? RawJSON(parsing: Data(datagram.body)) else { return dropped(.malformed, now: now) }
            result.inputs.append(.message(SessionMessage(
                from: sender, body: body, senderName: seats[sender]?.peer.name, receivedAt: now.microseconds, key: datagram.key)))
        }
        seats.storePath(path, of: sender)
        return result
    }

    /// How often at most a `datagrams dropped` note is written (a flood keeps the log bounded).
    static var dropNoteInterval: TimeAmount { .seconds(5) }

    /// Counts a dropped datagram, and notes it now if no note was written in the last
    /// ``dropNoteInterval`` (else the tick notes it when that time has passed). A departed
    /// sender's datagram is expected: counted, never noted by itself.
    private mutating func dropped(_ drop: Datagram.Drop, now: NIODeadline) -> HostResult<Link> {
        datagramDrops[drop, default: 0] += 1
        guard drop != .departedSender else { return HostResult() }
        unloggedDrop = drop
        var result = HostResult<Link>()
        logDrops(now: now, into: &result)
        return result
    }

    /// Writes the `datagrams dropped` note (every count so far) when drops wait and it is time.
    mutating func logDrops(now: NIODeadline, into result: inout HostResult<Link>) {
        guard let latest = unloggedDrop, nextDropNote.map({ now >= $0 }) ?? true else { return }
        result.notes.append(.datagramsDropped(datagramDrops, latest: latest))
        unloggedDrop = nil
        nextDropNote = now + Self.dropNoteInterval
    }
}
