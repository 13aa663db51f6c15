import ServiceLifecycle

/// One input to a game's table, in the order the host saw it.
public enum GameInput: Sendable {
    /// A message from a player (or from the host's own player).
    case message(SessionMessage)
    /// A player was admitted; `players` are present now.
    case joined(Peer, players: Int)
    /// A player left; `players` are present now.
    case left(Peer, ByeReason, players: Int)
    /// The time the table asked to be woken at has come.
    case wake
}

/// When an input is handled: the host's clock and what it knows of each player's clock.
public struct GameMoment: Sendable {
    /// The host's clock, in ``Press/now()`` microseconds.
    public let now: Int64
    /// The current clock estimate of each player that has one.
    public let clocks: [PeerID: ClockEstimate]
}

/// Runs a game's pure table on a host's ``HostSession``: the one consumer of the session's messages
/// and events, it merges them with timer wake-ups into one stream, hands each input to `step` in
/// arrival order, and wakes the table at the time `step` returns (`nil`: no wake-up wanted).
/// `step` owns the table (`State`) and does the I/O its actions ask for (sends, screen updates).
/// Trivia and Snap! both run on it.
public struct GameTableRunner<State: Sendable>: Sendable {
    /// Feeds one input to the state and returns when the table next wants to be woken.
    public typealias Step = @Sendable (inout State, GameInput, GameMoment) -> Int64?

    private let session: HostSession
    private let initial: State
    private let step: Step

    /// A runner that starts from `initial`.
    public init(session: HostSession, initial: State, step: @escaping Step) {
        self.session = session
        self.initial = initial
        self.step = step
    }

    private enum Source: Sendable {
        case session(SessionInput)
        case wake
    }

    /// Runs until the session ends or graceful shutdown begins.
    public func run() async {
        let (inputs, sink) = AsyncStream.makeStream(of: Source.self)
        let session = self.session
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await input in session.inputs { sink.yield(.session(input)) }
                    sink.finish()
                }
                group.addTask { await self.process(inputs, wake: sink) }
            }
        }
    }

    private func process(_ sources: AsyncStream<Source>, wake: AsyncStream<Source>.Continuation) async {
        var state = initial
        var timer: Task<Void, Never>?
        var scheduled: Int64?
        var present = Set(session.peers.map(\.id))
        for await source in sources {
            let input: GameInput
            switch source {
            case .session(.message(let message)):
                input = .message(message)
            case .session(.joined(let peer)):
                present.insert(peer.id)
                input = .joined(peer, players: present.count)
            case .session(.left(let peer, let reason)):
                present.remove(peer.id)
                input = .left(peer, reason, players: present.count)
            case .wake:
                scheduled = nil
                input = .wake
            }
            let moment = GameMoment(now: Press.now(), clocks: session.clocks)
            guard let next = step(&state, input, moment), next != scheduled else { continue }
            timer?.cancel()
            scheduled = next
            timer = Task {
                let delay = next - Press.now()
                if delay > 0 { try? await Task.sleep(for: .microseconds(delay)) }
                if !Task.isCancelled { wake.yield(.wake) }
            }
        }
        timer?.cancel()
    }
}
