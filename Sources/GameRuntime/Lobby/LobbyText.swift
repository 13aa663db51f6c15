
/// The lobby's lines, the same in every game (one fact per line, so that a person reads them
/// and a test parses them).
public enum LobbyText {
    /// `lobby: 2/4 players, game starts in 5 s`, `..., game starts when full`, or
    /// `..., <waiting>` (what the lobby waits for, e.g. `waiting for players`); with a scheduled
    /// start `..., game starts at 20:00, in 12:04`, then once the time has passed with too few
    /// `..., it is past 20:00: the game starts as soon as 2 players are here`.
    public static func status(_ status: LobbyStatus, waiting: String) -> String {
        let players = "lobby: \(status.players)/\(status.capacity) players"
        if let ms = status.startsInMs { return "\(players), \(countdownLabel(status)(seconds(ms)))" }
        if let time = status.startTime {
            let needed = (status.minimum ?? 1) <= 1 ? "a player is" : "\(status.minimum ?? 1) players are"
            return "\(players), it is past \(time): the game starts as soon as \(needed) here"
        }
        if status.startRule == StartRule.whenFull.name { return "\(players), game starts when full" }
        return "\(players), \(waiting)"
    }

    /// How games start, for the host's first line: `a game starts when 4 players are here`,
    /// `a game starts 10 s after the first player arrives` (`a second player` when a game
    /// needs two), or `the first game starts at 20:00 with whoever is here (at least 2
    /// players), the next ones when 4 players are here`.
    public static func start(_ lobby: Lobby) -> String {
        switch lobby.rule {
        case .whenFull, .after:
            return "a game starts " + when(lobby.rule, lobby)
        case .at(let scheduled):
            let least = lobby.minimum <= 1 ? "" : " (at least \(lobby.minimum) players)"
            let next = when(lobby.later, lobby)
            return "the first game starts at \(scheduled.clock) with whoever is here\(least), the next ones \(next)"
        }
    }

    /// `when 4 players are here`, `10 s after the first player arrives`.
    private static func when(_ rule: StartRule, _ lobby: Lobby) -> String {
        switch rule {
        case .whenFull, .at:
            return "when \(lobby.capacity) players are here"
        case .after(let delay):
            let who = lobby.minimum <= 1 ? "the first player" : lobby.minimum == 2 ? "a second player" : "player \(lobby.minimum)"
            return "\(cFormat("%g", Double(delay) / 1_000_000)) s after \(who) arrives"
        }
    }

    /// The host's lobby before anyone came: `lobby: 0/8 players, waiting for players`.
    public static func empty(capacity: Int) -> String { "lobby: 0/\(capacity) players, waiting for players" }

    /// The host's first lobby line for `lobby`: ``empty(capacity:)``, or nothing while a
    /// countdown runs (a scheduled start: the table shows it when the host opens).
    public static func empty(_ lobby: Lobby) -> [String] { lobby.startsAt == nil ? [empty(capacity: lobby.capacity)] : [] }

    /// The host's line after a game's final standings (the lobby's status follows).
    public static let backInLobby = "lobby: back in the lobby"

    /// The lobby's countdown line, rewritten in place on a terminal: `game starts in 7 s`
    /// (`game starts in 1:30` beyond a minute, ``duration(_:)``).
    @Sendable public static func countdown(_ seconds: Int64) -> String { "game starts in \(duration(seconds))" }

    /// The countdown line to a scheduled start: `game starts at 20:00, in 12:04`, then `..., in 42 s`.
    public static func countdown(at time: String) -> @Sendable (Int64) -> String {
        { "game starts at \(time), in \(duration($0))" }
    }

    /// The countdown line for `status`: to its time of day, or plain.
    public static func countdownLabel(_ status: LobbyStatus) -> @Sendable (Int64) -> String {
        status.startTime.map { countdown(at: $0) } ?? countdown
    }

    /// A wait, readable however long: `42 s` up to a minute, then `12:04` (minutes and
    /// seconds), then `1:02:03`.
    public static func duration(_ seconds: Int64) -> String {
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if seconds <= 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\(seconds / 60):\(two(seconds % 60))" }
        return "\(seconds / 3600):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }

    /// `Alice is reconnecting…` (a player's link dropped; its seat is kept).
    public static func away(_ name: String) -> String { "\(name) is reconnecting…" }

    /// `Alice is back`.
    public static func back(_ name: String) -> String { "\(name) is back" }

    /// Whole seconds, rounded up.
    public static func seconds(_ milliseconds: Int64) -> Int64 { (milliseconds + 999) / 1000 }
}
