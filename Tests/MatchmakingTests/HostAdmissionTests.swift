import NIOCore
import Testing

@testable import Matchmaking

/// Admission on the host machine: the cap, ids, names, the deny reasons and their order, the
/// game phase, stop.
@Suite struct HostAdmissionTests {
    static func peer(_ id: UInt32, _ name: String) -> Peer { Peer(id: PeerID(rawValue: id), name: name) }

    @Test func startsOpenWithNobody() {
        let host = HostDriver()
        #expect(host.machine.phase == .open)
        #expect(host.machine.players.isEmpty)
        #expect(host.machine.status == ServerStatus(name: "Kitchen Pi", players: 0, capacity: 3, isPlaying: false))
    }

    @Test func theHostSpeaksFirst() {
        var host = HostDriver(joinCode: HostDriver.code)
        host.join("Ada", proof: .right)
        let (link, result) = host.open()
        guard case .serverHello(let hello) = result.messages(to: link).first else {
            Issue.record("no serverHello: \(result.writes)"); return
        }
        #expect(hello.versions == [1, 2, 3, 4])
        #expect(hello.name == "Kitchen Pi")
        #expect(hello.game == .lobby)
        #expect(hello.nonce == Base64.encode(host.nonces[link]!))
        #expect(hello.joinCodeRequired)
        #expect(hello.players == 1)
        #expect(hello.capacity == 3)
        #expect(hello.maxFrame == WireCodec.defaultMaxFrame)
        #expect(result.closed.isEmpty)
    }

    @Test func capacityThreeAdmitsThreeAndDeniesTheRest() {
        var host = HostDriver(capacity: 3)
        let ada = host.hello("Ada").result.welcome
        #expect(ada?.you == Self.peer(1, "Ada"))
        #expect(ada?.peers == [])
        #expect(ada?.host == Self.peer(0, "Kitchen Pi"))
        #expect(host.hello("Bob").result.welcome?.peers == [Self.peer(1, "Ada")])
        #expect(host.hello("Cy").result.welcome?.peers == [Self.peer(1, "Ada"), Self.peer(2, "Bob")])
        for name in ["Dee", "Eve"] {
            let (link, result) = host.hello(name)
            #expect(result.denial?.reason == .full)
            #expect(result.denial?.detail == "the game is full (3 of 3 players)")
            #expect(result.closed == [link])
            #expect(result.inputs.isEmpty)
        }
        #expect(host.machine.players.map(\.name) == ["Ada", "Bob", "Cy"])
        #expect(host.machine.status.players == 3)
    }

    @Test func theWelcomeCarriesTheHeartbeatAndTheChosenVersion() {
        var host = HostDriver(heartbeat: .init(interval: .milliseconds(250), timeout: .milliseconds(900)))
        let welcome = host.hello("Ada").result.welcome
        #expect(welcome?.version == 1)
        #expect(welcome?.heartbeatIntervalMs == 250)
        #expect(welcome?.heartbeatTimeoutMs == 900)
    }

    @Test func aJoinIsHeardByTheGameAndPublished() {
        var host = HostDriver()
        let result = host.hello("Ada").result
        #expect(result.inputs == [.joined(Self.peer(1, "Ada"))])
        #expect(result.status?.players == 1)
    }

    @Test func aFreedSlotIsReusableAtOnce() {
        var host = HostDriver(capacity: 3)
        let links = ["Ada", "Bob", "Cy"].map { host.join($0).link }
        #expect(host.hello("Dee").result.denial?.reason == .full)
        let left = host.receive(.bye(Bye(reason: .userQuit, detail: nil)), on: links[1])
        #expect(left.left.map(\.0) == [Self.peer(2, "Bob")])
        #expect(left.closed == [links[1]])
        #expect(host.hello("Dee").result.welcome?.you == Self.peer(4, "Dee"))
        #expect(host.hello("Eve").result.denial?.reason == .full)
    }

    @Test func idsAreNeverReused() {
        var host = HostDriver(capacity: 1)
        var seen: [PeerID] = []
        for _ in 0..<5 {
            let (link, peer) = host.join("Player")
            #expect(!seen.contains(peer.id))
            #expect(peer.id != .host)
            seen.append(peer.id)
            _ = host.closed(link)
        }
        #expect(seen == (1...5).map { PeerID(rawValue: $0) })
    }

    @Test func aPlayerWhoLeavesDuringAGameFreesItsSlotForLater() {
        var host = HostDriver(capacity: 2)
        let ada = host.join("Ada").link
        host.join("Bob")
        _ = host.machine.gameStarted(lateJoinersAllowed: false)
        let violation = host.receive(.emptyFrame, on: ada)
        #expect(violation.left.map(\.1) == [.protocolError])
        #expect(host.hello("Cy").result.denial?.reason == .inProgress)
        _ = host.machine.gameEnded()
        #expect(host.hello("Cy").result.welcome?.peers == [Self.peer(2, "Bob")])
    }

    // MARK: Deny reasons

    @Test func versionMismatch() {
        var host = HostDriver()
        let result = host.hello("Ada", version: 5).result
        #expect(result.denial?.reason == .versionMismatch)
        #expect(result.denial?.detail == "version 5 is not spoken here (1, 2, 3, 4)")
        #expect(host.hello("Ada", version: 1).result.welcome != nil)
    }

    @Test(arguments: ["", " \t ", String(repeating: "x", count: 33), "bell\u{7}"])
    func aBadNameIsBadHello(_ name: String) throws {
        var host = HostDriver()
        let expected: String
        do {
            _ = try PlayerName.validate(name)
            Issue.record("\(name) is valid"); return
        } catch { expected = error.description }
        let result = host.hello(name).result
        #expect(result.denial?.reason == .badHello)
        #expect(result.denial?.detail == expected)
        #expect(host.machine.players.isEmpty)
    }

    @Test func aMalformedProofIsBadHello() {
        var host = HostDriver(joinCode: HostDriver.code)
        let result = host.hello("Ada", proof: .malformed).result
        #expect(result.denial?.reason == .badHello)
        #expect(result.denial?.detail == "proof: must be base64 of 32 bytes")
    }

    @Test func aWrongOrMissingProofIsWrongJoinCode() {
        var host = HostDriver(joinCode: HostDriver.code)
        #expect(host.hello("Ada", proof: .wrong).result.denial?.detail == "the join code is wrong")
        #expect(host.hello("Ada", proof: .none).result.denial?.detail == "this host needs a join code")
        #expect(host.machine.players.isEmpty)
        #expect(host.hello("Ada", proof: .right).result.welcome != nil)
    }

    @Test func aProofForAnotherLinksNonceIsWrong() {
        var host = HostDriver(joinCode: HostDriver.code)
        let (first, _) = host.open()
        let (second, _) = host.open()
        let replayed = JoinProof.proof(code: HostDriver.code, nonce: host.nonces[first]!)
        let result = host.receive(.clientHello(ClientHello(version: 1, name: "Ada", proof: replayed)), on: second)
        #expect(result.denial?.reason == .wrongJoinCode)
    }

    @Test func aProofIsIgnoredWhenNoCodeIsNeeded() {
        var host = HostDriver()
        #expect(host.hello("Ada", proof: .malformed).result.welcome != nil)
    }

    @Test func inProgressWhileAGameTakesNoLateJoiners() {
        var host = HostDriver()
        _ = host.machine.gameStarted(lateJoinersAllowed: false)
        let result = host.hello("Ada").result
        #expect(result.denial?.reason == .inProgress)
        #expect(result.denial?.detail == "a game is in progress and takes no late joiners")
        #expect(host.machine.status.isPlaying)
    }

    @Test func aGameWithLateJoinersKeepsAdmitting() {
        var host = HostDriver()
        #expect(host.machine.gameStarted(lateJoinersAllowed: true).status?.isPlaying == true)
        #expect(host.hello("Ada").result.welcome != nil)
        #expect(host.machine.gameEnded().status?.isPlaying == false)
    }

    @Test func gameEndedWhileOpenChangesNothing() {
        var host = HostDriver()
        #expect(host.machine.gameEnded().status == nil)
        #expect(host.machine.phase == .open)
    }

    @Test func nameTakenIsCaseInsensitive() {
        var host = HostDriver()
        host.join("Ada")
        for name in ["Ada", "ada", "ADA", "aDa"] {
            let result = host.hello(name).result
            #expect(result.denial?.reason == .nameTaken)
            #expect(result.denial?.detail == "another player is already called \(name); \"\(name) 2\" is free")
            #expect(result.denial?.suggestion == "\(name) 2")
        }
        host.join("Émile")
        #expect(host.hello("éMILE").result.denial?.reason == .nameTaken)
        #expect(host.hello("Adam").result.welcome != nil)
    }

    @Test func aNameIsFreeAgainAfterItsOwnerLeaves() {
        var host = HostDriver()
        let (link, _) = host.join("Ada")
        _ = host.closed(link)
        #expect(host.hello("ada").result.welcome?.you == Self.peer(2, "ada"))
    }

    /// versionMismatch > badHello > wrongJoinCode > inProgress > full > nameTaken: peel them off one by one.
    @Test func denyReasonPrecedence() {
        var host = HostDriver(capacity: 1, joinCode: HostDriver.code)
        host.join("Ada", proof: .right)  // now full, and "Ada" is taken
        #expect(host.hello("ada", proof: .right).result.denial?.reason == .full)
        _ = host.machine.gameStarted(lateJoinersAllowed: false)
        #expect(host.hello("ada", proof: .right).result.denial?.reason == .inProgress)
        #expect(host.hello("ada", proof: .wrong).result.denial?.reason == .wrongJoinCode)
        #expect(host.hello("ada", proof: .none).result.denial?.reason == .wrongJoinCode)
        #expect(host.hello("", proof: .wrong).result.denial?.reason == .badHello)
        #expect(host.hello("", version: 9, proof: .malformed).result.denial?.reason == .versionMismatch)
        _ = host.machine.gameEnded()
        #expect(host.hello("", version: 9, proof: .malformed).result.denial?.reason == .versionMismatch)
        #expect(host.hello("", proof: .wrong).result.denial?.reason == .badHello)
        #expect(host.hello("ada", proof: .none).result.denial?.reason == .wrongJoinCode)
        #expect(host.hello("ada", proof: .right).result.denial?.reason == .full)
        #expect(host.machine.players == [Self.peer(1, "Ada")])
    }

    @Test func nameTakenWhenNotFull() {
        var host = HostDriver(capacity: 3, joinCode: HostDriver.code)
        host.join("Ada", proof: .right)
        #expect(host.hello("ADA", proof: .right).result.denial?.reason == .nameTaken)
    }

    @Test func everyDenyReasonIsReachable() {
        var reached: Set<DenyReason> = []
        var host = HostDriver(capacity: 1, joinCode: HostDriver.code)
        for (name, version, proof) in [("A", 5, HostDriver.Proof.right), ("", 1, .right), ("A", 1, .wrong)] {
            if let reason = host.hello(name, version: version, proof: proof).result.denial?.reason { reached.insert(reason) }
        }
        host.join("A", proof: .right)
        if let reason = host.hello("B", proof: .right).result.denial?.reason { reached.insert(reason) }
        var two = HostDriver(capacity: 2)
        two.join("A")
        if let reason = two.hello("a").result.denial?.reason { reached.insert(reason) }
        _ = two.machine.gameStarted(lateJoinersAllowed: false)
        if let reason = two.hello("B").result.denial?.reason { reached.insert(reason) }
        #expect(reached == Set(DenyReason.allCases))
    }

    // MARK: Stop

    @Test func stopTellsEveryoneAndClosesEveryLink() {
        var host = HostDriver()
        let ada = host.join("Ada").link
        let bob = host.join("Bob").link
        let (pending, _) = host.open()
        let result = host.machine.stop(now: host.now)
        #expect(Set(result.closed) == [ada, bob, pending])
        #expect(result.messages(to: ada) == [.bye(Bye(reason: .serverQuit, detail: nil))])
        #expect(result.messages(to: pending) == [.deny(Deny(reason: .inProgress, detail: "the host is shutting down"))])
        #expect(Set(result.left.map(\.0.name)) == ["Ada", "Bob"])
        #expect(result.left.allSatisfy { $0.1 == .serverQuit })
        #expect(host.machine.players.isEmpty)
        #expect(host.machine.phase == .stopped)
    }

    @Test func afterStopNothingIsAdmitted() {
        var host = HostDriver()
        let ada = host.join("Ada").link
        _ = host.machine.stop(now: host.now)
        let (link, result) = host.open()
        #expect(result.closed == [link])
        #expect(result.denial?.reason == .inProgress)
        #expect(host.closed(ada).inputs.isEmpty)
        #expect(host.machine.stop(now: host.now).writes.isEmpty)
        #expect(host.machine.gameStarted(lateJoinersAllowed: true).status == nil)
        #expect(host.machine.players.isEmpty)
    }

    @Test func renameIsPublishedAndUsedInHellos() {
        var host = HostDriver()
        #expect(host.machine.rename(to: "Kitchen Pi #2").status?.name == "Kitchen Pi #2")
        guard case .serverHello(let hello) = host.open().result.writes.first.flatMap({ write -> WireMessage? in
            if case .send(.message(let message), _) = write { return message }
            return nil
        }) else { Issue.record("no hello"); return }
        #expect(hello.name == "Kitchen Pi #2")
        #expect(host.hello("Ada").result.welcome?.host.name == "Kitchen Pi #2")
    }
}
