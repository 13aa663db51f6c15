import Testing

@testable import Matchmaking

@Suite struct ServerStateMachineTests {
    typealias Check = ServerStateMachine.HelloCheck

    static func hello(
        _ name: String, version: Int = 1, proof: Check.Proof = .notRequired
    ) -> Check {
        Check(version: version, name: .success(name), proof: proof)
    }

    /// A started machine with capacity 3 (unless told otherwise).
    static func started(capacity: Int = 3, versions: [Int] = [1]) -> ServerStateMachine {
        var machine = ServerStateMachine(configuration: .init(capacity: capacity, versions: versions))
        #expect(machine.start() == .startListening)
        return machine
    }

    static func peer(_ id: UInt32, _ name: String) -> Peer { Peer(id: PeerID(rawValue: id), name: name) }

    static func isAccepting(_ state: ServerStateMachine.State) -> Bool {
        if case .acceptingConnections = state { return true }
        return false
    }

    static func isIgnoring(_ state: ServerStateMachine.State) -> Bool {
        if case .ignoringNewConnections = state { return true }
        return false
    }

    // MARK: transitions

    @Test func startsIdleWithNobody() {
        let machine = ServerStateMachine(configuration: .init(capacity: 3))
        #expect(machine.state == .idle)
        #expect(machine.players.isEmpty)
        #expect(machine.configuration.versions == WireCodec.supportedVersions)
    }

    @Test func fullLifeCycle() {
        var machine = ServerStateMachine(configuration: .init(capacity: 3))
        #expect(machine.start() == .startListening)
        #expect(Self.isAccepting(machine.state))

        #expect(machine.helloReceived(Self.hello("Ada")) == .admit(Self.peer(1, "Ada"), others: []))

        #expect(machine.gameStarted(lateJoinersAllowed: false) == .none)
        #expect(Self.isIgnoring(machine.state))
        #expect(machine.players == [Self.peer(1, "Ada")])

        #expect(machine.gameEnded() == .none)
        #expect(Self.isAccepting(machine.state))
        #expect(machine.players == [Self.peer(1, "Ada")])

        #expect(machine.stop() == .disconnectAll([Self.peer(1, "Ada")]))
        #expect(machine.state == .idle)
        #expect(machine.players.isEmpty)
    }

    @Test func gameWithLateJoinersKeepsAccepting() {
        var machine = Self.started()
        #expect(machine.gameStarted(lateJoinersAllowed: true) == .none)
        #expect(Self.isAccepting(machine.state))
        #expect(machine.helloReceived(Self.hello("Late")) == .admit(Self.peer(1, "Late"), others: []))
    }

    @Test func gameEndedWhileAcceptingChangesNothing() {
        var machine = Self.started()
        _ = machine.helloReceived(Self.hello("Ada"))
        let before = machine.state
        #expect(machine.gameEnded() == .none)
        #expect(machine.state == before)
    }

    @Test func stopFromIgnoringNewConnectionsDisconnectsEveryone() {
        var machine = Self.started()
        _ = machine.helloReceived(Self.hello("Ada"))
        _ = machine.helloReceived(Self.hello("Bob"))
        _ = machine.gameStarted(lateJoinersAllowed: false)
        #expect(machine.stop() == .disconnectAll([Self.peer(1, "Ada"), Self.peer(2, "Bob")]))
        #expect(machine.state == .idle)
    }

    @Test func stopWithNobodyDisconnectsNobody() {
        var machine = Self.started()
        #expect(machine.stop() == .disconnectAll([]))
        #expect(machine.state == .idle)
    }

    // MARK: capacity

    @Test func capacityThreeAdmitsThreeAndDeniesTheRest() {
        var machine = Self.started(capacity: 3)
        #expect(machine.helloReceived(Self.hello("Ada")) == .admit(Self.peer(1, "Ada"), others: []))
        #expect(machine.helloReceived(Self.hello("Bob")) == .admit(Self.peer(2, "Bob"), others: [Self.peer(1, "Ada")]))
        #expect(
            machine.helloReceived(Self.hello("Cy"))
                == .admit(Self.peer(3, "Cy"), others: [Self.peer(1, "Ada"), Self.peer(2, "Bob")]))

        for name in ["Dee", "Eve"] {
            guard case .deny(let reason, let detail) = machine.helloReceived(Self.hello(name)) else {
                Issue.record("\(name) was not denied")
                continue
            }
            #expect(reason == .full)
            #expect(detail.contains("3 of 3"))
        }
        #expect(machine.players.map(\.name) == ["Ada", "Bob", "Cy"])
    }

    @Test func freedSlotIsReusableAtOnce() {
        var machine = Self.started(capacity: 3)
        for name in ["Ada", "Bob", "Cy"] { _ = machine.helloReceived(Self.hello(name)) }
        #expect(machine.helloReceived(Self.hello("Dee")).denyReason == .full)

        #expect(
            machine.peerLeft(PeerID(rawValue: 2), reason: .userQuit)
                == .announceLeft(Self.peer(2, "Bob"), reason: .userQuit, remaining: [Self.peer(1, "Ada"), Self.peer(3, "Cy")]))
        #expect(
            machine.helloReceived(Self.hello("Dee"))
                == .admit(Self.peer(4, "Dee"), others: [Self.peer(1, "Ada"), Self.peer(3, "Cy")]))
        #expect(machine.helloReceived(Self.hello("Eve")).denyReason == .full)
    }

    @Test func idsAreNeverReused() {
        var machine = Self.started(capacity: 1)
        var seen: [PeerID] = []
        for round in 0..<5 {
            guard case .admit(let peer, let others) = machine.helloReceived(Self.hello("Player")) else {
                Issue.record("round \(round) not admitted")
                return
            }
            #expect(others.isEmpty)
            #expect(!seen.contains(peer.id))
            #expect(peer.id != .host)
            seen.append(peer.id)
            _ = machine.peerLeft(peer.id, reason: .connectionDropped)
        }
        #expect(seen == (1...5).map { PeerID(rawValue: $0) })
    }

    @Test
    func idsAreNotReusedAfterRestart() {
        var machine = Self.started()
        #expect(machine.helloReceived(Self.hello("Ada")).admittedPeer?.id == PeerID(rawValue: 1))
        _ = machine.stop()
        _ = machine.start()
        #expect(machine.helloReceived(Self.hello("Bob")).admittedPeer?.id != PeerID(rawValue: 1))
    }

    @Test func peerLeftDuringGameAnnouncesAndFreesSlotForLater() {
        var machine = Self.started(capacity: 2)
        _ = machine.helloReceived(Self.hello("Ada"))
        _ = machine.helloReceived(Self.hello("Bob"))
        _ = machine.gameStarted(lateJoinersAllowed: false)
        #expect(
            machine.peerLeft(PeerID(rawValue: 1), reason: .protocolError)
                == .announceLeft(Self.peer(1, "Ada"), reason: .protocolError, remaining: [Self.peer(2, "Bob")]))
        #expect(Self.isIgnoring(machine.state))
        #expect(machine.helloReceived(Self.hello("Cy")).denyReason == .inProgress)
        _ = machine.gameEnded()
        #expect(machine.helloReceived(Self.hello("Cy")) == .admit(Self.peer(3, "Cy"), others: [Self.peer(2, "Bob")]))
    }

    @Test func peerLeftOfUnknownIDIsNone() {
        var machine = Self.started()
        _ = machine.helloReceived(Self.hello("Ada"))
        #expect(machine.peerLeft(PeerID(rawValue: 42), reason: .userQuit) == .none)
        #expect(machine.peerLeft(.host, reason: .userQuit) == .none)
        // Leaving twice: the second one is unknown.
        #expect(machine.peerLeft(PeerID(rawValue: 1), reason: .userQuit) != .none)
        #expect(machine.peerLeft(PeerID(rawValue: 1), reason: .userQuit) == .none)
        _ = machine.gameStarted(lateJoinersAllowed: false)
        #expect(machine.peerLeft(PeerID(rawValue: 7), reason: .userQuit) == .none)
    }

    // MARK: deny reasons

    @Test func versionMismatch() {
        var machine = Self.started(versions: [1, 2])
        guard case .deny(let reason, let detail) = machine.helloReceived(Self.hello("Ada", version: 3)) else {
            Issue.record("not denied")
            return
        }
        #expect(reason == .versionMismatch)
        #expect(detail.contains("3"))
        #expect(detail.contains("1, 2"))
        #expect(machine.helloReceived(Self.hello("Ada", version: 2)).admittedPeer?.name == "Ada")
    }

    @Test func badNameIsBadHello() {
        var machine = Self.started()
        for problem: PlayerName.Problem in [.empty, .controlCharacters, .tooLong(characters: 40, bytes: 40)] {
            let action = machine.helloReceived(Check(version: 1, name: .failure(problem), proof: .notRequired))
            #expect(action == .deny(.badHello, detail: problem.description))
        }
        #expect(machine.players.isEmpty)
    }

    @Test func malformedProofIsBadHello() {
        var machine = Self.started()
        #expect(machine.helloReceived(Self.hello("Ada", proof: .malformed)).denyReason == .badHello)
    }

    @Test func wrongOrMissingProofIsWrongJoinCode() {
        var machine = Self.started()
        #expect(machine.helloReceived(Self.hello("Ada", proof: .wrong)).denyReason == .wrongJoinCode)
        #expect(machine.helloReceived(Self.hello("Ada", proof: .missing)).denyReason == .wrongJoinCode)
        #expect(machine.players.isEmpty)
        #expect(machine.helloReceived(Self.hello("Ada", proof: .valid)).admittedPeer?.name == "Ada")
    }

    @Test func inProgressWhileIgnoringNewConnections() {
        var machine = Self.started()
        _ = machine.gameStarted(lateJoinersAllowed: false)
        #expect(machine.helloReceived(Self.hello("Ada")).denyReason == .inProgress)
        #expect(machine.players.isEmpty)
    }

    @Test func nameTakenIsCaseInsensitive() {
        var machine = Self.started()
        _ = machine.helloReceived(Self.hello("Ada"))
        for name in ["Ada", "ada", "ADA", "aDa"] {
            guard case .deny(let reason, let detail) = machine.helloReceived(Self.hello(name)) else {
                Issue.record("\(name) admitted")
                continue
            }
            #expect(reason == .nameTaken)
            #expect(detail.contains(name))
        }
        _ = machine.helloReceived(Self.hello("Émile"))
        #expect(machine.helloReceived(Self.hello("éMILE")).denyReason == .nameTaken)
        #expect(machine.helloReceived(Self.hello("Adam")).admittedPeer?.name == "Adam")
    }

    @Test func nameIsFreeAgainAfterItsOwnerLeaves() {
        var machine = Self.started()
        _ = machine.helloReceived(Self.hello("Ada"))
        _ = machine.peerLeft(PeerID(rawValue: 1), reason: .userQuit)
        #expect(machine.helloReceived(Self.hello("ada")) == .admit(Self.peer(2, "ada"), others: []))
    }

    /// versionMismatch > badHello > wrongJoinCode > inProgress > full > nameTaken: peel them off one by one.
    @Test func denyReasonPrecedence() {
        var machine = Self.started(capacity: 1)
        _ = machine.helloReceived(Self.hello("Ada"))  // now full, and "Ada" is taken
        // Full and name taken: full wins.
        #expect(machine.helloReceived(Self.hello("ada")).denyReason == .full)
        _ = machine.gameStarted(lateJoinersAllowed: false)
        // In progress, full, name taken: inProgress wins.
        #expect(machine.helloReceived(Self.hello("ada")).denyReason == .inProgress)
        // + wrong join code.
        #expect(machine.helloReceived(Self.hello("ada", proof: .wrong)).denyReason == .wrongJoinCode)
        #expect(machine.helloReceived(Self.hello("ada", proof: .missing)).denyReason == .wrongJoinCode)
        // + bad name: badHello beats the code.
        let badName = Check(version: 1, name: .failure(.empty), proof: .wrong)
        #expect(machine.helloReceived(badName) == .deny(.badHello, detail: PlayerName.Problem.empty.description))
        // + wrong version: versionMismatch beats everything.
        let everything = Check(version: 9, name: .failure(.empty), proof: .malformed)
        #expect(machine.helloReceived(everything).denyReason == .versionMismatch)
        // And the same order while accepting.
        _ = machine.gameEnded()
        #expect(machine.helloReceived(everything).denyReason == .versionMismatch)
        #expect(machine.helloReceived(badName).denyReason == .badHello)
        #expect(machine.helloReceived(Self.hello("ada", proof: .missing)).denyReason == .wrongJoinCode)
        #expect(machine.helloReceived(Self.hello("ada")).denyReason == .full)
        #expect(machine.players == [Self.peer(1, "Ada")])
    }

    @Test func nameTakenWhenNotFull() {
        var machine = Self.started(capacity: 3)
        _ = machine.helloReceived(Self.hello("Ada"))
        #expect(machine.helloReceived(Self.hello("ADA", proof: .valid)).denyReason == .nameTaken)
    }

    @Test func everyDenyReasonIsReachable() {
        var reached: [DenyReason?] = []
        var machine = Self.started(capacity: 1)
        reached.append(machine.helloReceived(Self.hello("A", version: 2)).denyReason)
        reached.append(machine.helloReceived(Check(version: 1, name: .failure(.empty), proof: .valid)).denyReason)
        reached.append(machine.helloReceived(Self.hello("A", proof: .wrong)).denyReason)
        _ = machine.helloReceived(Self.hello("A"))
        reached.append(machine.helloReceived(Self.hello("B")).denyReason)
        _ = machine.peerLeft(PeerID(rawValue: 1), reason: .userQuit)
        var two = Self.started(capacity: 2)
        _ = two.helloReceived(Self.hello("A"))
        reached.append(two.helloReceived(Self.hello("a")).denyReason)
        _ = two.gameStarted(lateJoinersAllowed: false)
        reached.append(two.helloReceived(Self.hello("B")).denyReason)
        #expect(!reached.contains(nil))
        #expect(Set(reached.compactMap { $0 }) == Set(DenyReason.allCases))
    }

    // MARK: while idle

    @Test func eventsWhileIdle() {
        var machine = ServerStateMachine(configuration: .init(capacity: 3))
        #expect(machine.helloReceived(Self.hello("Ada")).denyReason == .inProgress)
        #expect(machine.peerLeft(PeerID(rawValue: 1), reason: .userQuit) == .none)
        #expect(machine.gameEnded() == .none)
        #expect(machine.stop() == .none)
        #expect(machine.state == .idle)
        #expect(machine.players.isEmpty)
    }

    @Test func eventsAfterStop() {
        var machine = Self.started()
        _ = machine.helloReceived(Self.hello("Ada"))
        _ = machine.stop()
        #expect(machine.helloReceived(Self.hello("Bob")).denyReason == .inProgress)
        #expect(machine.peerLeft(PeerID(rawValue: 1), reason: .serverQuit) == .none)
        #expect(machine.stop() == .none)
        #expect(machine.start() == .startListening)
        #expect(machine.players.isEmpty)
    }
}

extension ServerStateMachine.Action {
    var denyReason: DenyReason? {
        if case .deny(let reason, _) = self { return reason }
        return nil
    }
    var admittedPeer: Peer? {
        if case .admit(let peer, _) = self { return peer }
        return nil
    }
}
