/// Names one link (one transport carrying one would-be player) for the life of the host. The
/// runner gives every link a new one; they are never reused.
public struct LinkID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number.
    public let rawValue: UInt64
    /// Creates an id.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (lhs: LinkID, rhs: LinkID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "link \(rawValue)" }
}
