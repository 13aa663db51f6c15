import GameRuntime

/// The rules of the host's Pong games, fixed for the run.
public struct PongSettings: Hashable, Sendable {
    /// When games start unless the command line says otherwise (and after a scheduled first
    /// game): 3 s after a second player arrives.
    public static let defaultStartRule = StartRule.after(3_000_000)
    /// The points a game can be played to (`--points`).
    public static let pointsRange = 1...99

    /// When games start.
    public var startRule: StartRule = defaultStartRule
    /// Points that win a game (the first to reach them wins).
    public private(set) var points = 5

    /// The defaults: first to 5 points, starting 3 s after a second player arrives.
    public init() {}

    /// First to `points` (1-99), or ``PongSettingsError/pointsOutOfRange(_:)``.
    public init(points: Int, startRule: StartRule = defaultStartRule) throws(PongSettingsError) {
        guard Self.pointsRange.contains(points) else { throw .pointsOutOfRange(points) }
        self.points = points
        self.startRule = startRule
    }
}

/// Settings that cannot be played.
public enum PongSettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `--points` outside 1-99.
    case pointsOutOfRange(Int)

    /// `--points 0: a game is played to 1-99 points`.
    public var description: String {
        switch self {
        case .pointsOutOfRange(let points):
            "--points \(points): a game is played to \(PongSettings.pointsRange.lowerBound)-\(PongSettings.pointsRange.upperBound) points"
        }
    }
}
