import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc
import Logging
import Matchmaking

/// `snap-host join`: join a host, show who is present, chat; `--bot` plays by itself.
struct Join: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join a host by its advertised name or by HOST:PORT.",
        discussion: """
            Exit status: 0 after userQuit or serverQuit, 2 when denied (`denied: <reason>` on stderr), \
            3 when the connection dropped or the host broke the protocol, 4 when the host cannot be \
            reached. Type a line to chat; /quit leaves. In Snap!: f or space flips, s snaps, q leaves \
            (f, s and Enter when stdin is not a terminal); --bot plays with --reaction-ms. In trivia: answer with a key 1-9 (a number and \
            Enter when stdin is not a terminal), q leaves; at game over the final standings print and \
            join exits 0.
            """)

    @Argument(help: "The host: its advertised name (as `browse` lists it), HOST:PORT, [IPv6]:PORT, or a Bluetooth address AA:BB:CC:DD:EE:FF (RFCOMM).")
    var target: String

    @Option(help: "Seconds to search the LAN for a host given by name.")
    var searchTimeout: Double = 5

    @Option(help: "Your name (1-32 characters). Default: your user name.")
    var player: String?

    @Option(help: "The host's join code, if it has one.")
    var joinCode: String?

    @Flag(help: "Play by yourself: in the lobby greet and stay; in trivia answer every question, in Snap! flip and snap; leave at game over.")
    var bot = false

    @OptionGroup(title: "Snap! bot (with --bot)") var snapBot: SnapJoinOptions

    @Option(help: "The host's RFCOMM channel, when joining over Bluetooth. Default: looked up in the host's SDP records.")
    var channel: Int?

    @Option(help: "The Bluetooth adapter to scan and connect from (hciN).")
    var adapter: String?

    @Option(help: "For a host found by name: lan or bluetooth (default: the LAN when the host is seen there, else Bluetooth).")
    var via: JoinRoute?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if let channel, !(1...30).contains(channel) { throw ValidationError("--channel must be 1-30 (RFCOMM's channels)") }
    }

    func run() async throws {
        common.bootstrapLogging()
        let logger = Logger(label: "snap-host")
        let quitter = QuitOnSignal()  // first: a signal while connecting must not be lost
        let name = player ?? ProcessInfo.processInfo.environment["USER"] ?? "player"
        let configuration = ClientConfiguration(playerName: name, joinCode: joinCode)
        let session: ClientSession
        do {
            if let target = JoinTargetParser.address(self.target, channel: channel, adapter: adapter) {
                session = try await MatchmakingClient.join(target, configuration: configuration, logger: logger)
            } else {
                session = try await MatchmakingClient.join(
                    named: self.target, searchTimeout: .milliseconds(Int(searchTimeout * 1000)), via: via ?? .any,
                    adapter: adapter, configuration: configuration, logger: logger)
            }
        } catch {
            throw Self.exit(for: error)
        }
        quitter.connected(session)  // before saying so: a signal from then on must say bye
        Terminal.out("connected to \(session.host.name) as \(session.me.name) (id \(session.me.id))")
        for peer in session.initialPeers { Terminal.out("present: \(peer.name) (id \(peer.id))") }
        let names = PeerNames(session: session)
        async let events: Void = names.follow(session.events)
        let reason: EndReason
        if session.game == "snap" {
            reason = await SnapClientScreen(session: session, bot: bot ? snapBot.bot : nil, names: names).run()
        } else if session.game == "trivia" {
            reason = await TriviaClientScreen(session: session, bot: bot, names: names).run()
        } else {
            reason = await Self.lobby(session, bot: bot, names: names)
        }
        _ = await events
        Terminal.err("disconnected: \(reason)")
        switch reason {
        case .userQuit, .serverQuit: return
        case .noNetwork: throw ExitCode(4)
        case .denied: throw ExitCode(2)
        case .connectionDropped, .protocolError: throw ExitCode(3)
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

    /// The lobby: chat until the connection ends.
    private static func lobby(_ session: ClientSession, bot: Bool, names: PeerNames) async -> EndReason {
        if bot {
            try? session.send(LobbyMessage.chat("hello from \(session.me.name)"), to: .all)
        } else {
            Self.readChat(into: session)
        }
        await Self.printChat(session.messages, names: names)
        return await session.ended()
    }

    private static func printChat(_ messages: AsyncStream<SessionMessage>, names: PeerNames) async {
        for await message in messages {
            guard let chat = try? message.decode(LobbyMessage.self), chat.kind == "chat" else { continue }
            Terminal.out("chat \(names.name(of: message.from)): \(chat.text)")
        }
    }

    /// Reads stdin lines on a thread of its own; each becomes a chat line, `/quit` leaves.
    private static func readChat(into session: ClientSession) {
        POSIX.detachThread {
            while let line = readLine() {
                if line == "/quit" {
                    Task { await session.quit() }
                    return
                }
                guard !line.isEmpty else { continue }
                try? session.send(LobbyMessage.chat(line), to: .all)
            }
        }
    }
}

/// SIGINT/SIGTERM make the player leave with `bye userQuit`; before it is connected, they end
/// the attempt at once.
final class QuitOnSignal: Sendable {
    private let session = Mutex<ClientSession?>(nil)

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

    func connected(_ session: ClientSession) { self.session.withLock { $0 = session } }
}

/// Keeps the names of the players present, for printing.
final class PeerNames: Sendable {
    private let names: Mutex<[PeerID: String]>

    init(session: ClientSession) {
        var names = [session.host.id: session.host.name, session.me.id: session.me.name]
        for peer in session.initialPeers { names[peer.id] = peer.name }
        self.names = Mutex(names)
    }

    func name(of id: PeerID) -> String { names.withLock { $0[id] } ?? "#\(id)" }

    func follow(_ events: AsyncStream<ClientEvent>) async {
        for await event in events {
            switch event {
            case .joined(let peer):
                names.withLock { $0[peer.id] = peer.name }
                Terminal.out("joined: \(peer.name) (id \(peer.id))")
            case .left(let peer, let reason):
                Terminal.out("left: \(peer.name) (id \(peer.id)) \(reason.rawValue)")
            }
        }
    }
}

import Synchronization

extension JoinRoute: ExpressibleByArgument {}
