import GameRuntime
import Vocabulary

/// The rules of the host's games, fixed for the run. Times are in microseconds.
public struct SnapSettings: Hashable, Sendable {
    /// When games start unless the command line says otherwise, and after a scheduled first game.
    public static let defaultStartRule = StartRule.whenFull

    /// When games start (`after`: counting from a second player waiting, as a game needs two;
    /// `at`: the first game at a time of day, the next ones by ``defaultStartRule``).
    public var startRule: StartRule = defaultStartRule
    /// The flip after which a game ends on card count (guards against games that never end).
    public var maxFlips = 5_000
    /// Who snapped first: the shared fair judge (collection window, tie tolerance).
    public var judge = PressJudge()
    /// Judge snaps by press time corrected with each player's clock estimate (true), or by
    /// arrival on the host (false: unfair to slow links; only for tests that show the difference).
    public var clockCorrection = true

    /// The defaults: start when full, 5000 flips, the default judge, clock correction on.
    public init() {}
}
