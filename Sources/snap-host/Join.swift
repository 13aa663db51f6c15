import ArgumentParser
import Discovery
import Dispatch
import FoundationEssentials
import GameRuntime
import Glibc
import Logging
import Matchmaking
import Rendezvous

/// `snap-host join`: join a host, show who is present, chat; `--bot` plays by itself.
struct Join: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join a host by its advertised name or by HOST:PORT.",
        discussion: """
            Exit status: 0 after userQuit or serverQuit, 2 when denied (`denied: <reason>` on stderr), \
            3 when the connection dropped or the host broke the protocol, 4 when the host cannot be \
            reached, 5 when the host removed this player (kick: `you were removed by the host`). \
            Type a line to chat; /quit leaves. In Snap!: f or space flips, s snaps, q leaves \
            (f, s and Enter when stdin is not a terminal); --bot plays with --reaction-ms. In trivia: answer with a key 1-9 (a number and \
            Enter when stdin is not a terminal), q leaves. At game over the final standings print and \
            join waits in the lobby for the next game; with --once it leaves and exits 0.
            """)

    @Argument(help: "The host: its advertised name (as `browse` lists it), HOST:PORT, [IPv6]:PORT, or a Bluetooth address AA:BB:CC:DD:EE:FF (RFCOMM).")
    var target: String

    @Option(help: "Seconds to search the LAN for a host given by name.")
    var searchTimeout: Double = 5

    @Option(help: "Your name (1-32 characters). Default: your user name.")
    var player: String?

    @Option(help: "The host's join code, if it has one.")
    var joinCode: String?

    @Flag(help: "Play by yourself: in the lobby greet and stay; in trivia answer every question, in Snap! flip and snap; game after game (leave at game over with --once).")
    var bot = false

    @Flag(help: "Leave at the first game over (exit 0) instead of waiting in the lobby for the next game: for scripts.")
    var once = false

    @OptionGroup(title: "Snap! bot (with --bot)") var snapBot: SnapJoinOptions

    @Option(help: "The host's RFCOMM channel, when joining over Bluetooth. Default: looked up in the host's SDP records.")
    var channel: Int?

    @Option(help: "The Bluetooth adapter to scan and connect from (hciN).")
    var adapter: String?

    @Option(help: "For a host found by name: lan or bluetooth (default: the LAN when the host is seen there, else Bluetooth).")
    var via: JoinRoute?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if let channel, !Limits.rfcommChannels.contains(channel) {
            throw ValidationError("--channel must be \(Limits.rfcommChannels.lowerBound)-\(Limits.rfcommChannels.upperBound) (RFCOMM's channels)")
        }
    }

    func run() async throws {
        common.bootstrapLogging()
        let logger = Logger(label: "snap-host")
        let quitter = QuitOnSignal()  // first: a signal while connecting must not be lost
        let name = player ?? ProcessInfo.processInfo.environment["USER"] ?? "player"
        let configuration = ClientConfiguration(playerName: name, joinCode: joinCode)
        let session: PlayerSession
        do {
            if let route = JoinTargetParser.address(self.target, channel: channel, adapter: adapter, logger: logger) {
                session = try await MatchmakingClient.join(route, configuration: configuration, logger: logger)
            } else {
                let search = HostSearch(named: self.target, via: via ?? .any, adapter: adapter, logger: logger)
                session = try await MatchmakingClient.join(
                    finding: search, within: .milliseconds(Int64(searchTimeout * 1000)), configuration: configuration, logger: logger)
            }
        } catch {
            throw Self.exit(for: error)
        }
        quitter.connected(session)  // before saying so: a signal from then on must say bye
        Terminal.out("connected to \(session.host.name) as \(session.me.name) (id \(session.me.id))")
        for peer in session.initialPeers { Terminal.out("present: \(peer.name) (id \(peer.id))") }
        let reason = await (GameRegistry.entry(for: session.game) ?? .lobby).play(session, PlayStyle(self))
        Terminal.err("disconnected: \(reason)")
        switch reason {
        case .userQuit, .serverQuit: return
        case .noNetwork: throw ExitCode(4)
        case .denied: throw ExitCode(2)
        case .connectionDropped, .protocolError: throw ExitCode(3)
        case .kicked: throw ExitCode(5)
        }
    }

    private static func exit(for error: JoinError) -> any Error {
        switch error {
        case .denied(let reason, let detail):
            Terminal.err("denied: \(reason)")
            if !detail.isEmpty { Terminal.err("  \(detail)") }
            return ExitCode(2)
        case .noNetwork(let detail):
            Terminal.err("disconnected: noNetwork")
            Terminal.err("  \(detail)")
            return ExitCode(4)
        case .connectionDropped, .protocolError:
            Terminal.err("disconnected: \(error)")
            return ExitCode(3)
        case .invalidConfiguration(let detail):
            return ValidationError(detail)
        }
    }
}

/// SIGINT/SIGTERM make the player leave with `bye userQuit`; before it is connected, they end
/// the attempt at once.
final class QuitOnSignal: Sendable {
    private let session = Mutex<PlayerSession?>(nil)

    init() {
        TerminationSignals.onSignal { [self] in
            if let session = self.session.withLock({ $0 }) {
                Task { await session.quit() }
            } else {
                Terminal.err("disconnected: userQuit")
                Glibc.exit(0)
            }
        }
    }

    func connected(_ session: PlayerSession) { self.session.withLock { $0 = session } }
}

import Synchronization

extension JoinRoute: ExpressibleByArgument {}
