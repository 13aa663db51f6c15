import ArgumentParser
import FoundationEssentials
import GameRuntime
import SnapGame

/// `serve`'s Snap! options (with `--game snap`; `--start-when-full` / `--start-after` / `--start-at` too).
struct SnapOptions: ParsableArguments {
    @Option(help: "Snap!: flips after which a game ends and the most cards win (default 5000).")
    var maxFlips: Int?

    @Option(help: "Snap!: append every game as JSON lines to this file (see docs/SNAP.md).")
    var replayLog: String?

    @Option(help: "Snap!: seed for the decks (default: random), so games can be reproduced.")
    var seed: UInt64?

    /// Whether any Snap! option was given.
    var isUsed: Bool { maxFlips != nil || replayLog != nil || seed != nil }

    func validate() throws {
        if let maxFlips, maxFlips < 1 { throw ValidationError("--max-flips must be at least 1") }
    }

    /// The rules these options give, with `startRule` (the shared start options').
    func settings(startRule: StartRule) -> SnapSettings {
        var settings = SnapSettings()
        if let maxFlips { settings.maxFlips = maxFlips }
        settings.startRule = startRule
        return settings
    }
}

/// `join`'s bot options for Snap!.
struct SnapJoinOptions: ParsableArguments {
    @Option(help: "Snap! bot: milliseconds from seeing a match to pressing snap.")
    var reactionMs: Double = 300

    @Option(help: "Snap! bot: random extra milliseconds added to each reaction (0 to this). Default: half the reaction.")
    var reactionJitterMs: Double?

    @Option(help: "Snap! bot: milliseconds from its turn coming to flipping.")
    var flipMs: Double = 400

    func validate() throws {
        guard reactionMs >= 0, flipMs >= 0, (reactionJitterMs ?? 0) >= 0 else { throw ValidationError("bot times must not be negative") }
    }

    var bot: SnapBotOptions { SnapBotOptions(reactionMs: reactionMs, jitterMs: reactionJitterMs ?? reactionMs / 2, flipMs: flipMs) }
}

/// How `join --bot` plays Snap!.
struct SnapBotOptions: Sendable {
    var reactionMs: Double
    var jitterMs: Double
    var flipMs: Double
}
