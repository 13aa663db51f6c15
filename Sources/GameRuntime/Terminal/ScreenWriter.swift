import Glibc
import Synchronization

/// Serializes a screen's lines. On a terminal the countdown line is rewritten in place and
/// cleared before the next line; elsewhere every line, countdown included, is a line.
public final class ScreenWriter: Sendable {
    private struct State {
        var generation = 0
        var countdownShown = false
    }

    private let state = Mutex(State())
    private let inPlace: Bool
    private let output: @Sendable (String) -> Void

    /// A writer to stdout; `inPlace` (default: when stdout is a terminal) rewrites the countdown
    /// in place.
    public convenience init(inPlace: Bool = isatty(STDOUT_FILENO) == 1) {
        self.init(inPlace: inPlace) { text in POSIX.write(text, to: STDOUT_FILENO) }
    }

    /// A writer handing its text (whole lines, or a countdown rewrite) to `output`, in order.
    public init(inPlace: Bool, output: @escaping @Sendable (String) -> Void) {
        self.inPlace = inPlace
        self.output = output
    }

    /// Prints lines.
    public func lines(_ lines: [String]) {
        state.withLock { state in
            var text = state.countdownShown ? "\r\u{1B}[K" : ""
            state.countdownShown = false
            text += lines.map { $0 + "\n" }.joined()
            output(text)
        }
    }

    /// Prints a line.
    public func line(_ line: String) { lines([line]) }

    /// A new countdown takes over; the old one's lines are dropped from now on.
    @discardableResult
    public func beginCountdown() -> Int { state.withLock { $0.generation += 1; return $0.generation } }

    /// A countdown line, unless a newer countdown (or a stop) came since.
    public func countdown(_ line: String, generation: Int) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if inPlace {
                state.countdownShown = true
                output("\r\u{1B}[K\(line)")
            } else {
                output(line + "\n")
            }
        }
    }
}
