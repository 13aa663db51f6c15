import Discovery
import Logging

/// Finds a host by advertised name for `join NAME`.
enum HostSearch {
    static func find(named name: String, timeout: Duration, logger: Logger) async throws(JoinError) -> JoinTarget {
        let browser: Browser
        do {
            browser = try Browser(acceptedVersions: Set(WireCodec.supportedVersions), logger: logger)
        } catch {
            throw .noNetwork("cannot browse: \(error)")
        }
        defer { browser.stop() }
        let wanted = name.lowercased()
        let found: FoundHost? = await withTaskGroup(of: FoundHost?.self) { group in
            group.addTask {
                for await event in browser.events {
                    switch event {
                    case .found(let host), .updated(let host):
                        if host.name.lowercased() == wanted, !host.lanAddresses.isEmpty { return host }
                    case .unavailable(_, let why):
                        logger.warning("cannot search the LAN", metadata: ["error": "\(why)"])
                    case .lost, .incompatible:
                        break
                    }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let host = found, let address = host.lanAddresses.first else {
            throw .noNetwork("no host named \"\(name)\" found on the LAN within \(timeout)")
        }
        logger.debug("found host", metadata: ["name": "\(host.name)", "address": "\(address)"])
        let scoped = address.isLinkLocal ? "\(address.address)%\(address.interface)" : address.address
        return .tcp(host: scoped, port: address.port)
    }
}
