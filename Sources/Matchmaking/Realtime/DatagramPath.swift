import Crypto
import NIOCore

/// When the real-time channel trusts UDP (docs/PROTOCOL.md, "Datagrams").
public enum DatagramTiming {
    /// A client sends a probe this often (the host answers each), so both ends keep learning
    /// whether datagrams get through both ways.
    public static let probeInterval = TimeAmount.milliseconds(200)
    /// A datagram says "hearing" when its sender had one from the receiver within this window.
    public static let hearingWindow = TimeAmount.milliseconds(1000)
    /// A side sends states over UDP only while it had, within this window, a datagram saying
    /// "hearing" (its own datagrams get through); otherwise over the reliable link. So states
    /// fall back to the reliable link within this time of UDP stopping, and return to UDP as soon
    /// as a probe and its answer get through again.
    public static let trustWindow = TimeAmount.milliseconds(1500)
}

/// One end's view of the UDP path to one peer, as a pure value: the key, where the peer's
/// datagrams come from, when it was last heard, and whether it hears us; the numbering of what
/// we send and the newest of what we received. The host keeps one per version 3 seat (`Address`
/// is a socket address, learnt from the first authenticated datagram), a client one for its host.
public struct DatagramPath<Address: Hashable & Sendable>: Sendable {
    /// The link's key (both directions); nil when datagrams are not used on this link (an
    /// RFCOMM or WebSocket link, a host without a UDP port): states then always go over the
    /// reliable link, and this path only numbers and filters them.
    public let key: [UInt8]?
    /// Where the peer's newest authenticated datagram came from (nil: none yet).
    public private(set) var address: Address?
    /// When an authenticated, fresh datagram last came.
    public private(set) var lastHeard: NIODeadline?
    /// When a datagram saying "hearing" last came: our datagrams get through.
    public private(set) var lastHeardHearing: NIODeadline?
    /// The numbering of our states and probes.
    public var numbers = StateNumbers()
    /// The newest of the peer's states and probes.
    public var received = LatestWins()

    /// A path with this key, nothing heard yet.
    public init(key: [UInt8]?, address: Address? = nil) {
        self.key = key
        self.address = address
    }

    /// Whether our datagrams would say "hearing" now.
    public func hearing(now: NIODeadline) -> Bool {
        lastHeard.map { now - $0 <= DatagramTiming.hearingWindow } ?? false
    }

    /// Whether states go over UDP now: the peer's address is known, and it heard us recently.
    public func usesDatagrams(now: NIODeadline) -> Bool {
        guard key != nil, address != nil, let heard = lastHeardHearing else { return false }
        return now - heard <= DatagramTiming.trustWindow
    }

    /// Checks a datagram from `address` (tag, then freshness); a good one updates the path
    /// (its address is learnt: the peer may have moved) and is returned.
    public mutating func open(_ bytes: [UInt8], from address: Address, expecting sender: PeerID, now: NIODeadline) -> Result<Datagram, Datagram.Drop> {
        guard let key else { return .failure(.unknownSender) }
        let datagram: Datagram
        switch Datagram.open(bytes, with: SymmetricKey(data: key)) {
        case .failure(let drop): return .failure(drop)
        case .success(let opened): datagram = opened
        }
        guard datagram.sender == sender else { return .failure(.unknownSender) }
        guard received.accept(key: datagram.key, seq: datagram.seq) else { return .failure(.stale) }
        self.address = address
        lastHeard = now
        if datagram.hearing { lastHeardHearing = now }
        return .success(datagram)
    }

    /// Our next datagram (nil without a key): a state's, numbered `seq` already (the caller
    /// numbered it before choosing how it travels), or a probe's (numbered here).
    public mutating func seal(_ kind: Datagram.Kind, from sender: PeerID, seq: UInt64? = nil, key stateKey: String = "", body: [UInt8] = [], now: NIODeadline) -> [UInt8]? {
        guard let key else { return nil }
        let number = seq ?? numbers.next(for: "")
        return Datagram(kind: kind, hearing: hearing(now: now), sender: sender, seq: number, key: stateKey, body: body).sealed(with: SymmetricKey(data: key))
    }

    /// Whether a state that came over the reliable link is newer than any seen for its key
    /// (it becomes the newest).
    public mutating func accept(key stateKey: String, seq: UInt64) -> Bool { received.accept(key: stateKey, seq: seq) }
}
