import Foundation
import GameRuntime
import Logging
import Matchmaking
import Synchronization

/// A locked value shared between tasks.
final class Box<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    func mutate<R: Sendable>(_ body: (inout Value) -> R) -> R { storage.withLock { body(&$0) } }
    var value: Value { storage.withLock { $0 } }
}

/// Polls `condition` until it holds or `seconds` pass.
func eventually(within seconds: Double = 5, _ condition: @Sendable () async -> Bool) async -> Bool {
    for _ in 0..<Int(seconds * 200) {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
}

let ann = Peer(id: PeerID(rawValue: 1), name: "Ann")
let bob = Peer(id: PeerID(rawValue: 2), name: "Bob")
let cy = Peer(id: PeerID(rawValue: 3), name: "Cy")

/// A message as the session would deliver it, from `peer` (senderName as the host fills it in).
func message(_ body: some Encodable, from peer: Peer, named: Bool = true, at time: Int64 = MonotonicClock.now()) -> SessionInput {
    .message(SessionMessage(from: peer.id, body: try! RawJSON(encoding: body), senderName: named ? peer.name : nil, receivedAt: time))
}

/// A host session driven by a test: it feeds inputs and records what the runner did.
final class ScriptedHostSession: GameHostSession {
    /// What the runner asked of the session.
    enum Call: Hashable, Sendable {
        case send(RawJSON, to: Recipients)
        case gameStarted(lateJoinersAllowed: Bool)
        case gameEnded
        case kick(PeerID)
        case state(RawJSON, key: String, to: Recipients)
    }

    struct TooLarge: Error, CustomStringConvertible {
        var description: String { "too large" }
    }

    let inputs: AsyncStream<SessionInput>
    private let sink: AsyncStream<SessionInput>.Continuation
    let peers: [Peer]
    let calls = Box<[Call]>([])
    let clockBox = Box<[PeerID: ClockEstimate]>([:])

    init(peers: [Peer] = []) {
        self.peers = peers
        (inputs, sink) = AsyncStream.makeStream(of: SessionInput.self)
    }

    var clocks: [PeerID: ClockEstimate] { clockBox.value }

    func feed(_ inputs: SessionInput...) { for input in inputs { sink.yield(input) } }
    func end() { sink.finish() }

    /// Fails for the toy news "huge", as a real session fails for a message over the frame limit.
    func send<Message: Encodable>(_ message: Message, to recipients: Recipients) throws {
        let body = try RawJSON(encoding: message)
        if (try? body.decode(ToyNews.self))?.news == "huge" { throw TooLarge() }
        calls.mutate { $0.append(.send(body, to: recipients)) }
    }

    func sendState<Message: Encodable>(_ message: Message, key: String, to recipients: Recipients) throws {
        let body = try RawJSON(encoding: message)
        calls.mutate { $0.append(.state(body, key: key, to: recipients)) }
    }

    func gameStarted(lateJoinersAllowed: Bool) { calls.mutate { $0.append(.gameStarted(lateJoinersAllowed: lateJoinersAllowed)) } }
    func gameEnded() { calls.mutate { $0.append(.gameEnded) } }
    func kick(_ peer: PeerID) { calls.mutate { $0.append(.kick(peer)) } }

    /// The news sent, with the recipients.
    var news: [(String, Recipients)] {
        calls.value.compactMap { call in
            guard case .send(let body, let to) = call, let news = try? body.decode(ToyNews.self) else { return nil }
            return (news.news, to)
        }
    }
}

/// A player's session driven by a test: Ann, with Bob present; it feeds inputs and records what
/// was sent and whether the player quit.
final class ScriptedPlayerSession: GamePlayerSession {
    let me = ann
    let host = Peer(id: .host, name: "Host")
    let initialPeers = [bob]
    let inputs: AsyncStream<SessionInput>
    private let sink: AsyncStream<SessionInput>.Continuation
    let sent = Box<[(RawJSON, Recipients)]>([])
    let quits = Box(0)
    let states = Box<[(RawJSON, String)]>([])
    /// How the session says it ended.
    let endReason = Box(EndReason.userQuit)

    init() { (inputs, sink) = AsyncStream.makeStream(of: SessionInput.self) }

    var hostClock: ClockEstimate? { ClockEstimate(offset: 7, roundTrip: 2, medianRoundTrip: 2, samples: 1) }

    func feed(_ inputs: SessionInput...) { for input in inputs { sink.yield(input) } }
    func end() { sink.finish() }

    func send<Message: Encodable>(_ message: Message, to recipients: Recipients) throws {
        let body = try RawJSON(encoding: message)
        sent.mutate { $0.append((body, recipients)) }
    }

    func sendState<Message: Encodable>(_ message: Message, key: String) throws {
        let body = try RawJSON(encoding: message)
        states.mutate { $0.append((body, key)) }
    }

    func quit() async -> EndReason {
        quits.mutate { $0 += 1 }
        sink.finish()
        return .userQuit
    }

    func ended() async -> EndReason { endReason.value }

    /// The moves sent, with the recipients.
    var moves: [(String, Recipients)] { sent.value.compactMap { body, to in (try? body.decode(ToyMove.self)).map { ($0.move, to) } } }
}

/// The lines a screen wrote, one string per line.
final class CapturedLines: Sendable {
    private let text = Box("")
    let writer: ScreenWriter

    init() {
        let text = self.text
        writer = ScreenWriter(inPlace: false) { chunk in text.mutate { $0 += chunk } }
    }

    var lines: [String] { text.value.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// A log handler keeping every message, for the runner's log lines.
struct RecordingLogHandler: LogHandler {
    let records: Box<[String]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        records.mutate { $0.append("\(event.level) \(event.message)") }
    }
}
