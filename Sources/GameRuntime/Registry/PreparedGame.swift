/// A game ready to start, as its registration's ``GameRegistration/host`` made it from a setup.
public struct PreparedGame: Sendable {
    /// Starts it on the host's session, once it listens.
    public var start: GameRegistration.Start
    /// The commands the host page offers as buttons for it (kick is offered by each player).
    public var hostCommands: [HostCommand]
    /// The game's own requests on the web port (Trivia's quiz library); nil: it has none.
    public var desk: (any GameDesk)?

    /// A game started by `start`, offering `hostCommands`, with `desk` on the web port.
    public init(start: @escaping GameRegistration.Start, hostCommands: [HostCommand] = HostCommand.plain, desk: (any GameDesk)? = nil) {
        self.start = start
        self.hostCommands = hostCommands
        self.desk = desk
    }
}
