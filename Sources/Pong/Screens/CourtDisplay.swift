import GameRuntime
import Vocabulary
import Synchronization

/// Keeps the court drawn at the top of a terminal while a game runs: the lines above it are held
/// still (a scroll region below the picture takes the other lines: points, chat, the status
/// line), and the picture is redrawn at most ``framesPerSecond`` times a second. Elsewhere (a
/// pipe, the journal) it draws nothing: the lines tell the game.
public final class CourtDisplay: Sendable {
    /// The most pictures a second.
    public static let framesPerSecond: Int64 = 30
    private let writer: ScreenWriter
    private let state = Mutex<(shown: Bool, lastAt: Int64)>((false, 0))

    /// A display through `writer`.
    public init(writer: ScreenWriter) { self.writer = writer }

    /// The picture's height, and where the other lines begin.
    private static var height: Int { CourtPicture.rows + 3 }

    /// Draws `court` (unless one was drawn less than a frame ago); the first one clears the
    /// terminal and sets the scroll region.
    public func show(_ court: CourtState, roles: Roles?, paused: Bool, force: Bool = false) {
        guard writer.rewritesInPlace else { return }
        let now = MonotonicClock.now()
        let start: Bool? = state.withLock { state in
            guard force || now - state.lastAt >= 1_000_000 / Self.framesPerSecond else { return nil }
            defer { state = (true, now) }
            return !state.shown
        }
        guard let start else { return }
        var text = start ? "\u{1B}[2J\u{1B}[\(Self.height + 1)r\u{1B}[\(Self.height + 1);1H" : ""
        text += "\u{1B}7\u{1B}[1;1H"
        text += CourtPicture.lines(court, roles: roles, paused: paused).map { $0 + "\u{1B}[K\r\n" }.joined()
        text += "\u{1B}8"
        writer.draw(text)
    }

    /// The game is over: the whole terminal scrolls again (the last picture stays above).
    public func stop() {
        let shown = state.withLock { state in
            defer { state.shown = false }
            return state.shown
        }
        if shown { writer.draw("\u{1B}7\u{1B}[r\u{1B}8") }
    }
}
