/// The host's lobby between games, as players see it: who is waiting and when the next game
/// starts. On the wire (kind `lobby`): `{"kind":"lobby","players":2,"capacity":4,"startRule":"after","startsInMs":4000}`;
/// with a scheduled start `{"kind":"lobby","players":2,"capacity":8,"startRule":"at","startTime":"20:00","minimum":1,"startsInMs":724000}`.
public struct LobbyStatus: Hashable, Sendable, Codable {
    /// Players waiting for the next game.
    public var players: Int
    /// Most players the host admits.
    public var capacity: Int
    /// What starts the game: `whenFull`, `after` a countdown, or `at` a time of day (``StartRule/name``).
    public var startRule: String
    /// Milliseconds until the game starts, while a countdown runs (with `at`: until the time;
    /// absent once it has passed with too few players).
    public var startsInMs: Int64?
    /// With `at`: the time of day on the host's clock, `HH:MM` (absent otherwise).
    public var startTime: String?
    /// With `at`: the fewest players a game needs, who start it once the time has passed
    /// (absent otherwise).
    public var minimum: Int?

    /// A status.
    public init(players: Int, capacity: Int, startRule: String, startsInMs: Int64?, startTime: String? = nil, minimum: Int? = nil) {
        self.players = players
        self.capacity = capacity
        self.startRule = startRule
        self.startsInMs = startsInMs
        self.startTime = startTime
        self.minimum = minimum
    }
}
