/// Discovery could not do what was asked.
public enum DiscoveryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Avahi itself failed (not a missing daemon, which is a status that recovers).
    case avahi(String)
    /// The advertisement broke a limit.
    case invalidAdvertisement(AdvertisementError)

    public var description: String {
        switch self {
        case .avahi(let detail): "avahi: \(detail)"
        case .invalidAdvertisement(let error): error.description
        }
    }
}
