import FoundationEssentials
import GameRuntime
import Matchmaking
import NIOCore
import NIOWebSocket
import Synchronization

/// What the TV page (`/screen`) sees: the host's name, the join address and its QR code, the
/// players coming and going, and the game's messages as the host's own screen sees them. An
/// unlocked host page (`/host`, ``HostPage``) watches the same, plus the commands it can give
/// and each command's outcome (done, or refused and why); a screen never sees those.
///
/// The rule for privacy is generic: a message the game sends to every player present is shown
/// whole; one sent to some players only (an answer accepted, a refusal) is shown as its `kind`
/// and recipients, never its content, so the TV can say *who* answered but not *what*.
///
/// A message sent while nobody is present (a lobby counting down to a scheduled start) is to
/// everyone present too, so it is public.
///
/// A screen that connects late is sent the hello, then the last public message of each kind in
/// the order they were sent (each with `ageMs`, how long ago it was sent, so that a countdown in
/// it is counted from then), then the private notices since the last public one: enough to draw
/// the current question, table or standings. A screen that stops reading is closed (it
/// reconnects and starts afresh). Messages are JSON text on the screen's WebSocket (docs/WEB.md).
///
/// A game's real-time states (``GameHostEvent/stateSent(_:key:to:)``: Pong's court, 60 a second)
/// go to screens (not host pages) latest-wins: each screen is sent only the newest state of each
/// key, never a backlog. While its socket takes no writes, only the newest waiting state per key
/// is kept and written when it does (``writable(_:)``); a screen that connects late is sent the
/// newest of each key at once.
public final class ScreenFeed: Sendable {
    /// Who the host is, for the hello.
    public struct Host: Sendable {
        /// The host's display name.
        public var name: String
        /// The game it runs.
        public var game: GameName
        /// The most players admitted.
        public var capacity: Int
        /// The commands a host page offers as buttons (kick is offered by each player).
        public var commands: [HostCommand]

        public init(name: String, game: GameName, capacity: Int, commands: [HostCommand] = HostCommand.plain) {
            self.name = name
            self.game = game
            self.capacity = capacity
            self.commands = commands
        }
    }

    /// Who watches.
    enum Watcher: Hashable, Sendable {
        /// A TV page; `local`: on this machine (its hello carries the join code).
        case screen(local: Bool)
        /// An unlocked host page.
        case hostPage
    }

    /// Where to join, and its QR codes (for a screen on this machine, and for others).
    private struct Join {
        var address: JoinAddress
        var qr: (local: String, remote: String)
    }

    /// One open screen or host page.
    private struct Watching {
        var channel: any Channel
        var watcher: Watcher
        /// Real-time states not yet written (its socket took no writes): the newest per key.
        var waiting: [String: String] = [:]
        /// Whether it is sent real-time states (screens are; host pages are not).
        var takesStates: Bool { if case .screen = watcher { true } else { false } }
    }

    private struct State: @unchecked Sendable {  // channels are used only under the lock
        var watchers: [ObjectIdentifier: Watching] = [:]
        var present: [PeerID: Peer]?
        /// Players whose link dropped and whose seat is kept.
        var away: Set<PeerID> = []
        /// Last public message of each kind (its body's JSON, and when it was sent: ``MonotonicClock/now()``), in order of sending.
        var publicByKind: [(kind: String, body: String, sentAt: Int64)] = []
        /// Private notices since the last public message.
        var notices: [String] = []
        /// The newest real-time state of each key (its message's JSON), in order of first sending.
        var states: [(key: String, json: String)] = []
        /// The feed's own numbering of the states it sends, per key (from 1).
        var numbers = StateNumbers()
        var join: Join?
    }

    private let host: Host
    private let peers: @Sendable () -> [Peer]
    private let state = Mutex(State())

    /// A feed for `host`; `peers` reads who is present (for a screen's hello).
    public init(host: Host, peers: @escaping @Sendable () -> [Peer]) {
        self.host = host
        self.peers = peers
    }

    /// Sets where guests join (once the web port is bound); screens connecting from now on show it.
    public func join(at address: JoinAddress) {
        let svg = { (url: String) in (try? QRCode(url).svg()) ?? "" }
        let join = Join(address: address, qr: (svg(address.url(forLocalScreen: true)), svg(address.url(forLocalScreen: false))))
        state.withLock { $0.join = join }
    }

    // MARK: Screens

    /// A screen's or an unlocked host page's WebSocket opened.
    func add(_ channel: any Channel, as watcher: Watcher) {
        state.withLock { state in
            let watching = Watching(channel: channel, watcher: watcher)
            state.watchers[ObjectIdentifier(channel)] = watching
            let present = state.present.map { Array($0.values) } ?? peers()
            let local = watcher == .screen(local: true)
            let hello = Hello(
                type: "hello", host: host.name, game: host.game.rawValue, capacity: host.capacity,
                url: state.join?.address.url(forLocalScreen: local) ?? "",
                qr: watcher == .hostPage ? "" : (local ? state.join?.qr.local : state.join?.qr.remote) ?? "",
                players: present.sorted { $0.id < $1.id }, away: state.away.sorted(),
                commands: watcher == .hostPage ? host.commands : nil)
            Self.write(Self.json(hello), to: channel)
            let now = MonotonicClock.now()
            for (_, body, sentAt) in state.publicByKind {
                Self.write(#"{"type":"sent","to":"all","ageMs":\#(max(0, now - sentAt) / 1000),"body":\#(body)}"#, to: channel)
            }
            for notice in state.notices { Self.write(notice, to: channel) }
            if watching.takesStates {
                for (_, json) in state.states { Self.write(json, to: channel) }
            }
        }
    }

    /// A screen's socket takes writes again (or no longer does): the states waiting for it are
    /// written, the newest of each key.
    func writable(_ channel: any Channel) {
        state.withLock { state in
            let key = ObjectIdentifier(channel)
            guard var watching = state.watchers[key], !watching.waiting.isEmpty, channel.isWritable else { return }
            Self.flush(&watching)
            state.watchers[key] = watching
        }
    }

    /// A screen's or host page's WebSocket closed.
    func remove(_ channel: any Channel) {
        state.withLock { _ = $0.watchers.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    // MARK: Events

    /// Shows one of the game host's events (pass it from the ``GameHost`` observer).
    public func publish<Table: GameTable>(_ event: GameHostEvent<Table>) {
        switch event {
        case .joined(let peer, _):
            update { state in
                state.present?[peer.id] = peer
                return [Self.json(PeerNotice(type: "joined", peer: peer, reason: nil))]
            }
        case .left(let peer, let reason, _):
            update { state in
                state.present?[peer.id] = nil
                state.away.remove(peer.id)
                return [Self.json(PeerNotice(type: "left", peer: peer, reason: reason.rawValue))]
            }
        case .away(let peer):
            update { state in
                state.away.insert(peer.id)
                return [Self.json(PeerNotice(type: "away", peer: peer, reason: nil))]
            }
        case .back(let peer):
            update { state in
                state.away.remove(peer.id)
                return [Self.json(PeerNotice(type: "back", peer: peer, reason: nil))]
            }
        case .sent(let message, let recipients):
            guard let body = try? JSONEncoder().encode(message) else { return }
            let text = String(decoding: body, as: UTF8.self)
            let kind = (try? JSONDecoder().decode(KindOnly.self, from: body))?.kind ?? "?"
            update { state in
                let everyone = Set(state.present!.keys)
                if Set(recipients) == everyone {
                    let json = #"{"type":"sent","to":"all","body":\#(text)}"#
                    state.publicByKind.removeAll { $0.kind == kind }
                    state.publicByKind.append((kind, text, MonotonicClock.now()))
                    state.notices = []
                    return [json]
                }
                let json = Self.json(PrivateNotice(type: "sent", to: recipients.sorted(), kind: kind))
                state.notices.append(json)
                return [json]
            }
        case .commanded(let command):
            update(hostPagesOnly: true) { state in
                var peer: Peer?
                if case .kick(let id) = command { peer = state.present?[id] }
                return [Self.json(Commanded(type: "commanded", command: command, peer: peer))]
            }
        case .refused(let refusal):
            update(hostPagesOnly: true) { _ in
                [Self.json(Refused(type: "refused", command: refusal.command, reason: refusal.reason.name, text: refusal.description))]
            }
        case .stateSent(let message, let key, let recipients):
            guard let body = try? JSONEncoder().encode(message), let keyJSON = try? JSONEncoder().encode(key) else { return }
            sendState(key: key, keyJSON: String(decoding: keyJSON, as: UTF8.self), body: String(decoding: body, as: UTF8.self), to: recipients)
        case .chat, .note, .sendFailed, .retold:
            break
        }
    }

    /// A real-time state to every screen: written now to a screen whose socket takes writes,
    /// else kept as its newest waiting state of `key` (an older waiting one is dropped). A state
    /// sent to some players only is theirs, as a message would be: screens never see it.
    private func sendState(key: String, keyJSON: String, body: String, to recipients: [PeerID]) {
        state.withLock { state in
            if state.present == nil { state.present = Dictionary(peers().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }) }
            guard Set(recipients) == Set(state.present!.keys) else { return }
            let seq = state.numbers.next(for: key)
            let json = #"{"type":"state","key":\#(keyJSON),"seq":\#(seq),"body":\#(body)}"#
            if let index = state.states.firstIndex(where: { $0.key == key }) {
                state.states[index].json = json
            } else {
                state.states.append((key, json))
            }
            for (id, var watching) in state.watchers where watching.takesStates {
                watching.waiting[key] = json
                if watching.channel.isWritable { Self.flush(&watching) }
                state.watchers[id] = watching
            }
        }
    }

    /// Writes a watcher's waiting states (the newest of each key).
    private static func flush(_ watching: inout Watching) {
        for json in watching.waiting.values { write(json, to: watching.channel) }
        watching.waiting = [:]
    }

    /// Applies a change under the lock and sends what it returns to every screen and host page
    /// (to host pages only: the commands' outcomes).
    private func update(hostPagesOnly: Bool = false, _ change: (inout State) -> [String]) {
        state.withLock { state in
            if state.present == nil { state.present = Dictionary(peers().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }) }
            let lines = change(&state)
            for (key, var screen) in state.watchers where !hostPagesOnly || screen.watcher == .hostPage {
                guard screen.channel.isWritable else {  // not reading: it starts afresh when it reconnects
                    screen.channel.close(promise: nil)
                    state.watchers[key] = nil
                    continue
                }
                if !screen.waiting.isEmpty {  // the states sent before these lines go first
                    Self.flush(&screen)
                    state.watchers[key] = screen
                }
                for line in lines { Self.write(line, to: screen.channel) }
            }
        }
    }

    private static func write(_ json: String, to channel: any Channel) {
        let frame = WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: json))
        channel.writeAndFlush(frame, promise: nil)
    }

    private static func json<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // the same bytes every time
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private struct Hello: Encodable {
        let type: String, host: String, game: String, capacity: Int, url: String, qr: String
        let players: [Peer]
        let away: [PeerID]
        /// For a host page: the commands it offers.
        let commands: [HostCommand]?
    }

    /// A host command done (its effects follow); for a kick, the player removed.
    private struct Commanded: Encodable {
        let type: String, command: HostCommand, peer: Peer?
    }

    /// A host command refused, and the sentence saying why.
    private struct Refused: Encodable {
        let type: String, command: HostCommand, reason: String, text: String
    }

    private struct PeerNotice: Encodable {
        let type: String, peer: Peer, reason: String?
    }

    private struct PrivateNotice: Encodable {
        let type: String, to: [PeerID], kind: String
    }

    private struct KindOnly: Decodable { let kind: String? }
}
