import NIOCore
import Testing

@testable import Matchmaking

/// Drives a ``HostMachine`` event by event with no sockets: links are numbers, time is a
/// number of milliseconds, and each result is kept for inspection.
struct HostDriver {
    var machine: HostMachine<Int>
    /// The current time, in milliseconds since an arbitrary origin.
    var ms: Int64 = 0
    private var nextLink = 1
    private(set) var nonces: [Int: [UInt8]] = [:]

    static let code = "sesame"

    init(
        capacity: Int = 3, joinCode: String? = nil, handshakeTimeout: TimeAmount = .seconds(3),
        heartbeat: HeartbeatConfiguration = .default, maxPending: Int = 1024, maxFrame: Int = WireCodec.defaultMaxFrame,
        rosterBatch: TimeAmount = .milliseconds(50), resumeGrace: TimeAmount = ServerConfiguration.defaultResumeGrace,
        listedPlayers: Int = 50
    ) {
        var configuration = ServerConfiguration(name: "Kitchen Pi")
        configuration.capacity = capacity
        configuration.joinCode = joinCode
        configuration.handshakeTimeout = handshakeTimeout
        configuration.heartbeat = heartbeat
        configuration.maxPendingHandshakes = maxPending
        configuration.maxFrame = maxFrame
        configuration.rosterBatch = rosterBatch
        configuration.resumeGrace = resumeGrace
        configuration.listedPlayers = listedPlayers
        machine = HostMachine(configuration: configuration)
    }

    var now: NIODeadline { Fixtures.at(ms: ms) }

    /// Opens a link; returns its number and the result.
    mutating func open() -> (link: Int, result: HostResult<Int>) {
        let link = nextLink
        nextLink += 1
        let nonce = (0..<16).map { UInt8(truncatingIfNeeded: $0 &+ link) }
        nonces[link] = nonce
        let token = (0..<16).map { UInt8(truncatingIfNeeded: 0x80 &+ $0 &+ link) }
        let datagramKey = (0..<32).map { UInt8(truncatingIfNeeded: 0x40 &+ $0 &+ link) }
        return (link, machine.linkOpened(LinkID(rawValue: UInt64(link)), link, nonce: nonce, token: token, datagramKey: datagramKey, now: now))
    }

    mutating func receive(_ message: WireMessage, on link: Int) -> HostResult<Int> {
        machine.received(.success(message), on: LinkID(rawValue: UInt64(link)), now: now)
    }

    mutating func receive(_ violation: ProtocolViolation, on link: Int) -> HostResult<Int> {
        machine.received(.failure(violation), on: LinkID(rawValue: UInt64(link)), now: now)
    }

    mutating func closed(_ link: Int) -> HostResult<Int> { machine.linkClosed(LinkID(rawValue: UInt64(link)), now: now) }

    mutating func tick(at ms: Int64) -> HostResult<Int> {
        self.ms = ms
        var result = machine.tick(now: now)
        // As the runner does: each silent player's link is read, and the machine told (here from
        // `transport`: by default a link that cannot say, as a non-TCP one).
        for check in result.checks {
            let answer = machine.transportChecked(check.link, transport(check.link), now: now)
            result.writes += answer.writes
            result.inputs += answer.inputs
            result.notes += answer.notes
            if let status = answer.status { result.status = status }
        }
        return result
    }

    /// What a silent player's link says when the machine asks (``tick(at:)``).
    var transport: (LinkID) -> TransportState? = { _ in nil }

    /// How a hello proves the join code.
    enum Proof {
        case none, right, wrong, malformed
    }

    /// Opens a link and says hello on it.
    mutating func hello(_ name: String, version: Int = 1, proof: Proof = .none, resume: String? = nil) -> (link: Int, result: HostResult<Int>) {
        let (link, _) = open()
        let nonce = nonces[link]!
        let given: String? =
            switch proof {
            case .none: nil
            case .right: JoinProof.proof(code: Self.code, nonce: nonce)
            case .wrong: JoinProof.proof(code: "open", nonce: nonce)
            case .malformed: "not base64!"
            }
        return (link, receive(.clientHello(ClientHello(version: version, name: name, proof: given, resume: resume)), on: link))
    }

    /// Says hello and expects a welcome; returns the link and the new player.
    @discardableResult
    mutating func join(
        _ name: String, version: Int = 1, proof: Proof = .none, resume: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (link: Int, peer: Peer) {
        let (link, result) = hello(name, version: version, proof: proof, resume: resume)
        guard let welcome = result.welcome else {
            Issue.record("\(name) not admitted: \(result.denial.map { "\($0)" } ?? "no answer")", sourceLocation: sourceLocation)
            return (link, Peer(id: .host, name: name))
        }
        return (link, welcome.you)
    }

    /// Moves time past the roster batch and writes it.
    mutating func flushRoster() -> HostResult<Int> { tick(at: ms + 60) }
}

extension HostResult where Link == Int {
    /// The messages written to `link`, in order (roster and message lists unpacked).
    func messages(to link: Int) -> [WireMessage] {
        writes.flatMap { write -> [WireMessage] in
            switch write {
            case .send(let outgoing, let links) where links.contains(link):
                switch outgoing {
                case .message(let message): [message]
                case .app(let body, let from): [.app(AppMessage(from: from, body: body))]
                case .roster(let notes, let start): Array(notes[start...])
                case .messages(let messages): messages
                case .ping(let seq): [.ping(Ping(seq: seq, sent: 0))]
                case .state(let state): [.state(state)]
                }
            case .close(link, let farewell?): [farewell]
            default: []
            }
        }
    }

    /// The links closed, in order.
    var closed: [Int] {
        writes.compactMap { if case .close(let link, _) = $0 { link } else { nil } }
    }

    /// The welcome written, if any.
    var welcome: Welcome? {
        for write in writes {
            if case .send(.message(.welcome(let welcome)), _) = write { return welcome }
        }
        return nil
    }

    /// The denial written (reason, detail and suggestion), if any.
    var denial: (reason: DenyReason, detail: String, suggestion: String?)? {
        for write in writes {
            if case .close(_, .deny(let deny)?) = write { return (deny.reason, deny.detail, deny.suggestion) }
        }
        return nil
    }

    /// The `bye` written as a farewell, if any.
    var bye: Bye? {
        for write in writes {
            if case .close(_, .bye(let bye)?) = write { return bye }
        }
        return nil
    }

    /// The players who left, with their reasons, as the game hears it.
    var left: [(Peer, ByeReason)] {
        inputs.compactMap { if case .left(let peer, let reason) = $0 { (peer, reason) } else { nil } }
    }

    /// The players who went away, as the game hears it.
    var away: [Peer] { inputs.compactMap { if case .away(let peer) = $0 { peer } else { nil } } }

    /// The players who came back, as the game hears it.
    var back: [Peer] { inputs.compactMap { if case .back(let peer) = $0 { peer } else { nil } } }

    /// The messages the game hears.
    var messagesToGame: [SessionMessage] { inputs.compactMap(\.message) }
}
