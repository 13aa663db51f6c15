import ServiceLifecycle

/// A game as `serve` runs it: a service that takes the host's commands, whoever gives them (the
/// host's terminal, the host page). ``GameHost`` and ``ControlledGameHost`` are such services;
/// whoever starts one holds it and hands its ``command(_:)`` to the controls.
public protocol HostedGame: Service {
    /// Hands the host's command to the game, in order with the players' events.
    func command(_ command: HostCommand)
}

extension GameHost: HostedGame {}

extension ControlledGameHost: HostedGame {
    /// Hands the host's command to the game (as the host's terminal does).
    public func command(_ command: HostCommand) { host.command(command) }
}
