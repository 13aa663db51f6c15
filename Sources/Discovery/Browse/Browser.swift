import FoundationEssentials
import Logging
import Synchronization

/// The list of hosts on the network, merged from every discovery backend into one entry per
/// host (keyed by server id), as a stream of ``BrowserEvent``s plus a current ``snapshot``.
///
/// A host leaves the list when it says goodbye, or when `probe` (e.g. a TCP connect to its
/// port) fails twice in a row: a crashed host does not linger for mDNS's 75-minute record life.
public final class Browser: Sendable {
    /// Checks whether a host still answers; true when it does.
    public typealias Probe = @Sendable (FoundHost) async -> Bool

    /// Changes, in order. One consumer.
    public let events: AsyncStream<BrowserEvent>
    private let sink: AsyncStream<BrowserEvent>.Continuation
    private let directory: Locked<HostDirectory>
    private let dnssd: DNSSDBrowser
    private let tasks: Mutex<[Task<Void, Never>]> = Mutex([])
    private let logger: Logger

    /// Starts browsing DNS-SD at once.
    public init(
        acceptedVersions: Set<Int>, probe: Probe? = nil, probeInterval: Duration = .seconds(2), logger: Logger
    ) throws(DiscoveryError) {
        self.logger = logger
        self.directory = Locked(HostDirectory(acceptedVersions: acceptedVersions))
        (events, sink) = AsyncStream.makeStream(of: BrowserEvent.self)
        dnssd = try DNSSDBrowser(logger: logger)
        let follow = Task { [dnssd, sink, directory, logger] in
            for await event in dnssd.events {
                logger.trace("dnssd event", metadata: ["event": "\(event)"])
                if case .status(let status) = event {
                    logger.debug("avahi", metadata: ["status": "\(status)"])
                    if case .waitingForDaemon(let why) = status { sink.yield(.unavailable(.dnssd, why)) }
                }
                for change in directory.withLock({ $0.apply(event) }) { sink.yield(change) }
            }
        }
        var started = [follow]
        if let probe {
            started.append(Task { [directory, sink] in
                var failures: [UUID: Int] = [:]
                while !Task.isCancelled {
                    try? await Task.sleep(for: probeInterval)
                    for host in directory.withLock({ $0.snapshot }) {
                        if await probe(host) {
                            failures[host.id] = nil
                            continue
                        }
                        failures[host.id, default: 0] += 1
                        guard failures[host.id]! >= 2 else { continue }
                        failures[host.id] = nil
                        for change in directory.withLock({ $0.unreachable(host.id) }) { sink.yield(change) }
                    }
                }
            })
        }
        tasks.withLock { $0 = started }
    }

    /// The hosts known now.
    public var snapshot: [FoundHost] { directory.withLock { $0.snapshot } }

    /// The hosts seen only over Bluetooth now.
    public var bluetoothOnly: [BluetoothHost] { directory.withLock { $0.bluetoothOnly } }

    /// Merges Bluetooth sightings (e.g. ``BlueZScanner/hosts``) into the list until they end or
    /// the browser stops: a sighting of a LAN host adds `.bluetooth` to that entry.
    public func add(bluetooth sightings: AsyncStream<BluetoothHost>) {
        let task = Task { [directory, sink, logger] in
            for await sighting in sightings {
                logger.debug("bluetooth sighting", metadata: [
                    "address": "\(sighting.address)", "name": "\(sighting.name)", "idPrefix": "\(sighting.idPrefix)",
                ])
                for change in directory.withLock({ $0.apply(bluetooth: sighting) }) { sink.yield(change) }
            }
        }
        tasks.withLock { $0.append(task) }
    }

    /// Stops browsing and ends ``events``.
    public func stop() {
        for task in tasks.withLock({ $0 }) { task.cancel() }
        dnssd.stop()
        sink.finish()
    }
}
