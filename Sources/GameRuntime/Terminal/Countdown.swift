import Vocabulary
import Synchronization

/// Prints `time left: N s` (or another label) once a second until a deadline or until stopped,
/// through a ``ScreenWriter`` (which, on a terminal, rewrites the countdown in place). Where each
/// tick is a line of its own (not a terminal: a pipe, the journal), a long wait prints once a
/// minute until its last minute.
public final class Countdown: Sendable {
    private let writer: ScreenWriter
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// A countdown printing through `writer`.
    public init(writer: ScreenWriter) { self.writer = writer }

    /// Counts down to `deadline` (monotonic microseconds, ``/Vocabulary/MonotonicClock/now()``), replacing any running
    /// countdown; `label` makes the line from the whole seconds left (default `time left: N s`).
    public func start(until deadline: Int64, label: @escaping @Sendable (Int64) -> String = { "time left: \($0) s" }) {
        let writer = self.writer
        let generation = writer.beginCountdown()
        let everySecond = writer.rewritesInPlace
        let next = Task {
            while !Task.isCancelled {
                let left = deadline - MonotonicClock.now()
                guard left > 0 else { break }
                let seconds = (left + 999_999) / 1_000_000
                writer.countdown(label(seconds), generation: generation)
                let untilNext = left - Self.nextShown(after: seconds, everySecond: everySecond) * 1_000_000
                try? await Task.sleep(for: .microseconds(max(untilNext, 1_000)))
            }
        }
        task.withLock { $0?.cancel(); $0 = next }
    }

    /// The whole seconds left at the next line after the one showing `seconds`: a second less
    /// when `everySecond` (in place on a terminal) or in the last minute; otherwise the next
    /// whole minute (`12:04` -> `12:00` -> `11:00` ... `2:00` -> `60 s` -> `59 s`).
    static func nextShown(after seconds: Int64, everySecond: Bool) -> Int64 {
        everySecond || seconds <= 60 ? seconds - 1 : max(60, (seconds - 1) / 60 * 60)
    }

    /// Counts down to the next game while `status` has a countdown (`game starts in N s`, or
    /// `game starts at 20:00, in 12:04`; from now: `startsInMs` is relative); stops otherwise.
    public func lobby(_ status: LobbyStatus) {
        guard let ms = status.startsInMs else { return stop() }
        start(until: MonotonicClock.now() + ms * 1000, label: LobbyText.countdownLabel(status))
    }

    /// Stops the countdown; nothing more of it is printed.
    public func stop() {
        writer.beginCountdown()
        task.withLock { $0?.cancel(); $0 = nil }
    }
}
