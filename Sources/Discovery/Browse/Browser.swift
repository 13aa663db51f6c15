import FoundationEssentials
import Logging
import Synchronization

/// The list of hosts on the network, merged from every discovery backend into one entry per
/// host (keyed by server id), as a stream of ``BrowserEvent``s plus a current ``snapshot``.
///
/// A host's LAN route goes when it says goodbye, or when `probe` (e.g. a TCP connect to its
/// port) fails twice in a row: a crashed host does not linger for mDNS's 75-minute record life.
/// Its Bluetooth route goes when it is not heard advertising for three of its intervals (10 s at
/// most, ``BluetoothRoutes``). The host leaves the list when every route has gone.
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

    /// Merges Bluetooth sightings (e.g. ``BlueZScanner/hosts``: each one a host heard advertising)
    /// into the list until they end or the browser stops: a sighting of a LAN host adds
    /// `.bluetooth` to that entry. Routes that go quiet are aged out as they reach their deadline.
    public func add(bluetooth sightings: AsyncStream<BluetoothHost>) {
        let clock = ContinuousClock()
        let follow = Task { [directory, sink, logger] in
            for await sighting in sightings {
                logger.trace("bluetooth sighting", metadata: [
                    "address": "\(sighting.address)", "name": "\(sighting.name)", "idPrefix": "\(sighting.idPrefix)",
                ])
                for change in directory.withLock({ $0.apply(bluetooth: sighting, at: clock.now) }) { sink.yield(change) }
            }
        }
        let age = Task { [directory, sink, logger] in
            while !Task.isCancelled {
                let latest = clock.now + Self.longestAgeingSleep
                let next = directory.withLock { $0.nextBluetoothDeadline } ?? latest
                try? await clock.sleep(until: min(next, latest))
                let now = clock.now
                let (silences, changes) = directory.withLock { ($0.bluetoothSilences(at: now), $0.expire(at: now)) }
                for (address, silence) in silences.sorted(by: { $0.key < $1.key }) {
                    // How long unheard by this process's clock: the rule's own measure (the VM test reads it).
                    logger.debug("bluetooth route silent", metadata: [
                        "address": "\(address)", "silentMs": "\(silence.components.seconds * 1000 + silence.components.attoseconds / 1_000_000_000_000_000)",
                    ])
                }
                for change in changes { sink.yield(change) }
            }
        }
        tasks.withLock { $0 += [follow, age] }
    }

    /// The longest the ageing task sleeps: a route heard meanwhile may have an earlier deadline.
    static let longestAgeingSleep: Duration = .milliseconds(250)

    /// Stops browsing and ends ``events``.
    public func stop() {
        for task in tasks.withLock({ $0 }) { task.cancel() }
        dnssd.stop()
        sink.finish()
    }
}
