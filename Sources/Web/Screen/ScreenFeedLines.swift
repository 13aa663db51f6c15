import FoundationEssentials
import GameRuntime
import Matchmaking

/// The feed's messages as the pages read them (JSON text, docs/WEB.md): encoded here only, the
/// same bytes every time (sorted keys).
enum ScreenFeedLines {
    /// Where to join, and its QR codes (for a screen on this machine, and for others).
    struct Join: Sendable {
        var address: JoinAddress
        var qr: (local: String, remote: String)
    }

    /// The first message a watcher gets: the host, where to join (a screen elsewhere on the LAN is
    /// not told the join code), the players present and away, and (a host page) its commands.
    static func hello(host: ScreenFeed.Host, kind: WatcherKind, join: Join?, players: [Peer], away: [PeerID]) -> String {
        let local = kind == .screen(local: true)
        return json(Hello(
            type: "hello", host: host.name, game: host.game.rawValue, capacity: host.capacity,
            url: join?.address.url(forLocalScreen: local) ?? "",
            qr: kind == .hostPage ? "" : (local ? join?.qr.local : join?.qr.remote) ?? "",
            players: players, away: away, commands: kind == .hostPage ? host.commands : nil))
    }

    /// `{"type":"note","body":{…}}`: a game's note, to host pages alone.
    static func note(_ body: String) -> String { #"{"type":"note","body":\#(body)}"# }

    /// A public message, whole.
    static func publicMessage(_ body: String) -> String { #"{"type":"sent","to":"all","body":\#(body)}"# }

    /// A public message told again to a watcher that came later, sent `ageMs` ago (a countdown in
    /// it counts from then).
    static func retold(_ body: String, ageMs: Int64) -> String { #"{"type":"sent","to":"all","ageMs":\#(ageMs),"body":\#(body)}"# }

    /// A private message: its kind and recipients, never its content.
    static func privateNotice(kind: String, to recipients: [PeerID]) -> String {
        json(PrivateNotice(type: "sent", to: recipients, kind: kind))
    }

    /// A real-time state, numbered by the feed.
    static func state(key: String, seq: UInt64, body: String) -> String {
        let keyJSON = (try? JSONEncoder().encode(key)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        return #"{"type":"state","key":\#(keyJSON),"seq":\#(seq),"body":\#(body)}"#
    }

    /// `joined`, `left` (with its reason), `away` or `back`.
    static func peerNotice(_ type: String, _ peer: Peer, reason: String?) -> String {
        json(PeerNotice(type: type, peer: peer, reason: reason))
    }

    /// A host command done (its effects follow); for a kick, the player removed.
    static func commanded(_ command: HostCommand, peer: Peer?) -> String {
        json(Commanded(type: "commanded", command: command, peer: peer))
    }

    /// A host command refused, and the sentence saying why.
    static func refused(_ refusal: CommandRefusal) -> String {
        json(Refused(type: "refused", command: refusal.command, reason: refusal.reason.name, text: refusal.description))
    }

    private static func json<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // the same bytes every time
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private struct Hello: Encodable {
        let type: String, host: String, game: String, capacity: Int, url: String, qr: String
        let players: [Peer]
        let away: [PeerID]
        /// For a host page: the commands it offers.
        let commands: [HostCommand]?
    }

    private struct Commanded: Encodable {
        let type: String, command: HostCommand, peer: Peer?
    }

    private struct Refused: Encodable {
        let type: String, command: HostCommand, reason: String, text: String
    }

    private struct PeerNotice: Encodable {
        let type: String, peer: Peer, reason: String?
    }

    private struct PrivateNotice: Encodable {
        let type: String, to: [PeerID], kind: String
    }
}
