import Discovery
import FoundationEssentials
import NIOCore

/// Everything a host needs to know to serve. Validated by ``validate()`` before the host starts.
public struct ServerConfiguration: Sendable {
    /// Shown to players and advertised (1-63 bytes of UTF-8).
    public var name: String
    /// Stable for the run; the same id goes into every advertisement.
    public var serverID: UUID = UUID()
    /// The game layer's name (`lobby` until a game is chosen).
    public var game: String = "lobby"
    /// Most players admitted at once (1...10,000).
    public var capacity: Int = 8
    /// When set, clients must prove they know it (see ``JoinProof``). Never logged.
    public var joinCode: String?
    /// The address to listen on; `::` listens on every IPv6 and IPv4 address.
    public var host: String = "::"
    /// The TCP port; 0 picks any free port.
    public var port: Int = 7777
    /// The largest frame payload accepted, in bytes.
    public var maxFrame: Int = WireCodec.defaultMaxFrame
    /// Handshake deadline and heartbeats.
    public var connection = ServerConnectionStateMachine.Configuration()
    /// Bytes queued for one client before it counts as not reading and is dropped.
    public var sendBufferLimit: Int = 1 << 20
    /// Connections still shaking hands beyond this many are closed at once (a flood of silent
    /// sockets cannot exhaust file descriptors).
    public var maxPendingHandshakes: Int = 1024

    /// Creates a configuration with defaults for everything but the name.
    public init(name: String) { self.name = name }

    /// What is wrong with a configuration.
    public struct Invalid: Error, CustomStringConvertible, Sendable {
        /// The sentence for the user.
        public let description: String
    }

    /// Checks every field, naming the field and what is allowed.
    public func validate() throws(Invalid) {
        do { try HostAdvertisement.validateInstanceName(name) } catch { throw Invalid(description: error.description) }
        guard HostAdvertisement.isValidGameName(game) else { throw Invalid(description: AdvertisementError.gameNameInvalid(game).description) }
        guard Limits.capacity.contains(capacity) else {
            throw Invalid(description: "max players: \(capacity) is outside \(Limits.capacity.lowerBound)...\(Limits.capacity.upperBound)")
        }
        guard (0...65_535).contains(port) else { throw Invalid(description: "port: \(port) is outside 0...65535") }
        guard (256...16_777_216).contains(maxFrame) else { throw Invalid(description: "max frame: \(maxFrame) is outside 256...16777216 bytes") }
        if let joinCode {
            do { try JoinProof.validate(code: joinCode) } catch { throw Invalid(description: error.description) }
        }
    }
}
