/// The host's lobby between games, as players see it: who is waiting and when the next game
/// starts. On the wire (kind `lobby`): `{"kind":"lobby","players":2,"capacity":4,"startRule":"after","startsInMs":4000}`.
public struct LobbyStatus: Hashable, Sendable, Codable {
    /// Players waiting for the next game.
    public var players: Int
    /// Most players the host admits.
    public var capacity: Int
    /// What starts the game: `whenFull`, or `after` a countdown (``StartRule/name``).
    public var startRule: String
    /// Milliseconds until the game starts, while a countdown runs.
    public var startsInMs: Int64?

    /// A status.
    public init(players: Int, capacity: Int, startRule: String, startsInMs: Int64?) {
        self.players = players
        self.capacity = capacity
        self.startRule = startRule
        self.startsInMs = startsInMs
    }
}
