import Discovery
import Logging
import ServiceLifecycle
#if canImport(Glibc)
import Glibc
#endif

/// Serves a running ``MatchmakingServer`` over Bluetooth: a kernel RFCOMM listener on one channel
/// of one adapter, each accepted connection adopted by SwiftNIO and run through the very same
/// handshake, cap and session as TCP. Where Bluetooth cannot be used (a kernel without it:
/// EAFNOSUPPORT; no adapter) it logs one clear message and does nothing: the host keeps serving
/// on the LAN.
public struct BluetoothHosting: Service {
    /// The RFCOMM channel used when none is given (1-30).
    public static let defaultChannel = 7

    private let server: MatchmakingServer
    private let adapter: String?
    private let channel: Int
    private let logger: Logger
    private let onListening: @Sendable (BluetoothAdapter, Int) -> Void

    /// Serves `server` on `channel` of `adapter` (`hciN`; nil: the first one). `onListening` is
    /// told the adapter and channel once connections are accepted.
    public init(
        server: MatchmakingServer, adapter: String?, channel: Int = Self.defaultChannel, logger: Logger,
        onListening: @escaping @Sendable (BluetoothAdapter, Int) -> Void = { _, _ in }
    ) {
        self.server = server
        self.adapter = adapter
        self.channel = channel
        self.logger = logger
        self.onListening = onListening
    }

    public func run() async throws {
        let listener: RFCOMMListener
        do {
            if let why = BluetoothUnavailable.check(adapter: adapter) { throw why }
            let adapter = try BluetoothAdapter(named: self.adapter)
            let server = self.server
            let logger = self.logger
            listener = try RFCOMMListener(adapter: adapter, channel: channel, logger: logger) { fd, address in
                Task {
                    do {
                        try await server.adopt(socket: fd, remote: "rfcomm \(address)")
                    } catch {
                        close(fd)
                        logger.warning("RFCOMM connection not adopted", metadata: ["remote": "\(address)", "error": "\(error)"])
                    }
                }
            }
            logger.info("listening on Bluetooth", metadata: ["adapter": "\(adapter.name)", "address": "\(adapter.address)", "channel": "\(channel)"])
            onListening(adapter, channel)
        } catch {
            logger.warning("Bluetooth unavailable: \(error); serving on the LAN only")
            try? await gracefulShutdown()
            return
        }
        try? await gracefulShutdown()
        listener.close()
    }
}
