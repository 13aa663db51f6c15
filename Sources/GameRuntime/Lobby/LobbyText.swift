
/// The lobby's lines, the same in every game (one fact per line, so that a person reads them
/// and a test parses them).
public enum LobbyText {
    /// `lobby: 2/4 players, game starts in 5 s`, `..., game starts when full`, or
    /// `..., <waiting>` (what the lobby waits for, e.g. `waiting for players`).
    public static func status(_ status: LobbyStatus, waiting: String) -> String {
        let players = "lobby: \(status.players)/\(status.capacity) players"
        if let ms = status.startsInMs { return "\(players), game starts in \(seconds(ms)) s" }
        if status.startRule == StartRule.whenFull.name { return "\(players), game starts when full" }
        return "\(players), \(waiting)"
    }

    /// How games start, for the host's first line: `a game starts when 4 players are here`, or
    /// `a game starts 10 s after the first player arrives` (`a second player` when a game
    /// needs two).
    public static func start(_ lobby: Lobby) -> String {
        switch lobby.rule {
        case .whenFull:
            return "a game starts when \(lobby.capacity) players are here"
        case .after(let delay):
            let who = lobby.minimum <= 1 ? "the first player" : lobby.minimum == 2 ? "a second player" : "player \(lobby.minimum)"
            return "a game starts \(cFormat("%g", Double(delay) / 1_000_000)) s after \(who) arrives"
        }
    }

    /// The host's lobby before anyone came: `lobby: 0/8 players, waiting for players`.
    public static func empty(capacity: Int) -> String { "lobby: 0/\(capacity) players, waiting for players" }

    /// The host's line after a game's final standings (the lobby's status follows).
    public static let backInLobby = "lobby: back in the lobby"

    /// The lobby's countdown line, rewritten in place on a terminal: `game starts in 7 s`.
    @Sendable public static func countdown(_ seconds: Int64) -> String { "game starts in \(seconds) s" }

    /// `Alice is reconnecting…` (a player's link dropped; its seat is kept).
    public static func away(_ name: String) -> String { "\(name) is reconnecting…" }

    /// `Alice is back`.
    public static func back(_ name: String) -> String { "\(name) is back" }

    /// Whole seconds, rounded up.
    public static func seconds(_ milliseconds: Int64) -> Int64 { (milliseconds + 999) / 1000 }
}
