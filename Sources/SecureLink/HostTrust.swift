import FoundationEssentials

/// Which host key a client accepts on a TLS link.
public enum HostTrust: Sendable, Hashable {
    /// Only this fingerprint; `source` says where it came from, for the refusal
    /// (`advertised on the LAN`, `given with --fingerprint`).
    case pinned(Fingerprint, source: String)
    /// The key remembered for `endpoint` (`10.0.0.5:7777`) in `knownHosts`; the first key an
    /// endpoint shows is remembered (trust on first use).
    case firstUse(KnownHosts, endpoint: String)
    /// No key: there is nothing to check one against, and `why` says so.
    case noKey(why: String)

    /// What a client makes of the key a host showed.
    public enum Verdict: Hashable, Sendable {
        /// Trusted: pinned, remembered, or (`firstSeen`) seen for the first time and now remembered.
        case trusted(firstSeen: Bool)
        /// Seen for the first time and trusted for this link, but not remembered: `why` says why
        /// (the known-hosts file cannot be written, a read-only home). As OpenSSH does, the
        /// player plays on, warned; the next join trusts the key it is shown then
        /// (docs/PROTOCOL.md, section 20.2).
        case trustedNotRemembered(why: String)
        /// Refused, with the sentence for the user: what was shown, what was expected, what to do.
        case refused(String)
    }

    /// Checks `shown`, the fingerprint of the certificate the host at `route` showed; remembers it
    /// when this is the endpoint's first use.
    public func check(_ shown: Fingerprint, route: String, now: Date = Date()) -> Verdict {
        switch self {
        case .noKey(let why):
            return .refused("cannot trust \(route): \(why)")
        case .pinned(let pinned, let source):
            guard shown != pinned else { return .trusted(firstSeen: false) }
            return .refused(
                "\(route) shows TLS key \(shown.short)…, not the key \(source) (\(pinned.short)…): "
                    + "something between you and the host may be reading along; not joining")
        case .firstUse(let knownHosts, let endpoint):
            if let known = knownHosts.entry(for: endpoint) {
                guard shown != known.fingerprint else { return .trusted(firstSeen: false) }
                return .refused(
                    "\(endpoint) shows TLS key \(shown.short)…, not the key remembered for it since \(known.since) "
                        + "(\(known.fingerprint.short)…). If the host was reinstalled or lost its state directory, compare "
                        + "the key its `serve` printed, then forget the old one with `snap-host forget-host \(endpoint)`; "
                        + "otherwise something between you and the host may be reading along. Not joining.")
            }
            do {
                try knownHosts.remember(shown, for: endpoint, now: now)
            } catch {
                return .trustedNotRemembered(why: "\(error)")
            }
            return .trusted(firstSeen: true)
        }
    }
}
