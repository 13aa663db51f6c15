import ArgumentParser
import Discovery
import Dispatch
import FoundationEssentials
import GameRuntime
import Glibc
import Logging
import Matchmaking
import Rendezvous
import SecureLink

/// `snap-host join`: join a host, show who is present, chat; `--bot` plays by itself.
struct Join: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join a host by its advertised name or by HOST:PORT.",
        usage: "snap-host join <target> [<options>] [<game-option> ...]",
        discussion: """
            Exit status: 0 after userQuit or serverQuit, 2 when denied (`denied: <reason>` on stderr), \
            3 when the connection dropped or the host broke the protocol, 4 when the host cannot be \
            reached, 5 when the host removed this player (kick: `you were removed by the host`). \
            Type a line to chat; /quit leaves. In Snap!: f or space flips, s snaps, q leaves \
            (f, s and Enter when stdin is not a terminal); --bot plays with --reaction-ms. In Pong: w or the up \
            arrow moves your paddle up, s or the down arrow down (players after the first two watch). In trivia: answer with a key 1-9 (a number and \
            Enter when stdin is not a terminal), q leaves. At game over the final standings print and \
            join waits in the lobby for the next game; with --once it leaves and exits 0.
            """)

    @Argument(help: "The host: its advertised name (as `browse` lists it), HOST:PORT, [IPv6]:PORT, or a Bluetooth address AA:BB:CC:DD:EE:FF (RFCOMM).")
    var target: String

    @Option(help: "Seconds to search the LAN for a host given by name.")
    var searchTimeout: Double = 5

    @Option(help: "Your name (1-32 characters). Default: asked for on a terminal (Enter takes your user name); your user name otherwise, and for --bot.")
    var player: String?

    @Option(help: "The host's join code, if it has one.")
    var joinCode: String?

    @Flag(help: "Play by yourself: in the lobby greet and stay; in trivia answer every question, in Snap! flip and snap, in Pong move the paddle; game after game (leave at game over with --once).")
    var bot = false

    @Flag(help: "Leave at the first game over (exit 0) instead of waiting in the lobby for the next game: for scripts.")
    var once = false

    @Flag(name: .customLong("no-udp"), help: "Send and take real-time states (Pong) over the connection only, never over UDP.")
    var noUDP = false

    @Flag(name: .customLong("no-tls"), help: "Join a host that speaks clear text (serve --no-tls, or an older snap-host). A host found by name that advertises a TLS key is still joined over TLS.")
    var noTLS = false

    @Option(help: "The host's TLS key fingerprint (the 64 hex digits `serve` prints after `tls key SHA-256`): only that key is accepted. Default: for HOST:PORT the key first seen there, remembered; for a name the key the host advertises.")
    var fingerprint: String?

    @Option(help: "The host's RFCOMM channel, when joining over Bluetooth. Default: looked up in the host's SDP records.")
    var channel: Int?

    @Option(help: "The Bluetooth adapter to scan and connect from (hciN).")
    var adapter: String?

    @Option(help: "For a host found by name: lan or bluetooth (default: the LAN when the host is seen there, else Bluetooth).")
    var via: JoinRoute?

    @OptionGroup var common: CommonOptions

    @Argument(
        parsing: .postTerminator,
        help: ArgumentHelp("How the game plays (--NAME VALUE), listed below under each game; they may also follow a lone --.", valueName: "game-option"))
    var gameOptions: [String] = []

    func validate() throws {
        _ = try playValues()
        if let fingerprint, Fingerprint(hex: fingerprint) == nil {
            throw ValidationError("--fingerprint: expected the 64 hex digits of the host's SHA-256 key fingerprint")
        }
        if noTLS, fingerprint != nil { throw ValidationError("--fingerprint is a TLS key: it cannot go with --no-tls") }
        if let channel, !Limits.rfcommChannels.contains(channel) {
            throw ValidationError("--channel must be \(Limits.rfcommChannels.lowerBound)-\(Limits.rfcommChannels.upperBound) (RFCOMM's channels)")
        }
    }

    func run() async throws {
        common.bootstrapLogging()
        let logger = Logger(label: "snap-host")
        let quitter = QuitOnSignal()  // first: a signal while connecting must not be lost
        let prompt = NamePrompt(bot: bot)
        guard var name = prompt.name(given: player) else { throw ExitCode.success }
        let store = ResumeStore.standard()
        var session: PlayerSession
        while true {
            do {
                session = try await join(as: name, tokens: store?.tokens(for: (try? PlayerName.validate(name)) ?? name) ?? [:], logger: logger)
                break
            } catch {
                let exit = Self.exit(for: error, clearText: noTLS)  // says why on stderr
                guard case .denied(.nameTaken, _, let free?) = error, let accepted = prompt.offer(free) else {
                    await BlueZBonding.unbondAll(logger: logger)  // no seat: no key kept for one
                    throw exit
                }
                name = accepted
            }
        }
        while true {
            quitter.connected(session)  // before saying so: a signal from then on must say bye
            Terminal.out("connected to \(session.host.name) as \(session.me.name) (id \(session.me.id))")
            if session.resumed { Terminal.out("resumed: your seat was kept; your score (and cards) are as you left them") }
            if let token = session.resumeToken {
                do { try store?.keep(token, for: session.hostID, name: session.me.name) } catch {
                    logger.warning("resume token not kept", metadata: ["error": "\(error)"])
                }
            }
            for peer in session.initialPeers { Terminal.out("present: \(peer.name) (id \(peer.id))") }
            let unnamed = session.initialPlayerCount - session.initialPeers.count - 1
            if unnamed > 0 { Terminal.out("present: \(unnamed) more, not named (\(session.initialPlayerCount) players in all)") }
            let options = PlayOptions(bot: bot, once: once, values: try playValues())
            let reason = await (GameRegistry.registration(for: session.game) ?? .lobby).play(session, options)
            if reason == .connectionDropped, let again = await reconnect(session, quitter: quitter, logger: logger) {
                session = again
                continue
            }
            if reason != .connectionDropped {  // the seat is given up for good: its token, and the host's key
                store?.forget(session.hostID, name: session.me.name)
                await BlueZBonding.unbondAll(logger: logger)
            }
            Terminal.err("disconnected: \(reason)")
            switch reason {
            case .userQuit, .serverQuit: return
            case .noNetwork: throw ExitCode(4)
            case .denied: throw ExitCode(2)
            case .connectionDropped, .protocolError: throw ExitCode(3)
            case .kicked: throw ExitCode(5)
            }
        }
    }

    /// The games' play options as given: parsed before the game is known, by every game's
    /// declarations (each game reads its own).
    func playValues() throws -> GameOptionValues {
        do { return try GameOptionParser(options: GameRegistry.playOptions, title: "join").parse(gameOptions) } catch {
            throw ValidationError(error.description)
        }
    }

    /// Joins as `name`, asking for a seat back on a host `tokens` holds one on.
    private func join(as name: String, tokens: [UUID: String], logger: Logger) async throws(JoinError) -> PlayerSession {
        var configuration = ClientConfiguration(playerName: name, joinCode: joinCode)
        configuration.resumeTokens = tokens
        configuration.datagrams = !noUDP
        if let route = JoinTargetParser.address(target, channel: channel, adapter: adapter, link: tcpLink, logger: logger) {
            return try await MatchmakingClient.join(route, configuration: configuration, logger: logger)
        }
        let search = HostSearch(named: target, via: via ?? .any, adapter: adapter, clearText: noTLS, logger: logger)
        return try await MatchmakingClient.join(
            finding: search, within: .milliseconds(Int64(searchTimeout * 1000)), configuration: configuration, logger: logger)
    }

    /// How a TCP link to an address is made: clear text with --no-tls; else TLS trusting the
    /// key given with --fingerprint, else the one remembered for the address (the first seen).
    private var tcpLink: JoinTargetParser.TCPLink {
        if noTLS { return .clearText }
        if let fingerprint, let key = Fingerprint(hex: fingerprint) {
            return .tls(trust: { _ in .pinned(key, source: "given with --fingerprint") })
        }
        let knownHosts = StateDirectory.user(environment: ProcessInfo.processInfo.environment).map {
            KnownHosts(path: $0 + "/" + KnownHosts.name)
        }
        return .tls(trust: { endpoint in
            knownHosts.map { .firstUse($0, endpoint: endpoint) } ?? .noKey(why: "no state directory to remember its key in (set HOME), and no --fingerprint")
        })
    }

    /// The link dropped while the host keeps the seat (a Wi-Fi blip, a host restarting its
    /// network): tries to take it back once a second for up to ``reconnectFor``. Returns the new
    /// session (the seat back, or a new one once the host gave it up), or nil: nothing to take
    /// back, a host that is gone (its port refuses), a refusal (said on stderr), or the time is up.
    private func reconnect(_ dropped: PlayerSession, quitter: QuitOnSignal, logger: Logger) async -> PlayerSession? {
        guard let token = dropped.resumeToken else { return nil }
        quitter.reconnecting()  // a signal now ends the attempts at once
        Terminal.err("connection lost: reconnecting to keep your seat…")
        let deadline = ContinuousClock.now + Self.reconnectFor
        while ContinuousClock.now < deadline {
            try? await Task.sleep(for: .seconds(1))
            do {
                return try await join(as: dropped.me.name, tokens: [dropped.hostID: token], logger: logger)
            } catch .noNetwork(let why) where why.hasSuffix(Self.refused) {
                return nil  // the host's machine answers but nothing listens: the host is gone
            } catch .noNetwork, .connectionDropped {
                continue  // the network is not back yet
            } catch {
                _ = Self.exit(for: error, clearText: noTLS)  // a refusal or a broken host: said on stderr
                return nil
            }
        }
        return nil
    }

    /// How long a dropped `join` tries to take its seat back: the host's default grace period.
    static let reconnectFor = Duration.seconds(60)
    /// The last words of the sentence for a host whose port is closed.
    private static let refused = TransportFailure.reason(errno: ECONNREFUSED)

    /// Says why joining failed on stderr; returns the exit. `clearText`: joined with --no-tls,
    /// which a TLS host closes at its handshake timeout.
    private static func exit(for error: JoinError, clearText: Bool) -> any Error {
        switch error {
        case .denied(let reason, let detail, _):
            Terminal.err("denied: \(reason)")
            if !detail.isEmpty { Terminal.err("  \(detail)") }
            return ExitCode(2)
        case .noNetwork(let detail):
            Terminal.err("disconnected: noNetwork")
            Terminal.err("  \(detail)")
            return ExitCode(4)
        case .connectionDropped, .protocolError:
            Terminal.err("disconnected: \(error)")
            if clearText, error == .connectionDropped {
                Terminal.err("  the host closed the connection before sending its serverHello: a host that speaks TLS does that to a clear-text join; join without --no-tls")
            }
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

    /// Between links (reconnecting): a signal ends the attempt at once, as before connecting.
    func reconnecting() { session.withLock { $0 = nil } }
}

import Synchronization

extension JoinRoute: ExpressibleByArgument {}
