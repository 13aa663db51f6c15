import GameRuntime
import Matchmaking

/// What a toy player sends: `{"move":"echo"}`, `{"move":"wake","ms":50}`, ...
struct ToyMove: Codable, Hashable, Sendable {
    var move: String
    var ms: Int64?
}

/// What the toy table sends: `{"news":"..."}`.
struct ToyNews: Codable, Hashable, Sendable {
    var news: String
}

/// A tiny table: it notes every event it gets (so a test sees them in order), and its moves ask
/// for each kind of effect and wake-up.
struct ToyTable: GameTable {
    typealias ClientMessage = ToyMove
    typealias ServerMessage = ToyNews
    typealias Note = String

    private(set) var present: [PeerID] = []
    private(set) var nextWake: Int64?
    /// As the host opens, show the lobby to nobody and ask to be woken this many ms later (a
    /// countdown to a scheduled start); nil: nothing on opening.
    var wakeOnOpening: Int64?

    mutating func opened(at moment: GameMoment) -> [Effect] {
        guard let ms = wakeOnOpening else { return [] }
        nextWake = moment.now + ms * 1000
        return [.note("opened"), .send(ToyNews(news: "counting down"), to: [])]
    }

    mutating func joined(_ peer: Peer, at moment: GameMoment) -> [Effect] {
        present.append(peer.id)
        return [.note("joined \(peer.name)"), .send(ToyNews(news: "welcome \(peer.name)"), to: [peer.id])]
    }

    mutating func left(_ peer: Peer, reason: ByeReason, at moment: GameMoment) -> [Effect] {
        present.removeAll { $0 == peer.id }
        return [.note("left \(peer.name) \(reason.rawValue)")]
    }

    mutating func received(_ message: ToyMove?, from id: PeerID, arrivedAt: Int64, at moment: GameMoment) -> [Effect] {
        guard let message else { return [.note("nothing from \(id)"), .send(ToyNews(news: "what?"), to: [id])] }
        let note = Effect.note("\(message.move) from \(id)")
        switch message.move {
        case "echo": return [note, .send(ToyNews(news: "echo from \(id)"), to: present)]
        case "start": return [note, .gameStarted(lateJoinersAllowed: false)]
        case "end": return [note, .gameEnded]
        case "nobody": return [note, .send(ToyNews(news: "to nobody"), to: [])]
        case "huge": return [note, .send(ToyNews(news: "huge"), to: [id])]
        case "retell": return [note, .retell(ToyNews(news: "what you missed"), to: [id])]
        case "wake": nextWake = moment.now + (message.ms ?? 0) * 1000
        case "cancel": nextWake = nil
        case "clock": return [note, .note("clock of \(id): \(moment.clocks[id]?.offset.description ?? "none")")]
        default: break
        }
        return [note]
    }

    mutating func woke(at moment: GameMoment) -> [Effect] {
        guard let due = nextWake, moment.now >= due else { return [.note("woke early")] }
        nextWake = nil
        return [.note("woke")]
    }

    /// Kicks a player it knows, refuses to kick anyone else; notes `skip`; refuses the rest.
    mutating func command(_ command: HostCommand, at moment: GameMoment) -> [Effect] {
        switch command {
        case .kick(let id): return [Self.kick(id, present: present.contains(id))]
        case .skip: return [.note("skip"), .send(ToyNews(news: "skipped"), to: present)]
        default: return [.refused(CommandRefusal(command, .noGame))]
        }
    }

    static func logRecord(for effect: Effect) -> GameLogRecord? {
        guard case .gameStarted = effect else { return nil }
        return GameLogRecord(.info, "toy game started", ["late": "no"])
    }
}

/// What a toy player's device knows: every piece of news, with when it came.
struct ToyModel: PlayerModel {
    typealias ServerMessage = ToyNews

    var news: [String] = []
    var arrivals: [Int64] = []

    var isOver: Bool { news.last == "over" }

    mutating func received(_ message: ToyNews, at receivedAt: Int64, hostClock: ClockEstimate?) {
        news.append(message.news)
        arrivals.append(receivedAt)
    }
}

/// The toy's screen on a player: one line per piece of news; `e` sends an echo.
struct ToyPlayerScreen: GamePlayerScreen {
    typealias Model = ToyModel

    let writer: ScreenWriter
    let instructions: [PlayerControl: String] = [.bot: "toy: a bot plays", .keys: "toy: press e", .lines: "toy: type e"]

    func show(_ message: ToyNews, player: GamePlayer<ToyModel>) { writer.line("news: \(message.news)") }

    func handle(_ key: KeyInput.Key, player: GamePlayer<ToyModel>) {
        if key == .other("e") { player.send(ToyMove(move: "echo")) }
    }
}

/// The toy's screen on the host: one line per piece of news and its recipients, one per note.
struct ToyHostScreen: GameHostScreen {
    typealias Table = ToyTable

    let writer: ScreenWriter

    func show(_ message: ToyNews, to recipients: [PeerID], roster: Roster) {
        writer.line("sent \(message.news) to \(recipients.map(roster.name(of:)).joined(separator: ", "))")
    }

    func show(note: String) { writer.line("note: \(note)") }
}

/// Answers "your move" with an echo, and greets at the start.
struct ToyBot: GameBot {
    let player: GamePlayer<ToyModel>

    func begin() { player.send(ToyMove(move: "hello")) }

    func react(to message: ToyNews) {
        if message.news == "your move" { player.send(ToyMove(move: "echo")) }
    }
}
