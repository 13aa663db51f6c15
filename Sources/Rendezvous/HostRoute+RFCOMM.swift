import Discovery
import Logging
import Matchmaking
import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

extension HostRoute {
    /// RFCOMM to a Bluetooth address (`AA:BB:CC:DD:EE:FF`) on `channel` (1-30; nil: looked up in
    /// the host's SDP records), from `adapter` (`hciN`; nil: any). The kernel's connect blocks
    /// (paging takes a while), so a thread-pool thread does it; then NIO adopts the connected
    /// socket like any other stream. Between the lookup and the connect the host's device is
    /// paired with bonding (``BlueZBonding``), so that a player whose link drops comes back
    /// without pairing again; a key the host has forgotten since (its seat given up) is dropped
    /// and the connect tried once more without it.
    public static func rfcomm(
        address: String, channel: Int?, adapter: String?, logger: Logger = Logger(label: "snap-host.rfcomm")
    ) -> HostRoute {
        let from = adapter.map { ", from \($0)" } ?? ""
        let description = channel.map { "\(address) (RFCOMM channel \($0)\(from))" } ?? "\(address) (RFCOMM, channel from SDP\(from))"
        return HostRoute(description) { bootstrap in
            let socket: Int32
            do {
                let (remote, local, found) = try await NIOThreadPool.singleton.runIfActive {
                    let remote = try BluetoothAddress(address)
                    let local = try BluetoothAdapter(named: adapter)
                    let found = try channel ?? RFCOMM.lookUpChannel(of: remote, adapter: local)
                    return (remote, local, found)
                }
                let bond = await BlueZBonding.bond(address: "\(remote)", adapter: local.name, logger: logger)
                logger.debug("RFCOMM connect", metadata: [
                    "address": "\(remote)", "channel": "\(found)", "fromSDP": "\(channel == nil)", "bond": "\(bond)",
                ])
                do {
                    socket = try await connect(remote, channel: found, adapter: local, logger: logger)
                } catch BluetoothUnavailable.connectFailed(let code, _) where bond == .alreadyPaired && Self.refusedKey.contains(code) {
                    // The host forgot its key (the seat was given up meanwhile): pair afresh.
                    logger.debug("RFCOMM refused with a kept key: forgetting it", metadata: ["address": "\(remote)"])
                    await BlueZBonding.unbond(address: "\(remote)", adapter: local.name, logger: logger)
                    socket = try await connect(remote, channel: found, adapter: local, logger: logger)
                }
            } catch BluetoothUnavailable.connectFailed(let code, let detail) {
                // The route names the device and channel; the client's sentence ends with the
                // errno's words (TransportFailure), as over TCP.
                logger.debug("RFCOMM route failed", metadata: ["error": "\(detail)"])
                throw IOError(errnoCode: code, reason: detail)
            }
            do {
                return try await bootstrap.withConnectedSocket(socket).get()
            } catch {
                close(socket)
                throw error
            }
        }
    }

    /// The errnos of a connect whose pairing failed (`RFCOMM.connect`'s refusals).
    static let refusedKey: Set<Int32> = [EACCES, ECONNREFUSED, ECONNRESET]

    /// The blocking RFCOMM connect, on a thread-pool thread.
    private static func connect(
        _ remote: BluetoothAddress, channel: Int, adapter: BluetoothAdapter, logger: Logger
    ) async throws -> Int32 {
        try await NIOThreadPool.singleton.runIfActive {
            let socket = try RFCOMM.connect(to: remote, channel: channel, adapter: adapter)
            logger.debug("RFCOMM connected", metadata: ["security": "\(RFCOMMSecurity.of(socket).map { "\($0)" } ?? "unknown")"])
            return socket
        }
    }
}
