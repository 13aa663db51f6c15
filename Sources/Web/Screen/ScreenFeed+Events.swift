import FoundationEssentials
import GameRuntime
import Matchmaking

/// The game host's events, turned into the machine's: the edge between the game and the feed.
extension ScreenFeed {
    /// Shows one of the game host's events (pass it from the ``GameHost`` observer). Messages are
    /// encoded here, before the lock is taken.
    public func publish<Table: GameTable>(_ event: GameHostEvent<Table>) {
        let writable = Self.takesWrites
        switch event {
        case .joined(let peer, let roster):
            run { $0.playerJoined(peer, roster: roster, writable: writable) }
        case .left(let peer, let reason, let roster):
            run { $0.playerLeft(peer, reason: reason, roster: roster, writable: writable) }
        case .away(let peer, let roster):
            run { $0.playerAway(peer, roster: roster, writable: writable) }
        case .back(let peer, let roster):
            run { $0.playerBack(peer, roster: roster, writable: writable) }
        case .announced(let message, _):
            guard let (kind, body) = Self.encode(message) else { return }
            let now = MonotonicClock.now()
            run { $0.messageSent(kind: kind, body: body, visibility: .public, now: now, writable: writable) }
        case .sent(let message, let recipients):
            guard let (kind, body) = Self.encode(message) else { return }
            let now = MonotonicClock.now()
            run { $0.messageSent(kind: kind, body: body, visibility: .private(to: recipients), now: now, writable: writable) }
        case .retold(let message, let recipients):
            guard let (kind, body) = Self.encode(message) else { return }
            let now = MonotonicClock.now()
            run { $0.messageSent(kind: kind, body: body, visibility: .retell(to: recipients), now: now, writable: writable) }
        case .stateSent(let message, let key, _):
            guard let (_, body) = Self.encode(message) else { return }
            run { $0.stateSent(key: key, body: body, writable: writable) }
        case .commanded(let command):
            run { $0.commanded(command, writable: writable) }
        case .refused(let refusal):
            run { $0.refused(refusal, writable: writable) }
        case .note(let note):
            // A game's notes are for the host's eyes: its host page sees those the game says (HostPageNote).
            guard let shown = note as? any HostPageNote, let (_, body) = Self.encode(shown) else { return }
            run { $0.noted(body, writable: writable) }
        case .chat, .sendFailed:
            break
        }
    }

    /// A game message's `kind` ("?" when it has none) and its JSON; nil when it does not encode.
    static func encode(_ message: some Encodable) -> (kind: String, body: String)? {
        guard let body = try? JSONEncoder().encode(message) else { return nil }
        let kind = (try? JSONDecoder().decode(KindOnly.self, from: body))?.kind ?? "?"
        return (kind, String(decoding: body, as: UTF8.self))
    }

    private struct KindOnly: Decodable { let kind: String? }
}
