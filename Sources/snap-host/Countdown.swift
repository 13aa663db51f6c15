import Glibc
import Matchmaking
import Synchronization

/// Prints `time left: N s` once a second until a deadline or until stopped, through a
/// ``ScreenWriter`` (which, on a terminal, rewrites the countdown in place).
final class Countdown: Sendable {
    private let writer: ScreenWriter
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(writer: ScreenWriter) { self.writer = writer }

    /// Counts down to `deadline` (monotonic microseconds, ``Press/now()``), replacing any running countdown.
    func start(until deadline: Int64) {
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
    func stop() {
        writer.beginCountdown()
        task.withLock { $0?.cancel(); $0 = nil }
    }
}

/// Serializes a screen's lines. On a terminal the countdown line is rewritten in place and
/// cleared before the next line; elsewhere every line, countdown included, is a line.
final class ScreenWriter: Sendable {
    private struct State {
        var generation = 0
        var countdownShown = false
    }

    private let state = Mutex(State())
    private let inPlace: Bool

    init(inPlace: Bool = isatty(STDOUT_FILENO) == 1) { self.inPlace = inPlace }

    /// Prints lines.
    func lines(_ lines: [String]) {
        state.withLock { state in
            var text = state.countdownShown ? "\r\u{1B}[K" : ""
            state.countdownShown = false
            text += lines.map { $0 + "\n" }.joined()
            POSIX.write(text, to: STDOUT_FILENO)
        }
    }

    func line(_ line: String) { lines([line]) }

    /// A new countdown takes over; the old one's lines are dropped from now on.
    @discardableResult
    func beginCountdown() -> Int { state.withLock { $0.generation += 1; return $0.generation } }

    /// A countdown line, unless a newer countdown (or a stop) came since.
    func countdown(_ line: String, generation: Int) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if inPlace {
                state.countdownShown = true
                POSIX.write("\r\u{1B}[K\(line)", to: STDOUT_FILENO)
            } else {
                POSIX.write(line + "\n", to: STDOUT_FILENO)
            }
        }
    }
}
