import ArgumentParser
import FoundationEssentials
import Logging
import Discovery
import GameRuntime
import Matchmaking
import Rendezvous
import SecureLink
import NIOCore
import ServiceLifecycle
import Web

/// `snap-host serve`: run a host until SIGTERM/SIGINT.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Host a game: accept players up to a cap and deny the rest with a reason.",
        usage: "snap-host serve [<options>] [<game-option> ...]",
        discussion: """
            Prints `listening on HOST:PORT` on stdout once it accepts connections, `tls key SHA-256 <64 hex \
            digits>` (the key players check; `tls off` with --no-tls), `web on HOST:PORT`, \
            `join at URL (TV: URL/screen)` for the phone and TV pages and `host page: URL/host (PIN N)` \
            for the host's controls (docs/WEB.md), then one line per \
            player joining or leaving and per chat line; with `--game trivia`, the lobby (with `--start-at \
            HH:MM`, its countdown to that time from the start), each question with its countdown, the \
            results and the standings; with `--game snap`, every flip and snap, \
            the table and the winner (docs/SNAP.md); with `--game pong`, who plays which side, each point \
            and the winner (on a terminal the court too; docs/GAMES.md). Logs go to stderr. SIGTERM or SIGINT \
            tells every player `serverQuit` and exits 0. A question bank that cannot be used prints \
            FILE:LINE:COLUMN and the problem on stderr and exits 65 before listening.
            """)

    @Option(help: "The name players see (1-63 bytes). Default: this machine's host name.")
    var name: String?

    @Option(help: ArgumentHelp("The game to run: \(GameRegistry.list) (`lobby`: presence and chat). A game's own options are listed below, under its name."))
    var game: String = "lobby"

    @Option(help: "Most players admitted at once (1-10000).")
    var maxPlayers: Int = 8

    @Option(help: "Address to listen on; `::` means every IPv6 and IPv4 address.")
    var host: String = "::"

    @Option(help: "TCP port; 0 picks any free port.")
    var port: Int = ServerConfiguration.defaultPort

    @Option(help: "Players must know this code (1-64 characters, no spaces). It never crosses the network.")
    var joinCode: String?

    @Flag(help: "Do not advertise over DNS-SD (Avahi); players then join by address.")
    var noDnssd = false

    @Flag(help: "Do not listen over Bluetooth (RFCOMM).")
    var noBluetooth = false

    @Flag(name: .customLong("no-udp"), help: "Open no UDP port for the real-time channel: Pong's court then goes over each player's connection (as over Bluetooth or a browser).")
    var noUDP = false

    @Flag(name: .customLong("no-tls"), help: "Speak clear text on the TCP port instead of TLS 1.3: for players whose snap-host predates TLS (they join with --no-tls too).")
    var noTLS = false

    @Option(help: "Where the host keeps its TLS key and what it must remember between runs. Default: $STATE_DIRECTORY (a service's), else $XDG_STATE_HOME/snap-host, else ~/.local/state/snap-host.")
    var stateDir: String?

    @Option(help: "The Bluetooth adapter to serve on (hciN). Default: the first one.")
    var adapter: String?

    @Option(help: "The RFCOMM channel to listen on (1-30).")
    var rfcommChannel: Int = BluetoothHosting.defaultChannel

    @Option(help: "The web port: phones play at http://ADDRESS:PORT/, the TV shows /screen. 0 picks any free port. Default: 8080, or none if 8080 is taken (a warning says so).")
    var webPort: Int?

    @Flag(help: "No web port (no phone players, no TV page).")
    var noWeb = false

    @Option(help: "Web connections allowed from one address (phones each have their own).")
    var webMaxPerAddress: Int = WebConfiguration().maxConnectionsPerAddress

    @Option(help: "The PIN that unlocks the host page (/host): 6-12 digits, not the join code. Default: a new random 6-digit PIN each run, printed on stdout.")
    var hostPin: String?

    @Option(help: "Write the host PIN to this file (mode 0600, replaced at each start) instead of printing it: for a service whose stdout is the journal. The service's is /run/snap-host/host-pin.")
    var hostPinFile: String?

    @Option(help: "Bots that play from this host (\"Bot 1\", \"Bot 2\", ...), as players like any other: for demos, or to fill a table.")
    var bots: Int = 0

    @Option(help: "Milliseconds between heartbeats.")
    var heartbeatInterval: Int64 = HeartbeatConfiguration.default.interval.nanoseconds / 1_000_000

    @Option(help: "Milliseconds of silence before a player is dropped.")
    var heartbeatTimeout: Int64 = HeartbeatConfiguration.default.timeout.nanoseconds / 1_000_000

    @Option(help: "Seconds a player's seat (name, score, cards) is kept after its connection drops, for it to come back (0-3600; 0 keeps none).")
    var resumeGrace: Double = Double(ServerConfiguration.defaultResumeGrace.nanoseconds) / 1e9

    @Option(help: "Players named to every player of protocol version 4 (the first to arrive); the others are counted, not named (at least 1).")
    var listedPlayers: Int = ServerConfiguration.defaultListedPlayers

    @Option(help: "Milliseconds a new connection has to say hello.")
    var handshakeTimeout: Int64 = ServerConfiguration.defaultHandshakeTimeout.nanoseconds / 1_000_000

    @Option(help: "A JSON file of serve options (keys are the long option names: {\"max-players\": 12}); options on the command line override it.")
    var config: String?

    @Option(help: "A folder for the replay logs of the games that keep one (Snap!: DIR/snap-replay.jsonl); the other games write nothing there. The service sets it to its state directory, /var/lib/snap-host.")
    var replayDir: String?

    @OptionGroup(title: "Starting games (every game but the lobby)") var start: StartOptions

    @OptionGroup var common: CommonOptions

    @Argument(
        parsing: .postTerminator,
        help: ArgumentHelp("The game's own options (--NAME VALUE), listed below under each game; they may also follow a lone --.", valueName: "game-option"))
    var gameOptions: [String] = []

    func validate() throws {
        _ = try gameValues(of: registration())
        guard heartbeatInterval >= 10, heartbeatTimeout > heartbeatInterval else {
            throw ValidationError("--heartbeat-timeout (\(heartbeatTimeout) ms) must exceed --heartbeat-interval (\(heartbeatInterval) ms, at least 10)")
        }
        guard Limits.rfcommChannels.contains(rfcommChannel) else {
            throw ValidationError("--rfcomm-channel must be \(Limits.rfcommChannels.lowerBound)-\(Limits.rfcommChannels.upperBound) (RFCOMM's channels)")
        }
        if let adapter, adapter.wholeMatch(of: /hci[0-9]+/) == nil { throw ValidationError("--adapter \(adapter): expected hciN, e.g. hci0") }
        guard handshakeTimeout >= 100 else { throw ValidationError("--handshake-timeout must be at least 100 ms") }
        guard (0...maxPlayers).contains(bots) else { throw ValidationError("--bots must be 0-\(maxPlayers) (at most --max-players)") }
        do { try serverConfiguration().validate() } catch { throw ValidationError(error.description) }
        do { try webConfiguration().validate() } catch { throw ValidationError("--web-port/--web-max-per-address: \(error.description)") }
        _ = try hostPIN()
        do { try HostAdvertisement.validateInstanceName(name ?? Self.defaultName()) } catch { throw ValidationError(error.description) }
    }

    /// The server settings these options describe.
    func serverConfiguration() -> ServerConfiguration {
        var configuration = ServerConfiguration(name: name ?? Self.defaultName())
        configuration.game = GameName(rawValue: game)
        configuration.capacity = maxPlayers
        configuration.host = host
        configuration.port = port
        configuration.joinCode = joinCode
        configuration.datagrams = !noUDP
        configuration.handshakeTimeout = .milliseconds(handshakeTimeout)
        configuration.heartbeat = .init(interval: .milliseconds(heartbeatInterval), timeout: .milliseconds(heartbeatTimeout))
        configuration.listedPlayers = listedPlayers
        configuration.resumeGrace = .nanoseconds(Int64((resumeGrace.isFinite ? min(max(resumeGrace, -1), 4000) : -1) * 1e9))  // clamped: checked by validate()
        return configuration
    }

    /// The host page's PIN: `--host-pin`, checked, or a random one.
    func hostPIN() throws -> HostPIN {
        guard let hostPin else { return HostPIN.random(avoiding: joinCode) }
        do { return try HostPIN(hostPin, joinCode: joinCode) } catch { throw ValidationError("--host-pin: \(error.description)") }
    }

    /// The web port's settings these options describe.
    func webConfiguration() -> WebConfiguration {
        var configuration = WebConfiguration()
        configuration.host = host
        configuration.port = webPort ?? WebConfiguration.defaultPort
        configuration.maxConnectionsPerAddress = webMaxPerAddress
        configuration.gamePage = GameRegistry.registration(for: GameName(rawValue: game))?.page
        return configuration
    }

    func run() async throws {
        common.bootstrapLogging()
        let logger = Logger(label: "snap-host")
        FileLimit.raiseToHardLimit(logger: logger)
        let registration = try registration()
        let prepared = try prepare(registration)
        let environment = ProcessInfo.processInfo.environment
        let stateDirectory = StateDirectory.host(given: stateDir, environment: environment)
        let tls = try noTLS ? nil : Self.tls(in: stateDirectory, logger: logger)
        var configuration = serverConfiguration()
        configuration.linkSecurity = tls
        let server: MatchmakingServer
        do {
            server = try MatchmakingServer(configuration: configuration, logger: logger)
        } catch {
            throw ValidationError(error.description)
        }
        let address = try await server.start()
        Terminal.out("listening on \(address.hostAndPort)")
        Terminal.out(tls.map { "tls key SHA-256 \($0.fingerprint.hex)" } ?? "tls off: the TCP port speaks clear text (--no-tls)")
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: server)]
        let feed = noWeb ? nil : ScreenFeed(
            host: .init(name: server.status.name, game: GameName(rawValue: game), capacity: maxPlayers, commands: prepared.hostCommands),
            peers: { server.session.peers })
        let hostedGame = prepared.start(server.session, logger, feed)
        prepared.desk?.attach(commands: { hostedGame.command($0) })
        var web: WebServer?
        if let feed { web = try await startWeb(server: server, feed: feed, hostedGame: hostedGame, desk: prepared.desk, logger: logger) }
        if let web { services.append(.init(service: web)) }
        if !noDnssd { services.append(.init(service: LANAdvertising(
            server: server, bluetooth: bluetoothRoute(), webPort: web?.localAddress?.port, tlsFingerprint: tls?.fingerprint, logger: logger))) }
        if !noBluetooth {
            services.append(.init(service: BluetoothHosting(
                server: server, adapter: adapter, channel: rfcommChannel,
                playedFile: stateDirectory.map { PlayedDevicesFile(path: $0 + "/" + PlayedDevicesFile.name) }, logger: logger,
                onListening: { adapter, channel in Terminal.out("bluetooth on \(adapter.address) channel \(channel) (\(adapter.name))") })))
        }
        services.append(.init(service: hostedGame))
        if bots > 0 { services.append(.init(service: LocalBots(server: server, count: bots, game: registration, logger: logger))) }
        let group = ServiceGroup(configuration: .init(services: services, logger: logger))
        TerminationSignals.onSignal { Task { await group.triggerGracefulShutdown() } }
        try await group.run()
    }

    /// TLS with the host's identity from its state directory (made there at the first start);
    /// exits 73 naming the file when it cannot be read or written.
    private static func tls(in directory: String?, logger: Logger) throws -> TLSHost {
        guard let directory else {
            Terminal.err("snap-host: no state directory for the TLS key: pass --state-dir DIR (or set HOME), or serve with --no-tls")
            throw ExitCode(73)
        }
        do {
            let identity = try HostIdentity.loadOrCreate(in: directory)
            if identity.isNew { logger.notice("made a TLS key", metadata: ["directory": "\(directory)", "fingerprint": "\(identity.fingerprint.hex)"]) }
            return try TLSHost(identity: identity)
        } catch let error as HostIdentityError {
            Terminal.err("snap-host: \(error)")
            throw ExitCode(73)
        }
    }

    /// Starts the web port with the TV feed and the host page (whose commands go to `hostedGame`);
    /// prints where to open them (and, on a terminal, the QR code of the first address).
    private func startWeb(
        server: MatchmakingServer, feed: ScreenFeed, hostedGame: any HostedGame, desk: (any GameDesk)?, logger: Logger
    ) async throws -> WebServer? {
        var configuration = webConfiguration()
        configuration.desk = desk
        let pin = try hostPIN()
        if let hostPinFile {
            do { try POSIX.replaceFile(hostPinFile, with: pin.digits + "\n", mode: 0o600) } catch {
                Terminal.err("snap-host: \(hostPinFile): cannot write the host PIN (\(POSIX.describe(error)))")
                throw ExitCode(73)
            }
        }
        let hostPage = HostPage(pin: pin, feed: feed, logger: logger, send: { hostedGame.command($0) })
        let web = try WebServer(configuration: configuration, server: server, feed: feed, hostPage: hostPage, logger: logger)
        let address: SocketAddress
        do {
            address = try await web.start()
        } catch where webPort == nil {
            logger.warning("web port unavailable: no phone players, no TV page, no host page", metadata: [
                "port": "\(configuration.port)", "error": "\(error)", "fix": "--web-port P (0: any free port)",
            ])
            return nil
        }
        let urls = JoinAddress.urls(port: address.port ?? configuration.port, boundTo: configuration.host)
        let join = JoinAddress(url: urls[0], code: joinCode)
        feed.join(at: join)
        Terminal.out("web on \(address.hostAndPort)")
        for url in urls { Terminal.out("join at \(url) (TV: \(url)screen)") }
        if POSIX.stdoutIsTerminal, let code = try? QRCode(join.url(forLocalScreen: true)) {
            for line in code.halfBlocks() { Terminal.out(line) }
        }
        // The PIN only where the host alone reads it: its terminal (or whatever it pipes stdout
        // to), or the PIN file; never the journal, a log line, the TV or DNS-SD.
        let shown = hostPinFile.map { "PIN in \($0)" }
            ?? (POSIX.stdoutIsJournal ? "PIN not shown: stdout is the journal; see --host-pin-file" : "PIN \(pin.digits)")
        Terminal.out("host page: \(urls[0])host (\(shown))")
        return web
    }

    /// Where this host is reached over Bluetooth, for the LAN advertisement; nil without it.
    private func bluetoothRoute() -> HostAdvertisement.BluetoothRoute? {
        guard !noBluetooth, BluetoothUnavailable.check(adapter: adapter) == nil,
            let local = try? BluetoothAdapter(named: adapter)
        else { return nil }
        return try? HostAdvertisement.BluetoothRoute(address: local.address, channel: rfcommChannel)
    }

    /// The machine's host name, cut to the 63-byte limit of a DNS-SD instance name.
    static func defaultName() -> String {
        var name = POSIX.hostName
        while name.utf8.count > 63 { name.removeLast() }
        return name.isEmpty ? "snap-host" : name
    }
}
