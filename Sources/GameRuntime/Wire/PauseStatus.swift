/// The host paused the game, or it goes on (``HostCommand/pause``, ``HostCommand/unpause``):
/// every game sends it to its players the same way. On the wire (kind `pause`):
/// `{"kind":"pause","paused":true}`, then `{"kind":"pause","paused":false,"deadline":…,"leftMs":…}`.
public struct PauseStatus: Hashable, Sendable, Codable {
    /// True while paused: moves are refused (`paused`) and deadlines stand still.
    public var paused: Bool
    /// When the game goes on with a deadline running (a trivia question): its new time on the
    /// host's clock (microseconds), moved by the time paused.
    public var deadline: Int64?
    /// The same deadline as the time left, in milliseconds (for a device without the host's clock).
    public var leftMs: Int64?

    /// A status.
    public init(paused: Bool, deadline: Int64? = nil, leftMs: Int64? = nil) {
        self.paused = paused
        self.deadline = deadline
        self.leftMs = leftMs
    }

    /// `paused by the host`, or `the game goes on`.
    public var line: String { paused ? "paused by the host" : "the game goes on" }
}
