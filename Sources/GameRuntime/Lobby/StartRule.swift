/// When a game starts, once enough players wait in the ``Lobby``.
public enum StartRule: Hashable, Sendable {
    /// As soon as the host is full (`--start-when-full`).
    case whenFull
    /// This many microseconds after enough players (the game's minimum) are waiting
    /// (`--start-after`); the countdown stops if too few are left.
    case after(Int64)
    /// At a time of day, with whoever is waiting then (`--start-at HH:MM`, a live show's fixed
    /// start): counted down from the moment the host opens; with too few players at the time,
    /// as soon as enough are there. For the first game only: the next ones follow the game's
    /// usual rule (``Lobby/later``).
    case at(ScheduledStart)

    /// `whenFull`, `after` or `at`, as ``LobbyStatus/startRule`` says it.
    public var name: String {
        switch self {
        case .whenFull: "whenFull"
        case .after: "after"
        case .at: "at"
        }
    }
}

/// A scheduled start: the time of day the host's clock shows, and when that is on the host's
/// monotonic clock (worked out once, when the host starts: ``LocalTime/wait(until:)``).
public struct ScheduledStart: Hashable, Sendable {
    /// The time of day, as screens show it (`20:00`).
    public var clock: ClockTime
    /// The same moment in host monotonic microseconds (``/Vocabulary/MonotonicClock/now()``).
    public var time: Int64

    /// The start at `clock`, which comes at `time`.
    public init(clock: ClockTime, time: Int64) {
        self.clock = clock
        self.time = time
    }
}
