import Discovery
import Matchmaking
import Logging
import ServiceLifecycle
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Serves a running ``MatchmakingServer`` over Bluetooth: a kernel RFCOMM listener on one channel
/// of one adapter (bluetoothd's, through a registered profile, or our own), each accepted
/// connection checked for an encrypted link (``RFCOMMSecurity/required``), adopted by SwiftNIO
/// and run through the very same handshake, cap and session as TCP. Where Bluetooth cannot be
/// used (a kernel without it: EAFNOSUPPORT; no adapter) it logs one clear message and does
/// nothing: the host keeps serving on the LAN.
public struct BluetoothHosting: Service {
    /// The RFCOMM channel used when none is given (1-30).
    public static let defaultChannel = 7

    private let server: MatchmakingServer
    private let adapter: String?
    private let channel: Int
    private let playedFile: PlayedDevicesFile?
    private let logger: Logger
    private let onListening: @Sendable (BluetoothAdapter, Int) -> Void

    /// Serves `server` on `channel` of `adapter` (`hciN`; nil: the first one). `onListening` is
    /// told the adapter and channel once connections are accepted. `playedFile` is where the
    /// players' devices are remembered between runs (their link keys are forgotten: BlueZHost).
    public init(
        server: MatchmakingServer, adapter: String?, channel: Int = Self.defaultChannel, playedFile: PlayedDevicesFile? = nil,
        logger: Logger,
        onListening: @escaping @Sendable (BluetoothAdapter, Int) -> Void = { _, _ in }
    ) {
        self.server = server
        self.adapter = adapter
        self.channel = channel
        self.playedFile = playedFile
        self.logger = logger
        self.onListening = onListening
    }

    public func run() async throws {
        let adapter: BluetoothAdapter
        do {
            if let why = BluetoothUnavailable.check(adapter: self.adapter) { throw why }
            adapter = try BluetoothAdapter(named: self.adapter)
        } catch {
            logger.warning("Bluetooth unavailable: \(error); serving on the LAN only")
            try? await gracefulShutdown()
            return
        }
        let server = self.server
        let logger = self.logger
        @Sendable func adopt(_ fd: Int32, _ remote: String) {
            // Both listeners (bluetoothd's, ours) demand RFCOMMSecurity.required, and an accepted
            // socket has its listener's level: checked here, whoever listened.
            let security = RFCOMMSecurity.of(fd)
            guard let security, security >= RFCOMMSecurity.required else {
                close(fd)
                logger.warning(
                    "RFCOMM link refused: below the required security",
                    metadata: ["remote": "\(remote)", "security": "\(security.map { "\($0)" } ?? "unknown")", "required": "\(RFCOMMSecurity.required)"])
                return
            }
            logger.info("RFCOMM link accepted", metadata: ["remote": "\(remote)", "security": "\(security)"])
            Task {
                do {
                    try await server.adopt(socket: fd, remote: SeatDevices.label(ofAddress: remote))
                } catch {
                    close(fd)
                    logger.warning("RFCOMM connection not adopted", metadata: ["remote": "\(remote)", "error": "\(error)"])
                }
            }
        }
        // With bluetoothd: its profile listens on the channel and hands us each connection, and
        // the host is advertised over LE. Without it: a kernel listener, not advertised.
        var host: BlueZHost? = nil
        do {
            let bluez = try BlueZHost(
                adapter: adapter.name, channel: channel, name: server.status.name, serverID: server.configuration.serverID,
                capacity: server.configuration.capacity, playedFile: playedFile, logger: logger
            ) { fd, device in adopt(fd, Self.address(ofDevice: device)) }
            if await bluez.register() { host = bluez } else { await bluez.stop() }
        } catch {
            logger.notice("system D-Bus not reachable: RFCOMM without advertising", metadata: ["error": "\(error)"])
        }
        var listener: RFCOMMListener? = nil
        if host == nil {
            do {
                listener = try RFCOMMListener(adapter: adapter, channel: channel, logger: logger) { fd, address in adopt(fd, "\(address)") }
            } catch {
                logger.warning("Bluetooth unavailable: \(error); serving on the LAN only")
                try? await gracefulShutdown()
                return
            }
        }
        logger.info("listening on Bluetooth", metadata: ["adapter": "\(adapter.name)", "address": "\(adapter.address)", "channel": "\(channel)"])
        onListening(adapter, channel)
        if let host {
            // Followed from before any RFCOMM player could join (the profile was just registered),
            // and only with a host to tell (an unread stream would keep every change).
            let seats = server.seatChanges
            // The players byte of the LE advertisement follows the lobby (rate-limited inside).
            host.update(players: server.status.players)
            await cancelWhenGracefulShutdown {
                await withDiscardingTaskGroup { group in
                    group.addTask { for await status in server.statusUpdates { host.update(players: status.players) } }
                    // A player's link key lasts as long as its seat (BlueZHost.seatHeld).
                    group.addTask { await Self.follow(seats, host: host) }
                }
            }
        }
        try? await gracefulShutdown()
        listener?.close()
        await host?.stop()
    }

    /// Tells `host` which devices hold seats, as the server's seats change.
    static func follow(_ changes: AsyncStream<SeatChange>, host: BlueZHost) async {
        var devices = SeatDevices()
        for await change in changes {
            let effect = devices.apply(change)
            if let device = effect.held { host.seatHeld(by: device) }
            if let device = effect.givenUp { host.seatGivenUp(by: device) }
        }
    }

    /// `AA:BB:CC:DD:EE:FF` from `/org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF`.
    static func address(ofDevice path: String) -> String {
        guard let last = path.split(separator: "/").last, last.hasPrefix("dev_") else { return path }
        return String(last.dropFirst(4).replacing("_", with: ":"))
    }
}
