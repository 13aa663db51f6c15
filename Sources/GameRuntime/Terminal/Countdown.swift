import Matchmaking
import Synchronization

/// Prints `time left: N s` once a second until a deadline or until stopped, through a
/// ``ScreenWriter`` (which, on a terminal, rewrites the countdown in place).
public final class Countdown: Sendable {
    private let writer: ScreenWriter
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// A countdown printing through `writer`.
    public init(writer: ScreenWriter) { self.writer = writer }

    /// Counts down to `deadline` (monotonic microseconds, ``Press/now()``), replacing any running countdown.
    public func start(until deadline: Int64) {
        let writer = self.writer
        let generation = writer.beginCountdown()
        let next = Task {
            while !Task.isCancelled {
                let left = deadline - Press.now()
                guard left > 0 else { break }
                let seconds = (left + 999_999) / 1_000_000
                writer.countdown("time left: \(seconds) s", generation: generation)
                let untilNext = left - (seconds - 1) * 1_000_000
                try? await Task.sleep(for: .microseconds(max(untilNext, 1_000)))
            }
        }
        task.withLock { $0?.cancel(); $0 = next }
    }

    /// Stops the countdown; nothing more of it is printed.
    public func stop() {
        writer.beginCountdown()
        task.withLock { $0?.cancel(); $0 = nil }
    }
}
