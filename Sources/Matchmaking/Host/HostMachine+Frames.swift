import NIOCore

extension HostMachine {
    /// A frame from an admitted player.
    mutating func received(_ message: WireMessage, from peer: PeerID, on id: LinkID, now: NIODeadline) -> HostResult<Link> {
        guard let link = links[id]?.link else { return HostResult() }
        var result = HostResult<Link>()
        switch message {
        case .ping(let ping):
            result.send(.pong(Heartbeat.pong(for: ping, receivedAt: now, now: now)), to: link)
        case .pong(let pong):
            seats.pongReceived(pong, from: peer, at: now)
        case .app(let app):
            return route(app, from: peer, on: id, now: now)
        case .state(let state):
            return receivedState(state, from: peer, on: id, now: now)
        case .bye(let bye):
            // A player that says `serverQuit` (or `kicked`) means it quit: only the host may say those.
            let reason: ByeReason = bye.reason == .serverQuit || bye.reason == .kicked ? .userQuit : bye.reason
            return close(id, farewell: nil, leaving: reason, reason: "bye \(bye.reason.rawValue)", now: now)
        case .serverHello, .clientHello, .welcome, .deny, .joined, .left, .away, .back:
            return violation(.unexpectedMessage(type: message.typeName, state: "admitted"), on: id, now: now)
        }
        return result
    }

    /// Routes a player's game message: to the host's game (no `to`, `all`, or a list naming
    /// ``/Vocabulary/PeerID/host``) and to the players named (`all`: everyone but the sender). A message
    /// that would exceed the frame cap once the sender's id is added closes the sender.
    mutating func route(_ app: AppMessage, from sender: PeerID, on id: LinkID, now: NIODeadline) -> HostResult<Link> {
        guard let seat = seats[sender] else { return HostResult() }
        let toGame: Bool
        let recipients: [Link]
        switch app.to {
        case nil:
            (toGame, recipients) = (true, [])
        case .all:
            (toGame, recipients) = (true, seats.handles.compactMap { $0.key == sender ? nil : $0.value })
        case .peers(let ids):
            let unique = Set(ids)
            (toGame, recipients) = (unique.contains(.host), unique.compactMap { seats.handle(of: $0) })
        }
        var result = HostResult<Link>()
        if !recipients.isEmpty {
            let size = AppPayload.size(body: app.body.bytes.count, from: sender)
            guard size <= configuration.maxFrame else {
                return violation(.tooLargeToRelay(bytes: size, limit: configuration.maxFrame), on: id, now: now)
            }
            // Nobody hears from a player before hearing that it joined.
            if roster.isOpen(at: seat.rosterMark) { flushRoster(into: &result) }
            result.send(.app(body: app.body, from: sender), to: recipients)
        }
        if toGame {
            result.inputs.append(.message(SessionMessage(from: sender, body: app.body, senderName: seat.peer.name, receivedAt: now.microseconds)))
        }
        return result
    }

    /// The host's game sends `body` (already checked against the frame cap). A message to
    /// ``/Vocabulary/Recipients/host`` comes back to the game as if a player had sent it; ids of players
    /// not present are skipped.
    public mutating func send(_ body: RawJSON, to recipients: Recipients, now: NIODeadline) -> HostResult<Link> {
        var result = HostResult<Link>()
        let targets: [Link]
        switch recipients {
        case .all:
            targets = Array(seats.handles.values)
        case .host, .peer, .peers:
            targets = Set(recipients.named).compactMap { seats.handle(of: $0) }
        }
        result.send(.app(body: body, from: .host), to: targets)
        if recipients.named.contains(.host) {
            result.inputs.append(.message(SessionMessage(from: .host, body: body, senderName: name, receivedAt: now.microseconds)))
        }
        return result
    }

    /// Writes the open roster batch: to each player, the notes it has not been told, in one
    /// write (players admitted before the batch share one encoding). A version 1 player is
    /// written only the notes its version has (no `away`, no `back`); a version 4 player only
    /// the notes about listed players (docs/PROTOCOL.md, "Version 4").
    mutating func flushRoster(into result: inout HostResult<Link>) {
        var from: [Int: [Link]] = [:]
        var version1From: [Int: [Link]] = [:]
        var listedFrom: [Int: [Link]] = [:]
        let allSpokenByVersion1 = roster.notes.allSatisfy { $0.version1Note == $0 }
        let allListed = roster.aboutUnlisted.isEmpty
        for seat in seats.all {
            guard let link = seats.handle(of: seat.peer.id) else { continue }
            let start = roster.start(for: seat.rosterMark)
            if seat.version < WireCodec.resumeVersion, !allSpokenByVersion1 {
                version1From[start, default: []].append(link)
            } else if seat.version >= WireCodec.listedRosterVersion, !allListed {
                listedFrom[start, default: []].append(link)
            } else {
                from[start, default: []].append(link)
            }
        }
        for (start, recipients) in listedFrom.sorted(by: { $0.key < $1.key }) where start < roster.notes.count {
            let told = roster.listedNotes(from: start)
            if !told.isEmpty { result.send(.messages(told), to: recipients) }
        }
        let notes = roster.close()
        for (start, recipients) in from.sorted(by: { $0.key < $1.key }) where start < notes.count {
            result.send(.roster(notes, from: start), to: recipients)
        }
        for (start, recipients) in version1From.sorted(by: { $0.key < $1.key }) where start < notes.count {
            let spoken = notes[start...].compactMap(\.version1Note)
            if !spoken.isEmpty { result.send(.messages(spoken), to: recipients) }
        }
    }
}
