import GameRuntime

/// Snap!'s options, declared once: `serve`'s (``all``, with `--game snap`) and `join`'s for its
/// bot (``play``). The command line, the config file and the help read them from here.
public enum SnapOptions {
    /// `--max-flips N`.
    public static let maxFlips = GameOption(
        "max-flips", kind: .integer(1...Int.max),
        help: "Flips after which a game ends and the most cards win (default 5000).")
    /// `--replay-log FILE`.
    public static let replayLog = GameOption(
        "replay-log", kind: .text, valueName: "file",
        help: "Append every game as JSON lines to this file (default with --replay-dir DIR: DIR/snap-replay.jsonl; see docs/SNAP.md).")
    /// `--seed N`.
    public static let seed = GameOption(
        "seed", kind: .seed,
        help: "Seed for the decks (default: random), so games can be reproduced.")

    /// `serve`'s Snap! options, in the order help lists them.
    public static let all = [maxFlips, replayLog, seed]

    /// `join --reaction-ms MS`.
    public static let reactionMs = GameOption(
        "reaction-ms", kind: .number(0...Double.greatestFiniteMagnitude, unit: "milliseconds"),
        help: "Bot: milliseconds from seeing a match to pressing snap (default 300).")
    /// `join --reaction-jitter-ms MS`.
    public static let reactionJitterMs = GameOption(
        "reaction-jitter-ms", kind: .number(0...Double.greatestFiniteMagnitude, unit: "milliseconds"),
        help: "Bot: random extra milliseconds added to each reaction (0 to this). Default: half the reaction.")
    /// `join --flip-ms MS`.
    public static let flipMs = GameOption(
        "flip-ms", kind: .number(0...Double.greatestFiniteMagnitude, unit: "milliseconds"),
        help: "Bot: milliseconds from its turn coming to flipping (default 400).")

    /// `join`'s Snap! options (how `--bot` plays), in the order help lists them.
    public static let play = [reactionMs, reactionJitterMs, flipMs]

    /// The rules of every game that `setup` gives.
    public static func settings(from setup: GameSetup) -> SnapSettings {
        var settings = SnapSettings()
        if let flips = setup.options.integer(maxFlips) { settings.maxFlips = flips }
        settings.startRule = setup.startRule ?? SnapSettings.defaultStartRule
        return settings
    }

    /// The replay log `setup` asks for: `--replay-log`'s file, else the replay folder's, else
    /// none; opened here, so a file that cannot be written is an ``SetupError/Cause/output``
    /// error before the host listens.
    public static func replay(from setup: GameSetup) throws(SetupError) -> ReplayLog? {
        guard let path = setup.options.text(replayLog) ?? setup.replayDirectory.map(ReplayLog.file(in:)) else { return nil }
        do {
            return try ReplayLog(path: path)
        } catch {
            throw SetupError("\(path): cannot write the replay log", cause: .output)
        }
    }

    /// How a bot plays, as `values` say (milliseconds): reaction, its random extra, flip delay.
    public static func bot(from values: GameOptionValues) -> (reaction: Double, jitter: Double, flip: Double) {
        let reaction = values.number(reactionMs) ?? 300
        return (reaction, values.number(reactionJitterMs) ?? reaction / 2, values.number(flipMs) ?? 400)
    }
}
