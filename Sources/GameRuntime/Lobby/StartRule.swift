/// When a game starts, once enough players wait in the ``Lobby``.
public enum StartRule: Hashable, Sendable {
    /// As soon as the host is full (`--start-when-full`).
    case whenFull
    /// This many microseconds after enough players (the game's minimum) are waiting
    /// (`--start-after`); the countdown stops if too few are left.
    case after(Int64)

    /// `whenFull` or `after`, as ``LobbyStatus/startRule`` says it.
    public var name: String {
        switch self {
        case .whenFull: "whenFull"
        case .after: "after"
        }
    }
}
