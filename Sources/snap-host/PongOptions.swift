import ArgumentParser
import GameRuntime
import Pong

/// `serve`'s Pong options (with `--game pong`; `--start-when-full` / `--start-after` / `--start-at` too).
struct PongOptions: ParsableArguments {
    @Option(help: "Pong: points that win a game (1-99; default 5).")
    var points: Int?

    /// Whether any Pong option was given.
    var isUsed: Bool { points != nil }

    func validate() throws {
        _ = try settings(startRule: PongSettings.defaultStartRule)
    }

    /// The rules these options give, with `startRule` (the shared start options').
    func settings(startRule: StartRule) throws -> PongSettings {
        do {
            return try PongSettings(points: points ?? 5, startRule: startRule)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
