import Glibc
import Synchronization

/// Serializes a screen's lines. On a terminal the last line is a status line rewritten in place:
/// the countdown, and the footer (the host's keys) beside it; it is cleared before each new line
/// and drawn again after it, cut to the terminal's width. Elsewhere every line, countdown
/// included, is a line, and a footer is printed once as a line.
///
/// ``standard`` is the process's stdout; other output to the same terminal (log lines on
/// stderr) goes through ``interrupt(_:)`` so that it never lands on the status line.
public final class ScreenWriter: Sendable {
    /// The writer to stdout that every screen of the process shares (``Terminal`` too).
    public static let standard = ScreenWriter()

    private struct State {
        var generation = 0
        /// The countdown's current line, while one runs (terminal only).
        var countdown: String?
        /// The footer (terminal only).
        var footer: String?
        /// Whether the status line is drawn (the cursor is at its end).
        var statusShown = false
        /// The screen is done: no status line any more (``finish()``).
        var finished = false
    }

    private let state = Mutex(State())
    private let inPlace: Bool
    private let columns: @Sendable () -> Int?
    private let output: @Sendable (String) -> Void

    /// A writer to stdout; `inPlace` (default: when stdout is a terminal) rewrites the status
    /// line in place.
    public convenience init(inPlace: Bool = isatty(STDOUT_FILENO) == 1) {
        self.init(inPlace: inPlace, columns: { POSIX.terminalColumns(STDOUT_FILENO) }) { text in POSIX.write(text, to: STDOUT_FILENO) }
    }

    /// A writer handing its text (whole lines, or a status line rewrite) to `output`, in order;
    /// `columns` is the terminal's width (nil: unknown, nothing is cut).
    public init(inPlace: Bool, columns: @escaping @Sendable () -> Int? = { nil }, output: @escaping @Sendable (String) -> Void) {
        self.inPlace = inPlace
        self.columns = columns
        self.output = output
    }

    /// Whether the status line is rewritten in place (a terminal), rather than each countdown
    /// tick printed as a line.
    public var rewritesInPlace: Bool { inPlace }

    /// Prints lines.
    public func lines(_ lines: [String]) {
        state.withLock { state in
            var text = state.statusShown ? "\r\u{1B}[K" : ""
            state.statusShown = false
            text += lines.map { $0 + "\n" }.joined()
            text += drawStatus(&state)
            output(text)
        }
    }

    /// Prints a line.
    public func line(_ line: String) { lines([line]) }

    /// Writes `text` as it is, in order with the lines: a picture that places itself with cursor
    /// moves and puts the cursor back (Pong's court at the top of a terminal). Terminal only.
    public func draw(_ text: String) {
        guard inPlace else { return }
        state.withLock { _ in output(text) }
    }

    /// The screen is done (the process is about to end): the status line goes, and is never
    /// drawn again; lines still print.
    public func finish() {
        state.withLock { state in
            if state.statusShown { output("\r\u{1B}[K") }
            state.statusShown = false
            state.finished = true
        }
    }

    /// Runs `write` (output to the same terminal that bypasses this writer: a log line on
    /// stderr) with the status line taken away, then draws the status line again.
    public func interrupt(_ write: () -> Void) {
        state.withLock { state in
            if state.statusShown { output("\r\u{1B}[K") }
            state.statusShown = false
            write()
            let status = drawStatus(&state)
            if !status.isEmpty { output(status) }
        }
    }

    /// A new countdown takes over; the old one's lines are dropped from now on (and its line
    /// goes from the status line at the next write).
    @discardableResult
    public func beginCountdown() -> Int {
        state.withLock {
            $0.generation += 1
            $0.countdown = nil
            return $0.generation
        }
    }

    /// A countdown line, unless a newer countdown (or a stop) came since.
    public func countdown(_ line: String, generation: Int) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if inPlace {
                state.countdown = line
                output("\r\u{1B}[K" + drawStatus(&state))
            } else {
                output(line + "\n")
            }
        }
    }

    /// Sets the footer (nil: none): on a terminal it stays on the last line; elsewhere it is
    /// printed once.
    public func footer(_ footer: String?) {
        state.withLock { state in
            guard inPlace else {
                if let footer { output(footer + "\n") }
                return
            }
            state.footer = footer
            output("\r\u{1B}[K" + drawStatus(&state))
        }
    }

    /// The status line (countdown, footer), cut to the terminal's width; marks it shown.
    private func drawStatus(_ state: inout State) -> String {
        guard inPlace, !state.finished else { return "" }
        let parts = [state.countdown, state.footer].compactMap { $0 }
        guard !parts.isEmpty else { return "" }
        var text = parts.joined(separator: "   ")
        if let width = columns(), width > 1, text.count >= width { text = String(text.prefix(width - 1)) }
        state.statusShown = true
        return text
    }
}
