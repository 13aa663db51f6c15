import Logging
import NIOCore
import NIOPosix

/// Joins hosts: opens the transport on a route (or first finds one), runs the handshake, and
/// returns a ``PlayerSession`` once admitted, or throws a ``JoinError`` saying why not.
public enum MatchmakingClient {
    /// Connects on `route` and waits for the welcome: `idle -> connecting -> connected`.
    public static func join(
        _ route: HostRoute, configuration: ClientConfiguration,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "snap-host.client")
    ) async throws(JoinError) -> PlayerSession {
        try validate(configuration)
        let runner = ClientRunner(configuration: configuration, finder: nil, loop: group.any(), logger: logger)
        return try await wait { try await runner.join { machine, _ in machine.connect(to: route) } }
    }

    /// Finds the host with `finder`, then joins it on the route the client's state machine takes:
    /// `idle -> searching -> connecting -> connected`. Gives up after `timeout` with `noNetwork`
    /// (saying what was not found), unless a fallback route turned up by then.
    public static func join(
        finding finder: some HostFinder, within timeout: TimeAmount = .seconds(5), configuration: ClientConfiguration,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "snap-host.client")
    ) async throws(JoinError) -> PlayerSession {
        try validate(configuration)
        let runner = ClientRunner(configuration: configuration, finder: finder, loop: group.any(), logger: logger)
        let target = finder.description
        return try await wait {
            try await runner.join { machine, now in machine.startSearching(for: target, now: now, timeout: timeout) }
        }
    }

    private static func validate(_ configuration: ClientConfiguration) throws(JoinError) {
        do {
            _ = try PlayerName.validate(configuration.playerName)
            if let code = configuration.joinCode { try JoinProof.validate(code: code) }
        } catch {
            throw .invalidConfiguration("\(error)")
        }
    }

    private static func wait(_ join: () async throws -> PlayerSession) async throws(JoinError) -> PlayerSession {
        do {
            return try await join()
        } catch let error as JoinError {
            throw error
        } catch {
            throw .connectionDropped
        }
    }
}
