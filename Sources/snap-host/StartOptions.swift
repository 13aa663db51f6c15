import ArgumentParser
import GameRuntime
import Vocabulary

/// `serve`'s start options, the same for every game but the lobby: when games start
/// (``GameSetup/startRule``; without them, the game's usual rule).
struct StartOptions: ParsableArguments {
    @Flag(help: "Start a game as soon as --max-players players are present.")
    var startWhenFull = false

    @Option(help: "Start a game this many seconds after enough players are present (default: the game's rule).")
    var startAfter: Double?

    @Option(help: ArgumentHelp(
        "Start the first game at this time of day (24-hour; the next time this machine's clock shows it, within 24 h) with whoever is here, counting down on every screen; later games start by the game's usual rule.",
        valueName: "HH:MM"))
    var startAt: String?

    func validate() throws {
        if startWhenFull, startAfter != nil { throw ValidationError("--start-when-full and --start-after exclude each other") }
        if let startAt {
            if startWhenFull || startAfter != nil { throw ValidationError("--start-at excludes --start-when-full and --start-after: choose one start rule") }
            do { _ = try ClockTime(parsing: startAt) } catch { throw ValidationError("--start-at \(error)") }
        }
        if let startAfter, !(0...3600).contains(startAfter) { throw ValidationError("--start-after must be 0-3600 seconds") }
    }

    /// The start rule the options give; nil when they give none (the game's usual rule then). A
    /// `--start-at` time is put on the host's monotonic clock here, once: the next time this
    /// machine's local clock shows it.
    var chosenStartRule: StartRule? {
        if startWhenFull { return .whenFull }
        if let startAfter { return .after(Int64(startAfter * 1_000_000)) }
        if let startAt, let clock = try? ClockTime(parsing: startAt) {
            return .at(ScheduledStart(clock: clock, time: MonotonicClock.now() + LocalTime.wait(until: clock)))
        }
        return nil
    }
}
