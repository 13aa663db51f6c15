import GameRuntime
import Matchmaking
import NIOCore
import Synchronization

/// What the TV page (`/screen`) sees: the host's name, the join address and its QR code, the
/// players coming and going, and the game's messages as the host's own screen sees them. An
/// unlocked host page (`/host`, ``HostPage``) watches the same, plus the commands it can give
/// and each command's outcome (done, or refused and why); a screen never sees those.
///
/// Public messages are shown whole; private ones (an answer accepted, a refusal) as their
/// `kind` and recipients, never their content, so the TV can say *who* answered but not *what*.
/// A screen that connects late is sent enough to draw the current question, table or standings;
/// a screen that stops reading is closed (it reconnects and starts afresh). A game's real-time
/// states (Pong's court, 60 a second) go to screens latest-wins. The rules are the
/// `ScreenFeedMachine`'s; messages are JSON text on the watcher's WebSocket (docs/WEB.md).
///
/// This is the machine's runner: it holds the machine under a lock, feeds it one event, and
/// performs the actions it returns (writes and closes) with no lock held, on each channel's own
/// event loop, in the order the machine returned them (`ScreenOutbox`). It decides nothing.
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

        /// Who the host is: its name, game and cap, and the commands its host page offers.
        public init(name: String, game: GameName, capacity: Int, commands: [HostCommand] = HostCommand.plain) {
            self.name = name
            self.game = game
            self.capacity = capacity
            self.commands = commands
        }
    }

    typealias Machine = ScreenFeedMachine<WatchedChannel>

    private struct State: Sendable {
        var machine: Machine
        var outboxes: [ObjectIdentifier: ScreenOutbox] = [:]
    }

    private let state: Mutex<State>

    /// A feed for `host`; `peers` says who is present as it starts (read once: from then on the
    /// feed takes presence from the game's events, ``publish(_:)``).
    public init(host: Host, peers: @Sendable () -> [Peer]) {
        state = Mutex(State(machine: Machine(host: host, players: peers())))
    }

    /// Sets where guests join (once the web port is bound); screens connecting from now on show it.
    public func join(at address: JoinAddress) {
        let svg = { (url: String) in (try? QRCode(url).svg()) ?? "" }
        let join = ScreenFeedLines.Join(address: address, qr: (svg(address.url(forLocalScreen: true)), svg(address.url(forLocalScreen: false))))
        state.withLock { $0.machine.joinKnown(join) }
    }

    // MARK: Watchers

    /// A screen's or an unlocked host page's WebSocket opened.
    func add(_ channel: any Channel, as kind: WatcherKind) {
        let now = MonotonicClock.now()
        run { $0.watcherAdded(WatchedChannel(channel), as: kind, now: now) }
    }

    /// A screen's socket takes writes again (or no longer does): the states waiting for it are
    /// written, the newest of each key.
    func writable(_ channel: any Channel) {
        run { $0.watcherWritable(WatchedChannel(channel), isWritable: channel.isWritable) }
    }

    /// A screen's or host page's WebSocket closed.
    func remove(_ channel: any Channel) {
        state.withLock { $0.machine.watcherRemoved(WatchedChannel(channel)) }
    }

    // MARK: Running

    /// Whether a watcher's socket takes writes now (what the machine's events ask).
    static func takesWrites(_ watcher: WatchedChannel) -> Bool { watcher.channel.isWritable }

    /// Applies one event under the lock and queues its actions there (so their order is the
    /// machine's, whichever thread ran which event); performs them once the lock is released.
    func run(_ event: (inout Machine) -> [Machine.Action]) {
        let (others, own) = state.withLock { state -> ([any EventLoop], [(loop: any EventLoop, actions: [Machine.Action])]) in
            var claimed: [any EventLoop] = []
            for action in event(&state.machine) {
                let loop = action.watcher.channel.eventLoop
                let key = ObjectIdentifier(loop)
                state.outboxes[key, default: ScreenOutbox()].append(action)
                if state.outboxes[key]!.claim() { claimed.append(loop) }
            }
            // The loop this thread runs is performed right after, with no task hop (in tests,
            // every embedded loop is this thread's).
            let own = claimed.filter(\.inEventLoop).map { ($0, state.outboxes[ObjectIdentifier($0)]!.takeAll()) }
            return (claimed.filter { !$0.inEventLoop }, own)
        }
        for loop in others { loop.execute { self.drain(loop) } }
        for (loop, actions) in own {
            ScreenOutbox.perform(actions)
            drain(loop)
        }
    }

    /// Performs a loop's outbox until it is empty (on that loop; the outbox is claimed).
    private func drain(_ loop: any EventLoop) {
        let key = ObjectIdentifier(loop)
        while true {
            let actions = state.withLock { state in
                let actions = state.outboxes[key]?.takeAll() ?? []
                if actions.isEmpty { state.outboxes[key]?.release() }
                return actions
            }
            guard !actions.isEmpty else { return }
            ScreenOutbox.perform(actions)
        }
    }
}

/// A watcher's channel as the machine's handle: equal when it is the same channel.
struct WatchedChannel: Hashable, Sendable {
    let channel: any Channel

    init(_ channel: any Channel) { self.channel = channel }

    static func == (a: Self, b: Self) -> Bool { a.channel === b.channel }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(channel)) }
}
