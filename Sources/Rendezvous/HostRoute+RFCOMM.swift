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
    /// socket like any other stream.
    public static func rfcomm(
        address: String, channel: Int?, adapter: String?, logger: Logger = Logger(label: "snap-host.rfcomm")
    ) -> HostRoute {
        let from = adapter.map { ", from \($0)" } ?? ""
        let description = channel.map { "\(address) (RFCOMM channel \($0)\(from))" } ?? "\(address) (RFCOMM, channel from SDP\(from))"
        return HostRoute(description) { bootstrap in
            let socket: Int32
            do {
                socket = try await NIOThreadPool.singleton.runIfActive {
                    let remote = try BluetoothAddress(address)
                    let local = try adapter.map { name throws(BluetoothUnavailable) in try BluetoothAdapter(named: name) }
                    let found = try channel ?? RFCOMM.lookUpChannel(of: remote, adapter: local)
                    logger.debug("RFCOMM connect", metadata: ["address": "\(remote)", "channel": "\(found)", "fromSDP": "\(channel == nil)"])
                    let socket = try RFCOMM.connect(to: remote, channel: found, adapter: local)
                    logger.debug("RFCOMM connected", metadata: ["security": "\(RFCOMMSecurity.of(socket).map { "\($0)" } ?? "unknown")"])
                    return socket
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
}
