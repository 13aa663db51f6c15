import Discovery
import Matchmaking
import Logging
import SecureLink
import ServiceLifecycle

/// Advertises a running ``MatchmakingServer`` over DNS-SD: TXT updated live as players join and
/// leave and games start and end; a collision rename is adopted by the server; withdrawn (with
/// goodbye packets) on graceful shutdown. Without avahi-daemon it logs how to start it once and
/// keeps waiting: the host keeps serving by address meanwhile.
public struct LANAdvertising: Service {
    private let server: MatchmakingServer
    private let bluetooth: HostAdvertisement.BluetoothRoute?
    private let webPort: Int?
    private let tlsFingerprint: String?
    private let logger: Logger

    /// Advertises `server` (already started: its port is known). `bluetooth`, when the host
    /// also serves over RFCOMM, goes into the TXT record (`bt`, `ch`): browsers merge the host's
    /// Bluetooth sighting with its LAN entry by that address. `webPort`, when the host serves
    /// its pages, is advertised as `_http._tcp` under the same name (TXT `path=/`).
    /// `tlsFingerprint`, when the TCP link speaks TLS, goes into the TXT record (`tls`): players
    /// who browse pin it.
    public init(
        server: MatchmakingServer, bluetooth: HostAdvertisement.BluetoothRoute? = nil, webPort: Int? = nil,
        tlsFingerprint: Fingerprint? = nil, logger: Logger
    ) {
        self.server = server
        self.tlsFingerprint = tlsFingerprint?.hex
        self.bluetooth = bluetooth
        self.webPort = webPort
        self.logger = logger
    }

    public func run() async throws {
        guard let port = server.localAddress?.port else { preconditionFailure("start the server first") }
        let configuration = server.configuration
        let bluetooth = self.bluetooth
        let udpPort = server.datagramPort
        let tlsFingerprint = self.tlsFingerprint
        @Sendable func advertisement(_ status: ServerStatus) throws(AdvertisementError) -> HostAdvertisement {
            try HostAdvertisement(
                serverID: configuration.serverID, name: status.name, game: configuration.game.rawValue,
                protocolVersion: WireCodec.supportedVersions.min()!, players: status.players, capacity: status.capacity,
                state: status.isPlaying ? .playing : .lobby, joinCodeRequired: configuration.joinCode != nil, tcpPort: port,
                bluetooth: bluetooth, udpPort: udpPort, tlsFingerprint: tlsFingerprint)
        }
        let first = server.status
        let advertiser = try DNSSDAdvertiser(try advertisement(first), webPort: webPort, logger: logger)
        // Stop following on graceful shutdown (the status stream only ends when the server
        // stops, which is after this service), then withdraw with goodbye packets.
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.follow(advertiser.events) }
                group.addTask {
                    var latest = first
                    for await status in server.statusUpdates {
                        var status = status
                        status.name = advertiser.currentName  // our rename wins over the requested name
                        guard status != latest else { continue }
                        latest = status
                        do { try advertiser.update(try advertisement(status)) } catch {
                            logger.warning("advertisement not updated", metadata: ["error": "\(error)"])
                        }
                    }
                }
            }
        }
        advertiser.stop()
    }

    private func follow(_ events: AsyncStream<DNSSDAdvertiser.Event>) async {
        var warnedAboutDaemon = false
        for await event in events {
            switch event {
            case .published(let name):
                warnedAboutDaemon = false
                logger.info("advertised on the LAN", metadata: ["name": "\(name)", "type": "\(ServiceType.snap)"])
            case .renamed(let old, let new):
                logger.notice("name taken on the LAN, renamed", metadata: ["from": "\(old)", "to": "\(new)"])
                server.rename(to: new)
            case .waitingForDaemon(let why):
                guard !warnedAboutDaemon else { continue }
                warnedAboutDaemon = true
                logger.warning(
                    "avahi-daemon not reachable: players cannot find this host by name until it runs (sudo systemctl start avahi-daemon); joining by address works",
                    metadata: ["error": "\(why)"])
            case .failed(let why):
                logger.error("advertising failed", metadata: ["error": "\(why)"])
            }
        }
    }
}
