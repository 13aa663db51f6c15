import GameRuntime
import Matchmaking
import Testing

@testable import Web

/// Seeded random walks over the TV feed's machine: watchers (screens and host pages) connect
/// late, leave, stop and start taking writes; players come, go, drop and come back; the game
/// sends public, private and retold messages, states to all and to some, and command outcomes.
/// After every step, what the machine told each watcher is exactly what a plain model says it
/// must be told, and no private body ever reaches a watcher.
@Suite struct ScreenFeedWalkTests {
    typealias Machine = ScreenFeedMachine<Int>

    /// What the model knows: who is present and away, what a late watcher is told, and each
    /// watcher's waiting states.
    struct Model {
        struct Watcher {
            var kind: WatcherKind
            var waiting: [(key: String, line: String)] = []
            var takesStates: Bool { kind != .hostPage }
        }

        var present: [PeerID: Peer]
        var away: Set<PeerID> = []

        /// The game host's roster as the model's presence says it.
        var roster: Roster {
            var roster = Roster(present.values.sorted { $0.id < $1.id })
            for id in away { roster.markAway(id) }
            return roster
        }
        var publicByKind: [(kind: String, body: String, sentAt: Int64)] = []
        var notices: [String] = []
        var states: [(key: String, line: String)] = []
        var seqs: [String: UInt64] = [:]
        var watchers: [Int: Watcher] = [:]

        static func keep(_ line: String, _ key: String, in lines: inout [(key: String, line: String)]) {
            if let index = lines.firstIndex(where: { $0.key == key }) { lines[index].line = line } else { lines.append((key, line)) }
        }

        /// A message or note to every watcher (host pages only, if so): closed when blocked,
        /// else its waiting states then `line`.
        mutating func broadcast(_ line: String, hostPagesOnly: Bool = false, blocked: Set<Int>) -> [Int: [String]?] {
            var expected: [Int: [String]?] = [:]
            for (id, watcher) in watchers where !hostPagesOnly || watcher.kind == .hostPage {
                if blocked.contains(id) {
                    watchers[id] = nil
                    expected[id] = .some(nil)
                } else {
                    expected[id] = .some(watcher.waiting.map(\.line) + [line])
                    watchers[id]?.waiting = []
                }
            }
            return expected
        }
    }

    @Test(arguments: Array(UInt64(1)...40))
    func aRandomWalkTellsEachWatcherWhatTheModelSays(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let host = ScreenFeed.Host(name: "Den", game: GameName(rawValue: "trivia"), capacity: 6)
        let pool = (1...6).map { Peer(id: PeerID(rawValue: UInt32($0)), name: "P\($0)") }
        let start = Array(pool.prefix(Int.random(in: 0...2, using: &rng)))
        var machine = Machine(host: host, players: start)
        var model = Model(present: Dictionary(uniqueKeysWithValues: start.map { ($0.id, $0) }))
        var blocked: Set<Int> = []
        var nextWatcher = 1
        var now: Int64 = 0
        let kinds = ["question", "result", "standings", "lobby"]
        for step in 0..<400 {
            let context = Comment(rawValue: "seed \(seed), step \(step)")
            now += Int64.random(in: 0...400_000, using: &rng)
            let writable: (Int) -> Bool = { !blocked.contains($0) }
            let watcher = model.watchers.keys.randomElement(using: &rng)
            let presentIDs = model.present.keys.sorted()
            var actions: [Machine.Action] = []
            var expected: [Int: [String]?] = [:]
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<10:  // a watcher connects
                let kind: WatcherKind = [.screen(local: true), .screen(local: false), .hostPage].randomElement(using: &rng)!
                let id = nextWatcher
                nextWatcher += 1
                actions = machine.watcherAdded(id, as: kind, now: now)
                var lines = [ScreenFeedLines.hello(
                    host: host, kind: kind, join: nil, players: model.present.values.sorted { $0.id < $1.id }, away: model.away.sorted())]
                lines += model.publicByKind.map { ScreenFeedLines.retold($0.body, ageMs: max(0, now - $0.sentAt) / 1000) }
                lines += model.notices
                if kind != .hostPage { lines += model.states.map(\.line) }
                expected[id] = .some(lines)
                model.watchers[id] = Model.Watcher(kind: kind)
            case 10..<15:  // a watcher's socket closes
                guard let watcher else { continue }
                machine.watcherRemoved(watcher)
                model.watchers[watcher] = nil
                blocked.remove(watcher)
            case 15..<25:  // a watcher's socket stops or starts taking writes, and says so
                guard let watcher else { continue }
                let takes = blocked.contains(watcher)
                if takes { blocked.remove(watcher) } else { blocked.insert(watcher) }
                actions = machine.watcherWritable(watcher, isWritable: takes)
                if takes, let waiting = model.watchers[watcher]?.waiting, !waiting.isEmpty {
                    expected[watcher] = .some(waiting.map(\.line))
                    model.watchers[watcher]?.waiting = []
                }
            case 25..<33:  // a player comes
                guard let peer = pool.first(where: { model.present[$0.id] == nil }) else { continue }
                model.present[peer.id] = peer
                actions = machine.playerJoined(peer, roster: model.roster, writable: writable)
                expected = model.broadcast(ScreenFeedLines.peerNotice("joined", peer, reason: nil), blocked: blocked)
            case 33..<38:  // a player goes
                guard let id = presentIDs.randomElement(using: &rng), let peer = model.present[id] else { continue }
                model.present[id] = nil
                model.away.remove(id)
                actions = machine.playerLeft(peer, reason: .userQuit, roster: model.roster, writable: writable)
                expected = model.broadcast(ScreenFeedLines.peerNotice("left", peer, reason: "userQuit"), blocked: blocked)
            case 38..<43:  // a player drops, or comes back
                guard let id = presentIDs.randomElement(using: &rng), let peer = model.present[id] else { continue }
                if model.away.remove(id) != nil {
                    actions = machine.playerBack(peer, roster: model.roster, writable: writable)
                    expected = model.broadcast(ScreenFeedLines.peerNotice("back", peer, reason: nil), blocked: blocked)
                } else {
                    model.away.insert(id)
                    actions = machine.playerAway(peer, roster: model.roster, writable: writable)
                    expected = model.broadcast(ScreenFeedLines.peerNotice("away", peer, reason: nil), blocked: blocked)
                }
            case 43..<58:  // a public message
                let kind = kinds.randomElement(using: &rng)!
                let body = #"{"kind":"\#(kind)","step":\#(step)}"#
                actions = machine.messageSent(kind: kind, body: body, visibility: .public, now: now, writable: writable)
                model.publicByKind.removeAll { $0.kind == kind }
                model.publicByKind.append((kind, body, now))
                model.notices = []
                expected = model.broadcast(ScreenFeedLines.publicMessage(body), blocked: blocked)
            case 58..<70:  // a private message (its body holds a secret)
                let to = pool.map(\.id).filter { _ in Bool.random(using: &rng) }
                let body = #"{"kind":"accepted","secret":\#(step)}"#
                actions = machine.messageSent(kind: "accepted", body: body, visibility: .private(to: to), now: now, writable: writable)
                let line = ScreenFeedLines.privateNotice(kind: "accepted", to: to.sorted())
                model.notices.append(line)
                expected = model.broadcast(line, blocked: blocked)
            case 70..<74:  // a retell: nothing
                let body = #"{"kind":"question","secret":\#(step)}"#
                actions = machine.messageSent(kind: "question", body: body, visibility: .retell(to: presentIDs), now: now, writable: writable)
            case 74..<90:  // a public state: each screen gets the newest of each key, or it waits
                let key = ["court", "ball"].randomElement(using: &rng)!
                actions = machine.stateSent(key: key, body: "\(step)", writable: writable)
                let seq = model.seqs[key, default: 0] + 1
                model.seqs[key] = seq
                let line = ScreenFeedLines.state(key: key, seq: seq, body: "\(step)")
                Model.keep(line, key, in: &model.states)
                for (id, watcher) in model.watchers where watcher.takesStates {
                    Model.keep(line, key, in: &model.watchers[id]!.waiting)
                    if !blocked.contains(id) {
                        expected[id] = .some(model.watchers[id]!.waiting.map(\.line))
                        model.watchers[id]?.waiting = []
                    }
                }
            default:  // a command's outcome: host pages only
                let command: HostCommand = Bool.random(using: &rng) ? .skip : .kick(pool.randomElement(using: &rng)!.id)
                actions = machine.commanded(command, writable: writable)
                var peer: Peer?
                if case .kick(let id) = command { peer = model.present[id] }
                expected = model.broadcast(ScreenFeedLines.commanded(command, peer: peer), hostPagesOnly: true, blocked: blocked)
            }
            let told = ScreenFeedMachineTests.told(actions)
            #expect(told == expected, context)
            #expect(!told.values.contains { ($0 ?? []).contains { $0.contains("secret") } }, "a private body reached a watcher; \(context)")
            #expect(Set(machine.watchers.keys) == Set(model.watchers.keys), context)
            #expect(machine.roster == model.roster, context)
        }
    }
}
