import Logging
import NIOCore
import Synchronization

/// A link as the runner knows it: the channel that carries its frames, its event loop, and a
/// name for the log (an IP address and port, `rfcomm AA:BB:...`, `local`). A class: results carry
/// it to every recipient of a broadcast, and a reference is one retain to copy.
final class LinkHandle: Sendable {
    let channel: any Channel
    let loop: any EventLoop
    let label: String
    /// Real-time states waiting for the link to take them (touched on its loop only).
    let states = StateCoalescer()

    init(channel: any Channel, label: String) {
        self.channel = channel
        self.loop = channel.eventLoop
        self.label = label
    }
}

/// Runs the ``HostMachine`` for a ``MatchmakingServer``: takes its lock, feeds it one event,
/// and performs the result (frames into the per-loop ``Outbox``es, inputs and status to the game
/// and the advertisers, notes to the log). It decides nothing.
///
/// Order: everything a result asks for is queued while the lock is held, so frames reach each
/// link, and inputs reach the game, in the order of the machine's results, whichever thread ran
/// which event. Performing happens with no lock held.
final class HostRunner: Sendable {
    typealias Machine = HostMachine<LinkHandle>

    /// Sendable: the codec's encoder is used only under the lock that guards this.
    private struct State: ~Copyable, @unchecked Sendable {
        var machine: Machine
        var codec = WireCodec()
        var nextLink: UInt64 = 1
        var outboxes: [ObjectIdentifier: Outbox] = [:]
        /// Inputs, status and notes waiting to be handed on, in order; and whether someone is on it.
        var announcements: [Announcement] = []
        var isAnnouncing = false
        /// The wake-up scheduled for a roster batch.
        var wakeAt: NIODeadline?
        /// Who follows the status (the advertisers), and the number of the latest status queued.
        var watchers: [Int: StatusWatcher] = [:]
        var nextWatcher = 0
        /// Who follows the seats (``SeatChange``), each told every change from its start.
        var seatWatchers: [Int: AsyncStream<SeatChange>.Continuation] = [:]
        var statusVersion = 0
        var isStopped = false
        /// The host's UDP socket for the real-time channel, once bound.
        var datagrams: (any Channel)?
    }

    /// One follower of the status: its stream, and the number of the last status it was given
    /// (so a status queued before it started following never overwrites a newer one).
    private struct StatusWatcher: Sendable {
        let sink: AsyncStream<ServerStatus>.Continuation
        var seen: Int
    }

    private enum Announcement: Sendable {
        case input(SessionInput)
        case status(ServerStatus, version: Int)
        case note(HostNote<LinkHandle>)
    }

    let configuration: ServerConfiguration
    let logger: Logger
    /// Where ticks and wake-ups run, and whose clock (``EventLoop/now``) the machine is given:
    /// the real monotonic clock, or a test's virtual one.
    private let timers: any EventLoop
    private let state: Mutex<State>
    /// What the game hears (one consumer).
    let inputs: AsyncStream<SessionInput>
    private let inputSink: AsyncStream<SessionInput>.Continuation

    init(configuration: ServerConfiguration, timers: any EventLoop, logger: Logger) {
        self.configuration = configuration
        self.timers = timers
        self.logger = logger
        let machine = Machine(configuration: configuration)
        self.state = Mutex(State(machine: machine))
        (inputs, inputSink) = AsyncStream.makeStream(of: SessionInput.self)
    }

    // MARK: Reading the machine

    /// Reads the machine under the lock.
    func read<Value>(_ body: (borrowing Machine) -> Value) -> Value { state.withLock { body($0.machine) } }

    /// A stream of the status: the current one at once, then every change (only the latest
    /// unread one kept). Each caller gets a stream of its own; all end when the host stops.
    func statusUpdates() -> AsyncStream<ServerStatus> {
        let (stream, sink) = AsyncStream.makeStream(of: ServerStatus.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state -> Int? in
            // The current status is yielded under the lock, before any later change can be.
            sink.yield(state.machine.status)
            guard !state.isStopped else { return nil }
            let id = state.nextWatcher
            state.nextWatcher += 1
            state.watchers[id] = StatusWatcher(sink: sink, seen: state.statusVersion)
            return id
        }
        guard let id else {
            sink.finish()
            return stream
        }
        sink.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.watchers.removeValue(forKey: id) } }
        return stream
    }

    /// A stream of ``SeatChange``s from now on, in order (nothing is dropped); ends when the
    /// host stops. Each caller gets a stream of its own.
    func seatChanges() -> AsyncStream<SeatChange> {
        let (stream, sink) = AsyncStream.makeStream(of: SeatChange.self)
        let id = state.withLock { state -> Int? in
            guard !state.isStopped else { return nil }
            let id = state.nextWatcher
            state.nextWatcher += 1
            state.seatWatchers[id] = sink
            return id
        }
        guard let id else {
            sink.finish()
            return stream
        }
        sink.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.seatWatchers.removeValue(forKey: id) } }
        return stream
    }

    // MARK: Events

    /// A link opened; returns its id, for the link's later events.
    func linkOpened(_ channel: any Channel, label: String, channelBinding: [UInt8] = []) -> LinkID {
        let nonce = JoinProof.makeNonce()
        let token = JoinProof.makeNonce()  // 128 random bits of its own: the seat's resume token
        let datagramKey = JoinProof.makeNonce() + JoinProof.makeNonce()  // 256 bits: the UDP key
        return run { state in
            let id = LinkID(rawValue: state.nextLink)
            state.nextLink += 1
            let link = LinkHandle(channel: channel, label: label)
            return (id, state.machine.linkOpened(
                id, link, nonce: nonce, token: token, datagramKey: datagramKey, channelBinding: channelBinding, now: timers.now))
        }
    }

    /// The host's UDP socket is bound: players admitted from now on are offered its port.
    func datagramsOpened(_ channel: any Channel, port: Int) {
        state.withLock { state in
            state.datagrams = channel
            state.machine.datagramsOpened(port: port)
        }
    }

    /// A UDP datagram arrived.
    func receivedDatagram(_ bytes: [UInt8], from address: SocketAddress) {
        run { ((), $0.machine.receivedDatagram(bytes, from: address, now: timers.now)) }
    }

    /// The host's game sends a real-time state.
    func sendState(_ body: RawJSON, key: String, to recipients: Recipients) {
        run { ((), $0.machine.sendState(body, key: key, to: recipients, now: timers.now)) }
    }

    /// A frame arrived on a link, decoded or not, at `now`.
    func received(_ frame: Result<WireMessage, ProtocolViolation>, on id: LinkID, now: NIODeadline) {
        run { ((), $0.machine.received(frame, on: id, now: now)) }
    }

    /// A link closed.
    func linkClosed(_ id: LinkID) { run { ((), $0.machine.linkClosed(id, now: timers.now)) } }

    /// A link's peer stopped reading.
    func sendBufferFull(_ id: LinkID) { run { ((), $0.machine.sendBufferFull(id, now: timers.now)) } }

    /// Time passed.
    func tick() { run { ((), $0.machine.tick(now: timers.now)) } }

    /// The host's game sends.
    func send(_ body: RawJSON, to recipients: Recipients) { run { ((), $0.machine.send(body, to: recipients, now: timers.now)) } }

    /// The game started.
    func gameStarted(lateJoinersAllowed: Bool) { run { ((), $0.machine.gameStarted(lateJoinersAllowed: lateJoinersAllowed)) } }

    /// The game ended.
    func gameEnded() { run { ((), $0.machine.gameEnded()) } }

    /// The host has a new name.
    func rename(to name: String) { run { ((), $0.machine.rename(to: name)) } }

    /// The host removes a player (`bye kicked`).
    func kick(_ peer: PeerID) { run { ((), $0.machine.kick(peer, now: timers.now)) } }

    /// The host stops: every link is told and closed; the game's and the advertisers' streams
    /// end. Returns the channels being closed.
    func stop() -> [any Channel] {
        let closing = run { state -> ([any Channel], HostResult<LinkHandle>) in
            let result = state.machine.stop(now: timers.now)
            let channels = result.writes.compactMap { write -> (any Channel)? in
                if case .close(let link, _) = write { return link.channel }
                return nil
            }
            return (channels, result)
        }
        inputSink.finish()
        let (watchers, seatWatchers) = state.withLock { state in
            state.isStopped = true
            defer { state.watchers = [:]; state.seatWatchers = [:] }
            return (state.watchers.values.map(\.sink), Array(state.seatWatchers.values))
        }
        for watcher in watchers { watcher.finish() }
        for watcher in seatWatchers { watcher.finish() }
        return closing
    }

    // MARK: Performing

    /// Runs one event under the lock, queues its result, then performs what is queued.
    private func run<Value>(_ event: (inout State) -> (Value, HostResult<LinkHandle>)) -> Value {
        let (value, work) = state.withLock { state -> (Value, Work) in
            let (value, result) = event(&state)
            var work = Self.queue(result, in: &state)
            // This thread's own loop is drained right after; take its operations now, in the same
            // hold of the lock (one lock round fewer for every frame a player sends).
            if let index = work.loops.firstIndex(where: \.inEventLoop) {
                work.ownLoop = work.loops.remove(at: index)
                work.ownOperations = state.outboxes[ObjectIdentifier(work.ownLoop!)]?.takeAll() ?? []
            }
            return (value, work)
        }
        perform(work)
        return value
    }

    /// What to do once the lock is released: drain these loops' outboxes, hand on announcements,
    /// schedule a wake-up.
    private struct Work {
        var loops: [any EventLoop] = []
        /// The loop this thread runs, when its outbox is among the claimed ones, and what was
        /// taken from it already.
        var ownLoop: (any EventLoop)?
        var ownOperations: [Outbox.Operation] = []
        var announce = false
        var wake: NIODeadline?
        /// Silent players' links whose transport to read.
        var checks: [LinkCheck<LinkHandle>] = []
    }

    private static func queue(_ result: HostResult<LinkHandle>, in state: inout State) -> Work {
        var work = Work(checks: result.checks)
        var batch: (frames: ByteBuffer, offsets: [Int])?  // a roster batch, encoded once per result
        for write in result.writes {
            switch write {
            case .send(let outgoing, let links):
                let operation: (any Channel) -> Outbox.Operation
                switch outgoing {
                case .message(let message):
                    let frame = ByteBuffer.frame(state.codec.encode(message))
                    operation = { .write(frame, to: $0) }
                case .app(let body, let from):
                    let frame = AppPayload.frame(body: body.bytes, from: from, recipients: nil)
                    operation = { .write(frame, to: $0) }
                case .roster(let notes, let from):
                    if batch == nil { batch = encode(notes, codec: &state.codec) }
                    let (frames, offsets) = batch!
                    let frame = frames.getSlice(at: frames.readerIndex + offsets[from], length: frames.readableBytes - offsets[from])!
                    operation = { .write(frame, to: $0) }
                case .messages(let messages):
                    let frames = encode(messages, codec: &state.codec).frames
                    operation = { .write(frames, to: $0) }
                case .ping(let seq):
                    operation = { .ping(seq: seq, to: $0) }
                case .state(let message):
                    let frame = ByteBuffer.frame(state.codec.encode(.state(message)))
                    for link in links {
                        Self.append(.state(frame, key: message.key, to: link.channel, waiting: link.states), to: link.loop, in: &state, work: &work)
                    }
                    continue
                }
                for link in links {
                    Self.append(operation(link.channel), to: link.loop, in: &state, work: &work)
                }
            case .close(let link, let farewell):
                let frame = farewell.map { ByteBuffer.frame(state.codec.encode($0)) }
                Self.append(.close(link.channel, farewell: frame), to: link.loop, in: &state, work: &work)
            case .datagram(let bytes, let address):
                guard let socket = state.datagrams else { continue }
                Self.append(.datagram(bytes, to: address, on: socket), to: socket.eventLoop, in: &state, work: &work)
            }
        }
        state.announcements += result.inputs.map(Announcement.input)
        if let status = result.status {
            state.statusVersion += 1
            state.announcements.append(.status(status, version: state.statusVersion))
        }
        state.announcements += result.notes.map(Announcement.note)
        if !state.announcements.isEmpty, !state.isAnnouncing {
            state.isAnnouncing = true
            work.announce = true
        }
        if let wake = result.wake, state.wakeAt.map({ wake < $0 }) ?? true {
            state.wakeAt = wake
            work.wake = wake
        }
        return work
    }

    private static func append(_ operation: Outbox.Operation, to loop: any EventLoop, in state: inout State, work: inout Work) {
        let key = ObjectIdentifier(loop)
        state.outboxes[key, default: Outbox()].append(operation)
        guard state.outboxes[key]?.isClaimed == false else { return }
        state.outboxes[key]?.isClaimed = true
        work.loops.append(loop)
    }

    /// Consecutive frames, and where each starts.
    private static func encode(_ messages: [WireMessage], codec: inout WireCodec) -> (frames: ByteBuffer, offsets: [Int]) {
        var frames = ByteBuffer()
        var offsets: [Int] = []
        offsets.reserveCapacity(messages.count)
        for message in messages {
            offsets.append(frames.readableBytes)
            let payload = codec.encode(message)
            frames.writeInteger(UInt32(payload.readableBytes))
            frames.writeImmutableBuffer(payload)
        }
        return (frames, offsets)
    }

    private func perform(_ work: Work) {
        for loop in work.loops {
            loop.execute { self.drain(loop) }
        }
        if let own = work.ownLoop {
            Outbox.perform(work.ownOperations)
            drain(own)
        }
        if work.announce { announce() }
        for check in work.checks { read(check) }
        if let wake = work.wake {
            _ = timers.scheduleTask(deadline: wake) { [self] in
                state.withLock { if $0.wakeAt == wake { $0.wakeAt = nil } }
                tick()
            }
        }
    }

    /// Reads a silent player's socket (`TCP_INFO`, on its loop) and tells the machine; a link
    /// that cannot say (not TCP, closed) is told as such, and the machine drops the player.
    private func read(_ check: LinkCheck<LinkHandle>) {
        let link = check.link
        guard let socket = check.handle.channel as? any SocketOptionProvider else {
            run { ((), $0.machine.transportChecked(link, nil, now: timers.now)) }
            return
        }
        check.handle.loop.execute {
            socket.transportState().whenComplete { reading in
                let transport = try? reading.get()
                self.run { ((), $0.machine.transportChecked(link, transport, now: self.timers.now)) }
            }
        }
    }

    /// Performs a loop's outbox until it is empty (on that loop; the outbox is claimed).
    private func drain(_ loop: any EventLoop) {
        let key = ObjectIdentifier(loop)
        while true {
            let operations = state.withLock { state -> [Outbox.Operation] in
                let operations = state.outboxes[key]?.takeAll() ?? []
                if operations.isEmpty { state.outboxes[key]?.isClaimed = false }
                return operations
            }
            guard !operations.isEmpty else { return }
            Outbox.perform(operations)
        }
    }

    /// Hands on announcements until none wait (the caller has claimed the job).
    private func announce() {
        while true {
            let batch = state.withLock { state -> [Announcement] in
                defer { state.announcements = [] }
                if state.announcements.isEmpty { state.isAnnouncing = false }
                return state.announcements
            }
            guard !batch.isEmpty else { return }
            for announcement in batch {
                switch announcement {
                case .input(let input): inputSink.yield(input)
                case .status(let status, let version):
                    let sinks = state.withLock { state -> [AsyncStream<ServerStatus>.Continuation] in
                        var due: [AsyncStream<ServerStatus>.Continuation] = []
                        for (id, watcher) in state.watchers where watcher.seen < version {
                            state.watchers[id]?.seen = version
                            due.append(watcher.sink)
                        }
                        return due
                    }
                    for sink in sinks { sink.yield(status) }
                case .note(let note):
                    log(note)
                    if let change = Self.seatChange(of: note) {
                        for sink in state.withLock({ Array($0.seatWatchers.values) }) { sink.yield(change) }
                    }
                }
            }
        }
    }

    /// The seat change a note tells, if any.
    private static func seatChange(of note: HostNote<LinkHandle>) -> SeatChange? {
        switch note {
        case .admitted(let peer, let link), .resumed(let peer, let link): .held(peer, remote: link.label)
        case .left(let peer, let reason): .givenUp(peer, reason)
        case .away, .closing, .silentTransport, .refusedPending, .datagramsDropped: nil
        }
    }

    private func log(_ note: HostNote<LinkHandle>) {
        switch note {
        case .admitted(let peer, let link):
            logger.info("player joined", metadata: ["peer": "\(peer.id)", "name": "\(peer.name)", "remote": "\(link.label)"])
        case .left(let peer, let reason):
            logger.info("player left", metadata: ["peer": "\(peer.id)", "name": "\(peer.name)", "reason": "\(reason.rawValue)"])
        case .away(let peer, let grace):
            logger.info("player away", metadata: ["peer": "\(peer.id)", "name": "\(peer.name)", "graceMs": "\(grace.nanoseconds / 1_000_000)"])
        case .resumed(let peer, let link):
            logger.info("player resumed", metadata: ["peer": "\(peer.id)", "name": "\(peer.name)", "remote": "\(link.label)"])
        case .closing(let link, let reason, let routine):
            // A connection that closes before saying anything is routine (browsers probe liveness).
            logger.log(level: routine ? .debug : .info, "connection closed", metadata: ["remote": "\(link.label)", "reason": "\(reason)"])
        case .silentTransport(let link, let transport):
            logger.info("silent link read", metadata: [
                "remote": "\(link.label)", "unacknowledged": "\(transport.unacknowledgedSegments)",
                "lastAckMs": "\(transport.sinceLastAcknowledgement.nanoseconds / 1_000_000)",
                "lastDataMs": "\(transport.sinceLastDataReceived.map { "\($0.nanoseconds / 1_000_000)" } ?? "?")",
            ])
        case .refusedPending(let limit, let suppressed):
            logger.warning("connection refused", metadata: [
                "reason": "too many pending handshakes", "limit": "\(limit)", "refusedSinceLastLine": "\(suppressed)",
            ])
        case .datagramsDropped(let counts, let latest):
            var metadata: Logger.Metadata = ["latest": "\(latest.rawValue)"]
            for (reason, count) in counts { metadata[reason.rawValue] = "\(count)" }
            logger.notice("datagrams dropped", metadata: metadata)
        }
    }
}
