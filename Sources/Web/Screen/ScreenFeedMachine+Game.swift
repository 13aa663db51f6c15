import GameRuntime
import Matchmaking

/// The game's events, as the feed shows them. Each takes `writable`: whether a watcher's socket
/// takes writes now.
extension ScreenFeedMachine {
    /// A player was admitted; `roster` is who is present now (as the game host keeps it).
    mutating func playerJoined(_ peer: Peer, roster: Roster, writable: (Handle) -> Bool) -> [Action] {
        self.roster = roster
        return broadcast([ScreenFeedLines.peerNotice("joined", peer, reason: nil)], writable: writable)
    }

    /// A player left (`reason`); `roster` is who is present now.
    mutating func playerLeft(_ peer: Peer, reason: ByeReason, roster: Roster, writable: (Handle) -> Bool) -> [Action] {
        self.roster = roster
        return broadcast([ScreenFeedLines.peerNotice("left", peer, reason: reason.rawValue)], writable: writable)
    }

    /// A player's link dropped; its seat is kept for a while. `roster` is who is present now.
    mutating func playerAway(_ peer: Peer, roster: Roster, writable: (Handle) -> Bool) -> [Action] {
        self.roster = roster
        return broadcast([ScreenFeedLines.peerNotice("away", peer, reason: nil)], writable: writable)
    }

    /// A player who was away is back; `roster` is who is present now.
    mutating func playerBack(_ peer: Peer, roster: Roster, writable: (Handle) -> Bool) -> [Action] {
        self.roster = roster
        return broadcast([ScreenFeedLines.peerNotice("back", peer, reason: nil)], writable: writable)
    }

    /// The game sent a message (its JSON `body`, whose `kind` is `kind`) at `now`. Public: shown
    /// whole and remembered as the latest of its kind; the private notices so far are forgotten
    /// (a late watcher needs only those since). Private: its kind and recipients, remembered
    /// until the next public message. A retell: nothing.
    mutating func messageSent(
        kind: String, body: String, visibility: MessageVisibility, now: Int64, writable: (Handle) -> Bool
    ) -> [Action] {
        switch visibility {
        case .public:
            publicByKind.removeAll { $0.kind == kind }
            publicByKind.append(Remembered(kind: kind, body: body, sentAt: now))
            notices = []
            return broadcast([ScreenFeedLines.publicMessage(body)], writable: writable)
        case .private(let recipients):
            let line = ScreenFeedLines.privateNotice(kind: kind, to: recipients.sorted())
            notices.append(line)
            return broadcast([line], writable: writable)
        case .retell:
            return []
        }
    }

    /// The game sent a real-time state (its JSON `body`) under `key`: a state is the room's
    /// (``GameEffect/state(_:key:to:)``). It is numbered (per key, from 1) and goes to every
    /// screen: written to one whose socket takes writes, else waiting as the newest of its key;
    /// the newest of each key is kept for late screens.
    mutating func stateSent(key: String, body: String, writable: (Handle) -> Bool) -> [Action] {
        let line = ScreenFeedLines.state(key: key, seq: numbers.next(for: key), body: body)
        Self.keep(line, under: key, in: &states)
        var actions: [Action] = []
        for (handle, watching) in watchers where watching.takesStates {
            Self.keep(line, under: key, in: &watchers[handle]!.waiting)
            if writable(handle), let lines = takeWaiting(of: handle) { actions.append(.write(lines, to: handle)) }
        }
        return actions
    }

    /// The host's command was done: host pages are told (for a kick, with the player removed).
    mutating func commanded(_ command: HostCommand, writable: (Handle) -> Bool) -> [Action] {
        var peer: Peer?
        if case .kick(let id) = command, roster.contains(id) { peer = Peer(id: id, name: roster.name(of: id)) }
        return broadcast([ScreenFeedLines.commanded(command, peer: peer)], hostPagesOnly: true, writable: writable)
    }

    /// One of the game's notes (the host's eyes only: an answer with its author, the correct
    /// answer to mark by): host pages are told it, a screen never. Not kept for a late page.
    mutating func noted(_ body: String, writable: (Handle) -> Bool) -> [Action] {
        broadcast([ScreenFeedLines.note(body)], hostPagesOnly: true, writable: writable)
    }

    /// The host's command was refused: host pages are told why.
    mutating func refused(_ refusal: CommandRefusal, writable: (Handle) -> Bool) -> [Action] {
        broadcast([ScreenFeedLines.refused(refusal)], hostPagesOnly: true, writable: writable)
    }

    /// Replaces the line of `key` (keeping its place), or appends it.
    private static func keep(_ line: String, under key: String, in lines: inout [(key: String, line: String)]) {
        if let index = lines.firstIndex(where: { $0.key == key }) {
            lines[index].line = line
        } else {
            lines.append((key, line))
        }
    }
}
