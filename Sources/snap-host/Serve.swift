import ArgumentParser
import FoundationEssentials
import Logging
import Discovery
import Matchmaking
import NIOCore
import ServiceLifecycle
import SnapGame
import Trivia

/// `snap-host serve`: run a host until SIGTERM/SIGINT.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Host a game: accept players up to a cap and deny the rest with a reason.",
        discussion: """
            Prints `listening on HOST:PORT` on stdout once it accepts connections, then one line per \
            player joining or leaving and per chat line; with `--game trivia`, the lobby, each question \
            with its countdown, the results and the standings; with `--game snap`, every flip and snap, \
            the table and the winner (docs/SNAP.md). Logs go to stderr. SIGTERM or SIGINT \
            tells every player `serverQuit` and exits 0. A question bank that cannot be used prints \
            the file, the entry and the problem on stderr and exits 65 before listening.
            """)

    @Option(help: "The name players see (1-63 bytes). Default: this machine's host name.")
    var name: String?

    @Option(help: "The game to run: `lobby` (presence and chat), `trivia` or `snap`.")
    var game: String = "lobby"

    @Option(help: "Most players admitted at once (1-10000).")
    var maxPlayers: Int = 8

    @Option(help: "Address to listen on; `::` means every IPv6 and IPv4 address.")
    var host: String = "::"

    @Option(help: "TCP port; 0 picks any free port.")
    var port: Int = 7777

    @Option(help: "Players must know this code (1-64 characters, no spaces). It never crosses the network.")
    var joinCode: String?

    @Flag(help: "Do not advertise over DNS-SD (Avahi); players then join by address.")
    var noDnssd = false

    @Flag(help: "Do not listen over Bluetooth (RFCOMM).")
    var noBluetooth = false

    @Option(help: "The Bluetooth adapter to serve on (hciN). Default: the first one.")
    var adapter: String?

    @Option(help: "The RFCOMM channel to listen on (1-30).")
    var rfcommChannel: Int = BluetoothHosting.defaultChannel

    @Option(help: "Milliseconds between heartbeats.")
    var heartbeatInterval: Int64 = 1000

    @Option(help: "Milliseconds of silence before a player is dropped.")
    var heartbeatTimeout: Int64 = 3000

    @Option(help: "Milliseconds a new connection has to say hello.")
    var handshakeTimeout: Int64 = 3000

    @Option(help: "A JSON file of serve options (keys are the long option names: {\"max-players\": 12}); options on the command line override it.")
    var config: String?

    @OptionGroup(title: "Trivia (with --game trivia)") var trivia: TriviaOptions

    @OptionGroup(title: "Snap! (with --game snap)") var snap: SnapOptions

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard ["lobby", "trivia", "snap"].contains(game) else {
            throw ValidationError("--game \(game): the games are `lobby`, `trivia` and `snap`")
        }
        if game == "snap" {
            if trivia.isUsedBeyondStart { throw ValidationError("the trivia options need --game trivia") }
            guard maxPlayers >= 2 else { throw ValidationError("snap needs --max-players of at least 2") }
        } else if game != "trivia", trivia.isUsed {
            throw ValidationError("the trivia options need --game trivia")
        }
        if game != "snap", snap.isUsed { throw ValidationError("the snap options need --game snap") }
        guard heartbeatInterval >= 10, heartbeatTimeout > heartbeatInterval else {
            throw ValidationError("--heartbeat-timeout (\(heartbeatTimeout) ms) must exceed --heartbeat-interval (\(heartbeatInterval) ms, at least 10)")
        }
        guard (1...30).contains(rfcommChannel) else { throw ValidationError("--rfcomm-channel must be 1-30 (RFCOMM's channels)") }
        if let adapter, adapter.wholeMatch(of: /hci[0-9]+/) == nil { throw ValidationError("--adapter \(adapter): expected hciN, e.g. hci0") }
        guard handshakeTimeout >= 100 else { throw ValidationError("--handshake-timeout must be at least 100 ms") }
        do { try serverConfiguration().validate() } catch { throw ValidationError(error.description) }
    }

    /// The server settings these options describe.
    func serverConfiguration() -> ServerConfiguration {
        var configuration = ServerConfiguration(name: name ?? Self.defaultName())
        configuration.game = game
        configuration.capacity = maxPlayers
        configuration.host = host
        configuration.port = port
        configuration.joinCode = joinCode
        configuration.connection = .init(
            handshakeTimeout: .milliseconds(handshakeTimeout),
            heartbeat: .init(interval: .milliseconds(heartbeatInterval), timeout: .milliseconds(heartbeatTimeout)))
        return configuration
    }

    func run() async throws {
        common.bootstrapLogging()
        let logger = Logger(label: "snap-host")
        FileLimit.raiseToHardLimit(logger: logger)
        let bank: QuestionBank?
        do {
            bank = game == "trivia" ? try trivia.loadBank() : nil
        } catch {
            Terminal.err("snap-host: \(error)")
            throw ExitCode(65)
        }
        let replay: ReplayLog?
        do {
            replay = try snap.replayLog.map { try ReplayLog(path: $0) }
        } catch {
            Terminal.err("snap-host: \(snap.replayLog ?? ""): cannot write the replay log")
            throw ExitCode(73)
        }
        let server: MatchmakingServer
        do {
            server = try MatchmakingServer(configuration: serverConfiguration(), logger: logger)
        } catch {
            throw ValidationError(error.description)
        }
        let address = try await server.start()
        Terminal.out("listening on \(address.hostAndPort)")
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: server)]
        if !noDnssd { services.append(.init(service: LANAdvertising(server: server, bluetooth: bluetoothRoute(), logger: logger))) }
        if !noBluetooth {
            services.append(.init(service: BluetoothHosting(
                server: server, adapter: adapter, channel: rfcommChannel, logger: logger,
                onListening: { adapter, channel in Terminal.out("bluetooth on \(adapter.address) channel \(channel) (\(adapter.name))") })))
        }
        if game == "snap" {
            let settings = snap.settings(startAfter: trivia.startAfter)
            let screen = SnapHostScreen(capacity: maxPlayers, replay: replay)
            screen.announce(settings)
            let table = SnapTable(settings: settings, capacity: maxPlayers, seed: snap.seed ?? UInt64.random(in: 0...UInt64.max))
            services.append(.init(service: SnapGameHost(session: server.session, table: table, logger: logger, observer: screen.show)))
        } else if let bank {
            let screen = TriviaHostScreen(capacity: maxPlayers)
            screen.announce(bank: bank, settings: trivia.settings, rule: trivia.startRule)
            let table = TriviaTable(bank: bank, settings: trivia.settings, startRule: trivia.startRule, capacity: maxPlayers)
            services.append(.init(service: TriviaHost(session: server.session, table: table, logger: logger, observer: screen.show)))
        } else {
            services.append(.init(service: LobbyHost(session: server.session, output: Terminal.out)))
        }
        let group = ServiceGroup(configuration: .init(services: services, logger: logger))
        TerminationSignals.onSignal { Task { await group.triggerGracefulShutdown() } }
        try await group.run()
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
