import NIOCore
import Testing

@testable import Matchmaking

/// ``Seats`` on its own: each operation keeps every index in step, and a seeded random walk over
/// all of them agrees with a plain model (a dictionary of who is seated, on which link, away
/// until when) after every step.
@Suite struct SeatsTests {
    typealias Generator = HostWalkTests.Generator

    static let heartbeat = HeartbeatConfiguration(interval: .seconds(1), timeout: .seconds(3))

    /// Seats `name` with the next id on link `link` (handle: the link's number); version 2 and up
    /// with a token `t<id>`.
    @discardableResult
    static func admit(_ name: String, version: Int = 3, link: UInt64, into seats: inout Seats<Int>, ms: Int64 = 0) -> Peer {
        let peer = Peer(id: seats.nextPeerID, name: name)
        let token = version >= WireCodec.resumeVersion ? "t\(peer.id.rawValue)" : nil
        seats.admit(
            peer, version: version, token: token, on: LinkID(rawValue: link), handle: Int(link),
            heartbeat: Heartbeat(configuration: heartbeat, now: Fixtures.at(ms: ms)), rosterMark: RosterBatch().markNow,
            realtime: version >= WireCodec.realtimeVersion ? DatagramPath(key: nil) : nil)
        return peer
    }

    static func pong(at ms: Int64) -> Pong {
        let micros = Fixtures.at(ms: ms).microseconds
        return Pong(seq: 0, sent: micros - 2_000, received: micros - 1_000, replied: micros - 1_000)
    }

    @Test func admittingIndexesTheNameTheTokenAndTheHandleAndGivesIdsInOrder() {
        var seats = Seats<Int>()
        let ann = Self.admit("Ann", link: 7, into: &seats)
        let bob = Self.admit("Bob", version: 1, link: 8, into: &seats)
        #expect(ann.id == PeerID(rawValue: 1) && bob.id == PeerID(rawValue: 2))
        #expect(seats.players == [ann, bob])
        #expect(seats.isNameTaken("ANN") && seats.isNameTaken("bob") && !seats.isNameTaken("Cy"))
        #expect(seats.holder(ofToken: "t1") == ann.id)
        #expect(seats.tokenCount == 1, "a version 1 seat holds no token")
        #expect(seats.handle(of: ann.id) == 7 && seats.handle(of: bob.id) == 8)
        #expect(seats[bob.id]?.realtime == nil && seats[ann.id]?.realtime != nil)
        #expect(seats.checkInvariants() == [])
    }

    @Test func leavingFreesTheNameAndTokenAtOnceButNeverTheId() {
        var seats = Seats<Int>()
        let ann = Self.admit("Ann", link: 1, into: &seats)
        seats.pongReceived(Self.pong(at: 10), from: ann.id, at: Fixtures.at(ms: 10))
        #expect(seats.clocks[ann.id] != nil)
        let seat = seats.leave(ann.id)
        #expect(seat?.peer == ann)
        let again = seats.leave(ann.id)
        #expect(again == nil, "a second leave finds nothing")
        #expect(!seats.isNameTaken("Ann") && seats.holder(ofToken: "t1") == nil)
        #expect(seats.handles.isEmpty && seats.clocks.isEmpty && seats.count == 0)
        #expect(seats.hasIssued(ann.id))
        let back = Self.admit("Ann", link: 2, into: &seats)
        #expect(back.id == PeerID(rawValue: 2), "an id is never given twice")
        #expect(seats.checkInvariants() == [])
    }

    @Test func anAwaySeatKeepsNameAndTokenButNoHandleOrClockUntilItIsTakenBack() {
        var seats = Seats<Int>()
        let ann = Self.admit("Ann", link: 1, into: &seats)
        seats.pongReceived(Self.pong(at: 10), from: ann.id, at: Fixtures.at(ms: 10))
        seats.markAway(ann.id, until: Fixtures.at(ms: 30_000))
        #expect(seats[ann.id]?.link == nil && seats[ann.id]?.awayUntil == Fixtures.at(ms: 30_000))
        #expect(seats.handle(of: ann.id) == nil && seats.clocks[ann.id] == nil)
        #expect(seats.isNameTaken("Ann") && seats.holder(ofToken: "t1") == ann.id)
        #expect(seats.awayIDs == [ann.id])
        seats.pongReceived(Self.pong(at: 20), from: ann.id, at: Fixtures.at(ms: 20))
        #expect(seats.clocks[ann.id] == nil, "no clock estimate for a player who is away")
        seats.resume(
            ann.id, version: 2, on: LinkID(rawValue: 9), handle: 9, heartbeat: Heartbeat(configuration: Self.heartbeat, now: .uptimeNanoseconds(0)),
            rosterMark: RosterBatch().markNow, realtime: nil)
        #expect(seats[ann.id]?.link == LinkID(rawValue: 9) && seats[ann.id]?.awayUntil == nil && seats.handle(of: ann.id) == 9)
        #expect(seats[ann.id]?.version == 2 && seats[ann.id]?.realtime == nil, "the new client's version and path")
        #expect(seats.awayIDs.isEmpty)
        #expect(seats.checkInvariants() == [])
    }

    @Test func aTickReportsPingsDueSilentLinksAndGraceOverInOrderOfAdmission() {
        var seats = Seats<Int>()
        let ann = Self.admit("Ann", link: 1, into: &seats)
        let bob = Self.admit("Bob", link: 2, into: &seats, ms: 2_500)
        let cy = Self.admit("Cy", link: 3, into: &seats)
        seats.markAway(cy.id, until: Fixtures.at(ms: 3_000))
        var due = seats.tick(now: Fixtures.at(ms: 2_900))
        #expect(due.pings == [1, 2] && due.silent.isEmpty && due.graceOver.isEmpty, "a first ping is due at once")
        seats.heard(from: ann.id, at: Fixtures.at(ms: 2_900))
        due = seats.tick(now: Fixtures.at(ms: 3_500))
        #expect(due.pings.isEmpty && due.graceOver == [cy.id], "pinged 0.6 s ago; Cy's grace is over")
        due = seats.tick(now: Fixtures.at(ms: 4_000))
        #expect(due.pings == [1, 2])
        seats.heard(from: bob.id, at: Fixtures.at(ms: 5_000))
        due = seats.tick(now: Fixtures.at(ms: 6_000))
        #expect(due.silent.map(\.0) == [LinkID(rawValue: 1)] && due.pings == [2], "Ann silent since 2.9 s, Bob heard at 5 s")
        #expect(due.gone.isEmpty, "silent is not gone: its link is checked first")
        #expect(seats.count == 3, "a tick removes nobody: the caller acts")
    }

    @Test func aPathIsKeptOnlyForAVersion3Seat() {
        var seats = Seats<Int>()
        let old = Self.admit("Old", version: 2, link: 1, into: &seats)
        let new = Self.admit("New", version: 3, link: 2, into: &seats)
        seats.storePath(DatagramPath(key: Array(repeating: 1, count: 32)), of: old.id)
        #expect(seats[old.id]?.realtime == nil)
        let none = seats.withPath(of: old.id) { _ in true }
        #expect(none == nil)
        seats.storePath(DatagramPath(key: Array(repeating: 1, count: 32)), of: new.id)
        #expect(seats[new.id]?.realtime?.key == Array(repeating: 1, count: 32))
        let newer = seats.withPath(of: new.id) { $0.accept(key: "court", seq: 5) }
        let older = seats.withPath(of: new.id) { $0.accept(key: "court", seq: 4) }
        #expect(newer == true)
        #expect(older == false, "the change was kept: 4 is older than 5")
        #expect(seats.checkInvariants() == [])
    }

    // MARK: The walk

    /// What the model knows of one seat.
    struct Modelled: Equatable {
        var name: String
        var link: UInt64?
        var token: String?
        var awayUntil: Int64?
        var version: Int
        /// The heartbeat, as the model sees it: last heard, last pinged (ms).
        var heard: Int64
        var pinged: Int64?
        /// When the seats last reported it silent (its link to be checked).
        var asked: Int64?
    }

    @Test(arguments: Array(UInt64(1)...30))
    func aRandomWalkKeepsEveryIndexInStepWithAModel(seed: UInt64) {
        var rng = Generator(state: seed)
        var seats = Seats<Int>()
        var model: [PeerID: Modelled] = [:]
        var issued: UInt32 = 0
        var nextLink: UInt64 = 1
        var ms: Int64 = 0
        let names = ["Ann", "ann", "Bob", "BOB", "Cy", "Dee", "Eve"]
        for step in 0..<300 {
            let context = Comment(rawValue: "seed \(seed), step \(step)")
            let anyID = model.keys.randomElement(using: &rng) ?? PeerID(rawValue: UInt32.random(in: 1...9, using: &rng))
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<30:  // admit, when the name is free (the machine checks first)
                let name = names.randomElement(using: &rng)!
                guard !model.values.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
                    #expect(seats.isNameTaken(name), context)
                    continue
                }
                #expect(!seats.isNameTaken(name), context)
                let version = Int.random(in: 1...3, using: &rng)
                let peer = Self.admit(name, version: version, link: nextLink, into: &seats, ms: ms)
                issued += 1
                #expect(peer.id.rawValue == issued, context)
                model[peer.id] = Modelled(name: name, link: nextLink, token: version >= 2 ? "t\(issued)" : nil, version: version, heard: ms)
                nextLink += 1
            case 30..<45:
                let seat = seats.leave(anyID)
                #expect((seat != nil) == (model.removeValue(forKey: anyID) != nil), context)
            case 45..<60:  // a dropped link: away when it holds a token (as the machine decides)
                guard let modelled = model[anyID], modelled.link != nil, modelled.token != nil else { continue }
                let until = ms + Int64.random(in: 1...5_000, using: &rng)
                seats.markAway(anyID, until: Fixtures.at(ms: until))
                model[anyID]?.link = nil
                model[anyID]?.awayUntil = until
            case 60..<70:  // taken back (seated or away) on a new link, at any version from 2
                guard model[anyID]?.token != nil else { continue }
                let version = Int.random(in: 2...3, using: &rng)
                seats.resume(
                    anyID, version: version, on: LinkID(rawValue: nextLink), handle: Int(nextLink),
                    heartbeat: Heartbeat(configuration: Self.heartbeat, now: Fixtures.at(ms: ms)), rosterMark: RosterBatch().markNow,
                    realtime: version >= 3 ? DatagramPath(key: nil) : nil)
                model[anyID]?.link = nextLink
                model[anyID]?.awayUntil = nil
                model[anyID]?.version = version
                model[anyID]?.heard = ms
                model[anyID]?.pinged = nil
                model[anyID]?.asked = nil
                nextLink += 1
            case 70..<80:
                seats.pongReceived(Self.pong(at: ms), from: anyID, at: Fixtures.at(ms: ms))
                #expect((seats.clocks[anyID] != nil) == (model[anyID]?.link != nil), context)
            case 80..<85:
                seats.heard(from: anyID, at: Fixtures.at(ms: ms))
                if let heard = model[anyID]?.heard { model[anyID]?.heard = max(heard, ms) }
            default:
                ms += Int64.random(in: 1...2_000, using: &rng)
                let due = seats.tick(now: Fixtures.at(ms: ms))
                let over = model.filter { $0.value.awayUntil.map { ms >= $0 } ?? false }.keys.sorted()
                #expect(due.graceOver == over, context)
                var (pings, silent, gone): ([Int], [LinkID], [LinkID]) = ([], [], [])
                for id in model.keys.sorted() {
                    guard let modelled = model[id], let link = modelled.link else { continue }
                    if ms - modelled.heard > 30_000 {
                        gone.append(LinkID(rawValue: link))
                    } else if ms - modelled.heard > 3_000, modelled.asked.map({ ms >= $0 + 1_000 }) ?? true {
                        silent.append(LinkID(rawValue: link))
                        model[id]?.asked = ms
                    } else if modelled.pinged.map({ ms - $0 >= 1_000 }) ?? true {
                        pings.append(Int(link))
                        model[id]?.pinged = ms
                    }
                }
                #expect(due.pings == pings && due.silent.map(\.0) == silent && due.gone == gone, context)
                #expect(due.silent.allSatisfy { link, handle in UInt64(handle) == link.rawValue }, context)
            }
            #expect(seats.checkInvariants() == [], context)
            Self.expect(seats, agreesWith: model, issued: issued, context)
        }
    }

    /// Every query of the seats answers as the model does.
    static func expect(_ seats: Seats<Int>, agreesWith model: [PeerID: Modelled], issued: UInt32, _ context: Comment) {
        #expect(seats.ids == model.keys.sorted(), context)
        #expect(seats.count == model.count, context)
        #expect(seats.nextPeerID.rawValue == issued + 1, context)
        #expect(seats.awayIDs == model.filter { $0.value.link == nil }.keys.sorted(), context)
        #expect(seats.tokenCount == model.values.filter { $0.token != nil }.count, context)
        for (id, modelled) in model {
            let seat = seats[id]
            #expect(seat?.peer.name == modelled.name, context)
            #expect(seat?.link?.rawValue == modelled.link, context)
            #expect(seat?.token == modelled.token, context)
            #expect(seat?.awayUntil == modelled.awayUntil.map { Fixtures.at(ms: $0) }, context)
            #expect(seat?.version == modelled.version, context)
            #expect(seats.handle(of: id).map { UInt64($0) } == modelled.link, context)
            #expect(seats.isNameTaken(modelled.name.uppercased()), context)
            if let token = modelled.token { #expect(seats.holder(ofToken: token) == id, context) }
        }
        for raw in 1...(issued + 1) where model[PeerID(rawValue: raw)] == nil {
            #expect(seats[PeerID(rawValue: raw)] == nil && seats.handle(of: PeerID(rawValue: raw)) == nil, context)
        }
    }
}
