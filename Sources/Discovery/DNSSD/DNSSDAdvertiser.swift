import CAvahi
import FoundationEssentials
import Logging

/// Publishes a ``HostAdvertisement`` as a DNS-SD service through avahi-daemon, keeps its TXT
/// record current, renames on a name collision ("Kitchen Pi" → "Kitchen Pi #2"), and publishes
/// again after avahi-daemon restarts. With no daemon it reports ``Event/waitingForDaemon(_:)``
/// and publishes as soon as one appears; the rest of the host is unaffected.
public final class DNSSDAdvertiser: @unchecked Sendable {
    /// What happened to the advertisement.
    public enum Event: Hashable, Sendable {
        /// The service is on the network under this name.
        case published(name: String)
        /// Another host has the name; this one now uses `to`.
        case renamed(from: String, to: String)
        /// avahi-daemon is not reachable; the advertisement waits for it.
        case waitingForDaemon(String)
        /// Avahi refused the service (a bug or a limit Avahi enforces beyond ours).
        case failed(String)
    }

    /// Events, in order. One consumer.
    public let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation
    private let serviceType: ServiceType
    /// The host's web page, advertised beside it as `_http._tcp` under the same name.
    private let webPort: Int?
    private let logger: Logger
    private var runtime: AvahiRuntime?
    // Poll thread or poll lock only:
    private var advertisement: HostAdvertisement
    private var name: String
    private var group: OpaquePointer?
    /// Bumped on every TXT change and published as `rev`: each change is then a record browsers
    /// have never seen, reported on arrival. Without it a value that returns within a second
    /// (players 0 → 1 → 0) is taken as a refresh of the old record and shows up only when the
    /// other is flushed, a second or two later.
    private var revision = 0

    /// Starts advertising at once (or as soon as avahi-daemon is reachable). With `webPort`, the
    /// host's page is advertised too: `_http._tcp`, the same instance name (renamed with it on a
    /// collision), TXT `path=/`, so a browser's or phone's service list shows where to play.
    public init(
        _ advertisement: HostAdvertisement, serviceType: ServiceType = .snap, webPort: Int? = nil, logger: Logger
    ) throws(DiscoveryError) {
        do { try advertisement.validate() } catch { throw .invalidAdvertisement(error) }
        self.advertisement = advertisement
        self.name = advertisement.name
        self.serviceType = serviceType
        self.webPort = webPort
        self.logger = logger
        (events, sink) = AsyncStream.makeStream(of: Event.self)
        let sink = self.sink
        runtime = try AvahiRuntime(
            logger: logger,
            onStatus: { status in if case .waitingForDaemon(let why) = status { sink.yield(.waitingForDaemon(why)) } },
            onRunning: { [unowned self] client in self.publish(on: client) },
            onLost: { [unowned self] freed in self.forgetGroup(freed: freed) })
    }

    /// The name in use (after any collision renames).
    public var currentName: String { runtime?.withLock { name } ?? name }

    /// Changes what is advertised: a TXT-only change updates the record in place; a new name
    /// re-registers the service.
    public func update(_ new: HostAdvertisement) throws(DiscoveryError) {
        do { try new.validate() } catch { throw .invalidAdvertisement(error) }
        runtime?.withLock {
            let renamed = new.name != advertisement.name || new.tcpPort != advertisement.tcpPort
            advertisement = new
            if renamed { name = new.name }
            guard let group, let client = runtime?.runningClient else { return }
            if renamed {
                avahi_entry_group_reset(group)
                publish(on: client)
            } else {
                updateTXT(group)
            }
        }
    }

    /// Withdraws the service (goodbye packets) and stops.
    public func stop() {
        guard let runtime else { return }
        runtime.withLock {
            if let group { avahi_entry_group_free(group) }
            group = nil
        }
        runtime.stop()
        self.runtime = nil
        sink.finish()
    }

    // MARK: Poll thread, lock held

    private func publish(on client: OpaquePointer) {
        if group == nil {
            group = avahi_entry_group_new(client, avahiGroupCallback, Unmanaged.passUnretained(self).toOpaque())
        }
        guard let group else {
            sink.yield(.failed(String(cString: avahi_strerror(avahi_client_errno(client)))))
            return
        }
        guard avahi_entry_group_is_empty(group) != 0 else { return }
        let txt = publishedTXT().map(TXTStrings.make) ?? nil
        defer { avahi_string_list_free(txt) }
        for _ in 0..<20 {
            let result = avahi_entry_group_add_service_strlst(
                group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC), AvahiPublishFlags(0), name,
                serviceType.description, nil, nil, UInt16(advertisement.tcpPort ?? 0), txt)
            if result == AVAHI_ERR_COLLISION {  // a service of ours on this host has the name
                rename()
                continue
            }
            guard result >= 0 else {
                sink.yield(.failed(String(cString: avahi_strerror(result))))
                return
            }
            if let webPort {
                let path = avahi_string_list_add(nil, "path=/")
                defer { avahi_string_list_free(path) }
                let web = avahi_entry_group_add_service_strlst(
                    group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC), AvahiPublishFlags(0), name,
                    ServiceType.http.description, nil, nil, UInt16(webPort), path)
                if web < 0 { logger.warning("web page not advertised", metadata: ["error": "\(String(cString: avahi_strerror(web)))"]) }
            }
            let committed = avahi_entry_group_commit(group)
            if committed < 0 { sink.yield(.failed(String(cString: avahi_strerror(committed)))) }
            return
        }
    }

    private func updateTXT(_ group: OpaquePointer) {
        revision += 1
        guard let txt = publishedTXT() else { return }
        let list = TXTStrings.make(txt)
        defer { avahi_string_list_free(list) }
        let result = avahi_entry_group_update_service_txt_strlst(
            group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC), AvahiPublishFlags(0), name,
            serviceType.description, nil, list)
        if result < 0 { logger.debug("txt update deferred", metadata: ["error": "\(String(cString: avahi_strerror(result)))"]) }
    }

    private func publishedTXT() -> TXTRecord? {
        guard var txt = try? advertisement.txtRecord() else { return nil }
        try? txt.set(HostAdvertisement.TXTKey.revision, String(revision))
        return txt
    }

    private func rename() {
        let old = name
        guard let alternative = avahi_alternative_service_name(name) else { return }
        name = String(cString: alternative)
        avahi_free(alternative)
        while name.utf8.count > Limits.instanceNameBytes { name.removeFirst() }
        sink.yield(.renamed(from: old, to: name))
    }

    private func forgetGroup(freed: Bool) {
        if freed {
            group = nil  // freed together with the client
        } else if let group {
            avahi_entry_group_reset(group)
        }
    }

    fileprivate func groupChanged(_ group: OpaquePointer, _ state: AvahiEntryGroupState) {
        switch state {
        case AVAHI_ENTRY_GROUP_ESTABLISHED:
            sink.yield(.published(name: name))
        case AVAHI_ENTRY_GROUP_COLLISION:  // another host has the name
            rename()
            avahi_entry_group_reset(group)
            if let client = avahi_entry_group_get_client(group) { publish(on: client) }
        case AVAHI_ENTRY_GROUP_FAILURE:
            let error = avahi_client_errno(avahi_entry_group_get_client(group))
            sink.yield(.failed(String(cString: avahi_strerror(error))))
        default:
            break
        }
    }
}

private func avahiGroupCallback(_ group: OpaquePointer?, _ state: AvahiEntryGroupState, _ context: UnsafeMutableRawPointer?) {
    guard let group, let context else { return }
    Unmanaged<DNSSDAdvertiser>.fromOpaque(context).takeUnretainedValue().groupChanged(group, state)
}
