import GameRuntime
import Matchmaking

/// Who watches the feed.
enum WatcherKind: Hashable, Sendable {
    /// A TV page; `local`: on this machine (its hello carries the join code).
    case screen(local: Bool)
    /// An unlocked host page.
    case hostPage
}

/// Who a game's message is for, as far as the feed is concerned: said by the game's effect
/// (``GameEffect/announce(_:to:)``, ``GameEffect/send(_:to:)``, ``GameEffect/retell(_:to:)``),
/// carried by its event (``GameHostEvent/announced(_:to:)`` and the rest).
enum MessageVisibility: Hashable, Sendable {
    /// For everyone present: shown whole, and remembered for watchers who come later.
    case `public`
    /// For these players only: a watcher is told its kind and recipients, never its content.
    case `private`(to: [PeerID])
    /// Sent again to these players, who missed it while away: no news to anyone else, so a
    /// watcher is told nothing.
    case retell(to: [PeerID])
}

/// The TV feed as a pure value: who watches (TV pages and unlocked host pages), what a watcher
/// that connects late must be told to draw the current state, and the real-time states each
/// screen still waits for. One mutating method per event, each returning the ``Action``s to
/// perform; no clock is read (time comes with the event, as ``MonotonicClock/now()`` microseconds), no
/// socket is touched: whether a watcher's socket takes writes is asked of `writable`, which
/// the runner answers from the socket and a test from its own model.
///
/// What the feed sends (JSON text, docs/WEB.md): the hello; `joined`, `left`, `away`, `back`;
/// a public message whole (`"to":"all"`), a private one as its kind and recipients; the newest
/// real-time state of each key (screens only); the host commands' outcomes (host pages only).
///
/// The rules:
/// - A watcher that connects is sent the hello (the players present and away, as the feed's
///   events told them), the last public message of each kind in the order sent (with `ageMs`,
///   how long ago it was sent), the private notices since the last public message, and (a
///   screen) the newest state of each key.
/// - A message or roster note goes to every watcher (a command's outcome: to host pages);
///   a watcher whose socket takes no writes then is closed instead (it reconnects afresh);
///   states waiting for a watcher are written before it.
/// - A state (always the room's) goes to every screen whose socket takes writes; for one that does not, it
///   replaces the waiting state of its key (latest wins), written when the socket takes writes
///   again. States never close a watcher. Host pages get none.
///
/// Who is present is the roster the last presence event carried (``playerJoined(_:roster:writable:)``
/// and the rest; the game host keeps it), starting from the players present when the feed was
/// made: the hello agrees with the notices that follow it. Whether a message is public is said by its
/// ``MessageVisibility``, never decided here.
///
/// `Handle` is the runner's handle for a watcher (its channel; a number in tests).
struct ScreenFeedMachine<Handle: Hashable & Sendable>: Sendable {
    /// What to do.
    enum Action: Sendable {
        /// Write these lines to the watcher, in order.
        case write([String], to: Handle)
        /// Close the watcher's socket (it took no writes; the page reconnects afresh).
        case close(Handle)
    }

    /// One watcher.
    struct Watching: Sendable {
        /// A TV page or a host page.
        let kind: WatcherKind
        /// Real-time states not yet written (its socket took no writes): the newest per key, in
        /// the order their keys first waited.
        var waiting: [(key: String, line: String)] = []
        /// Whether it is sent real-time states (screens are; host pages are not).
        var takesStates: Bool { if case .screen = kind { true } else { false } }
    }

    /// A public message remembered for late watchers.
    struct Remembered: Sendable {
        /// Its `kind`: a newer public message of the same kind replaces it.
        let kind: String
        /// Its JSON.
        let body: String
        /// When it was sent (``MonotonicClock/now()`` microseconds).
        let sentAt: Int64
    }

    /// Who the host is (for the hello).
    let host: ScreenFeed.Host
    /// Where guests join, and its QR codes, once the web port is bound.
    var join: ScreenFeedLines.Join?
    /// The watchers.
    var watchers: [Handle: Watching] = [:]
    /// Who is present and who of them is away: the roster the last presence event carried (the
    /// game host's, ``Roster``), never changed here.
    var roster: Roster
    /// The last public message of each kind, in order of sending.
    var publicByKind: [Remembered] = []
    /// The private notices since the last public message (their lines).
    var notices: [String] = []
    /// The newest public state line of each key, in order of first sending.
    var states: [(key: String, line: String)] = []
    /// The feed's own numbering of the states it sends, per key (from 1).
    var numbers = StateNumbers()

    /// A feed for `host`, with `players` present when it starts.
    init(host: ScreenFeed.Host, players: [Peer]) {
        self.host = host
        self.roster = Roster(players)
    }

    // MARK: Watchers

    /// Where guests join is known (the web port is bound): watchers from now on are told it.
    mutating func joinKnown(_ join: ScreenFeedLines.Join) { self.join = join }

    /// A watcher connected at `now`: it is sent what it needs to draw the current state.
    mutating func watcherAdded(_ handle: Handle, as kind: WatcherKind, now: Int64) -> [Action] {
        let watching = Watching(kind: kind)
        watchers[handle] = watching
        var lines = [ScreenFeedLines.hello(
            host: host, kind: kind, join: join, players: roster.peers, away: roster.away.sorted())]
        lines += publicByKind.map { ScreenFeedLines.retold($0.body, ageMs: max(0, now - $0.sentAt) / 1000) }
        lines += notices
        if watching.takesStates { lines += states.map(\.line) }
        return [.write(lines, to: handle)]
    }

    /// A watcher's socket may take writes again: when it does, the states that waited for it are
    /// written.
    mutating func watcherWritable(_ handle: Handle, isWritable: Bool) -> [Action] {
        guard isWritable, let lines = takeWaiting(of: handle) else { return [] }
        return [.write(lines, to: handle)]
    }

    /// A watcher's socket closed.
    mutating func watcherRemoved(_ handle: Handle) { watchers[handle] = nil }

    // MARK: Performing helpers

    /// The states waiting for a watcher, taken (nil: none wait).
    mutating func takeWaiting(of handle: Handle) -> [String]? {
        guard let waiting = watchers[handle]?.waiting, !waiting.isEmpty else { return nil }
        watchers[handle]?.waiting = []
        return waiting.map(\.line)
    }

    /// `lines` to every watcher (to host pages only, when `hostPagesOnly`): a watcher whose
    /// socket takes no writes is closed and forgotten instead; states waiting for one are
    /// written first.
    mutating func broadcast(_ lines: [String], hostPagesOnly: Bool = false, writable: (Handle) -> Bool) -> [Action] {
        var actions: [Action] = []
        for (handle, watching) in watchers where !hostPagesOnly || watching.kind == .hostPage {
            guard writable(handle) else {
                watchers[handle] = nil
                actions.append(.close(handle))
                continue
            }
            actions.append(.write((takeWaiting(of: handle) ?? []) + lines, to: handle))
        }
        return actions
    }
}
