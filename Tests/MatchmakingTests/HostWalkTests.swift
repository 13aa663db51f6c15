import NIOCore
import Testing

@testable import Matchmaking

/// Seeded random walks over the host machine: opens, hellos (good and bad), garbage, messages,
/// byes, closes, stalls, ticks and game phases in any order. After every step the machine's
/// facts agree with each other and with a model of the rules: never past the cap, no leaked
/// slot, no duplicate name, every closed link forgotten, every hello answered with the
/// documented reason.
@Suite struct HostWalkTests {
    /// A small deterministic generator (SplitMix64).
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// What the model expects of one hello (nil: a seat, new or taken back).
    static func expectedDenial(
        name: String, version: Int, proof: HostDriver.Proof, resume: String?, host: HostMachine<Int>
    ) -> DenyReason? {
        guard (1...4).contains(version) else { return .versionMismatch }
        guard let trimmed = try? PlayerName.validate(name) else { return .badHello }
        if host.configuration.joinCode != nil {
            switch proof {
            case .none, .wrong: return .wrongJoinCode
            case .malformed: return .badHello
            case .right: break
            }
        }
        if version >= 2, let resume, host.seats.holder(ofToken: resume) != nil { return nil }
        if case .playing(lateJoinersAllowed: false) = host.phase { return .inProgress }
        if host.players.count >= host.configuration.capacity { return .full }
        if host.players.contains(where: { $0.name.lowercased() == trimmed.lowercased() }) { return .nameTaken }
        return nil
    }

    /// The facts the machine keeps in several places agree.
    static func checkInvariants(_ host: HostMachine<Int>, open: Set<Int>, step: Int, seed: UInt64) {
        let context = Comment(rawValue: "seed \(seed), step \(step)")
        #expect(host.seats.checkInvariants() == [], context)
        #expect(host.players.count <= host.configuration.capacity, context)
        let admitted = host.links.values.compactMap { if case .admitted(let peer) = $0.stage { peer } else { nil } }
        let linked = host.seats.all.filter { $0.link != nil }.map(\.peer.id)
        #expect(Set(admitted) == Set(linked), context)
        #expect(admitted.count == linked.count, context)
        for seat in host.seats.all {
            #expect((seat.link == nil) == (seat.awayUntil != nil), "away exactly when unlinked; \(context)")
            #expect(seat.token == nil || seat.version >= 2, context)
            #expect((seat.realtime != nil) == (seat.version >= 3), "a real-time path exactly from version 3; \(context)")
            if let token = seat.token { #expect(host.seats.holder(ofToken: token) == seat.peer.id, context) }
        }
        #expect(host.seats.tokenCount == host.seats.all.filter { $0.token != nil }.count, context)
        let waiting = host.links.values.filter { if case .awaitingHello = $0.stage { true } else { false } }.count
        #expect(waiting == host.pending, context)
        let keys = host.seats.all.map { $0.peer.name.lowercased() }
        #expect(Set(keys).count == keys.count, "duplicate name; \(context)")
        #expect(keys.allSatisfy { host.seats.isNameTaken($0) }, context)
        #expect(Set(host.seats.handles.keys) == Set(linked), context)
        #expect(Set(host.clocks.keys).isSubset(of: Set(linked)), context)
        #expect(Set(host.links.keys.map { Int($0.rawValue) }).isSubset(of: open), "a closed link is remembered; \(context)")
        for seat in host.seats.all { if let link = seat.link { #expect(host.links[link] != nil, context) } }
    }

    @Test(arguments: Array(UInt64(1)...40))
    func aRandomWalkKeepsEveryRule(seed: UInt64) {
        var rng = Generator(state: seed)
        let capacity = Int.random(in: 1...4, using: &rng)
        let code = Bool.random(using: &rng) ? HostDriver.code : nil
        var host = HostDriver(capacity: capacity, joinCode: code, handshakeTimeout: .milliseconds(300), maxPending: 6)
        var open: Set<Int> = []  // links the transport has not closed
        let names = ["Ada", "ada", "Bob", "BOB", "Cy", "Dee", "", " ", "x\u{7}"]
        var tokens: [String] = ["not a token"]  // every token ever given, and one never given
        for step in 0..<400 {
            let admittedLinks = host.machine.seats.all.compactMap { $0.link.map { Int($0.rawValue) } }
            let anyOpen = open.randomElement(using: &rng)
            var result = HostResult<Int>()
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<15:
                let (link, opened) = host.open()
                result = opened
                open.insert(link)
            case 15..<40:
                let name = names.randomElement(using: &rng)!
                let version = [1, 1, 2, 2, 2, 3, 3, 4, 4, 5].randomElement(using: &rng)!
                let proof = [HostDriver.Proof.none, .right, .right, .right, .wrong, .malformed].randomElement(using: &rng)!
                let resume = Bool.random(using: &rng) ? tokens.randomElement(using: &rng) : nil
                let expected = Self.expectedDenial(name: name, version: version, proof: proof, resume: resume, host: host.machine)
                let resuming = expected == nil && version >= 2 && resume.map { host.machine.seats.holder(ofToken: $0) != nil } == true
                let playersBefore = host.machine.players.count
                let pendingBefore = host.machine.pending
                let (link, answered) = host.hello(name, version: version, proof: proof, resume: resume)
                result = answered
                if pendingBefore >= 6 {
                    #expect(answered.writes.isEmpty, "a refused link says nothing more; seed \(seed), step \(step)")
                } else if let expected {
                    #expect(answered.denial?.reason == expected, "seed \(seed), step \(step): \(name) v\(version) \(proof)")
                    #expect(host.machine.players.count == playersBefore)
                } else if resuming {
                    #expect(answered.welcome?.resumed == true, "seed \(seed), step \(step): seat not taken back")
                    #expect(answered.welcome?.resumeToken == resume)
                    #expect(host.machine.players.count == playersBefore)
                } else {
                    #expect(answered.welcome != nil, "seed \(seed), step \(step): \(name) not admitted")
                    #expect(answered.welcome?.resumed == nil)
                    #expect((answered.welcome?.resumeToken != nil) == (version >= 2))
                    #expect(host.machine.players.count == playersBefore + 1)
                    if let token = answered.welcome?.resumeToken { tokens.append(token) }
                }
                open.insert(link)
            case 40..<50:
                guard let link = anyOpen else { continue }
                result = host.receive([ProtocolViolation.emptyFrame, .invalidUTF8, .malformedMessage("x")].randomElement(using: &rng)!, on: link)
            case 50..<60:
                guard let link = admittedLinks.randomElement(using: &rng) else { continue }
                let to: WireRecipients? = [nil, .all, .peers([PeerID(rawValue: 1), .host])].randomElement(using: &rng)!
                result = host.receive(.app(AppMessage(to: to, body: RawJSON(.integer(Int64(step))))), on: link)
            case 60..<65:
                guard let link = admittedLinks.randomElement(using: &rng) else { continue }
                result = host.receive(.bye(Bye(reason: .userQuit, detail: nil)), on: link)
            case 65..<78:
                guard let link = anyOpen else { continue }
                result = host.closed(link)
                open.remove(link)
                #expect(host.machine.links[LinkID(rawValue: UInt64(link))] == nil)
            case 78..<82:
                guard let link = anyOpen else { continue }
                result = host.machine.sendBufferFull(LinkID(rawValue: UInt64(link)), now: host.now)
            case 82..<95:
                let step = Int.random(in: 0..<10, using: &rng) == 0 ? 30_000 : 1500  // now and then, past a grace period
                result = host.tick(at: host.ms + Int64.random(in: 1...Int64(step), using: &rng))
            case 95..<97:
                result = host.machine.gameStarted(lateJoinersAllowed: Bool.random(using: &rng))
            case 97:  // the host's kick, of a player here or of an id that is not
                let id = host.machine.players.randomElement(using: &rng)?.id ?? PeerID(rawValue: UInt32(step))
                let seated = host.machine.seats[id] != nil
                result = host.machine.kick(id, now: host.now)
                #expect(host.machine.seats[id] == nil)
                #expect(result.left.map(\.1) == (seated ? [.kicked] : []), "seed \(seed), step \(step)")
            default:
                result = host.machine.gameEnded()
            }
            // A close is final: the runner closes the transport, which reports it.
            for link in result.closed where open.contains(link) {
                #expect(!host.machine.players.contains { host.machine.seats[$0.id]?.link?.rawValue == UInt64(link) })
            }
            Self.checkInvariants(host.machine, open: open, step: step, seed: seed)
        }
        // Every transport closes, and the grace period passes: nothing is left over.
        for link in open { _ = host.closed(link) }
        _ = host.tick(at: host.ms + 61_000)
        #expect(host.machine.players.isEmpty)
        #expect(host.machine.pending == 0)
        #expect(host.machine.linkCount == 0)
        #expect(host.machine.seats.count == 0 && host.machine.seats.tokenCount == 0)
        #expect(host.machine.seats.handles.isEmpty)
        #expect(host.machine.clocks.isEmpty)
    }
}
