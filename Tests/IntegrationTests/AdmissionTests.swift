import NIOCore
import Testing

@testable import Matchmaking

@Suite(.timeLimit(.minutes(1))) struct AdmissionTests {
    @Test func capacityThreeDeniesTheFourthAndFifthAndReusesAFreedSlot() async throws {
        let host = try await TestHost.start(capacity: 3)
        var admitted: [PlayerSession] = []
        for name in ["Ann", "Bob", "Cy"] { admitted.append(try await host.join(name)) }
        #expect(admitted.map(\.me.id.rawValue) == [1, 2, 3])
        for name in ["Dee", "Eve"] {
            await #expect(throws: JoinError.denied(.full, detail: "the game is full (3 of 3 players)")) {
                try await host.join(name)
            }
        }
        #expect(host.server.session.peers.count == 3)
        #expect(await admitted[1].quit() == .userQuit)
        #expect(await eventually { host.server.session.peers.count == 2 })
        let fresh = try await host.join("Dee")
        #expect(fresh.me.id.rawValue == 4)  // ids are never reused
        #expect(Set(fresh.initialPeers.map(\.name)) == ["Ann", "Cy"])
        await host.server.shutdown()
    }

    @Test func joinCodeIsCheckedWithoutSendingIt() async throws {
        let host = try await TestHost.start(joinCode: "tiger-lemon-42")
        await #expect(throws: JoinError.denied(.wrongJoinCode, detail: "the join code is wrong")) {
            try await host.join("Ann", code: "tiger-lemon-43")
        }
        await #expect(throws: JoinError.denied(.wrongJoinCode, detail: "this host needs a join code")) {
            try await host.join("Ann")
        }
        let session = try await host.join("Ann", code: "tiger-lemon-42")
        #expect(session.me.name == "Ann")
        await host.server.shutdown()
    }

    @Test func namesAreUniqueCaseInsensitively() async throws {
        let host = try await TestHost.start()
        _ = try await host.join("Ann")
        await #expect(throws: JoinError.denied(.nameTaken, detail: "another player is already called ANN; \"ANN 2\" is free", suggestion: "ANN 2")) {
            try await host.join("  ANN ")
        }
        await host.server.shutdown()
    }

    @Test func aGameWithoutLateJoinersDeniesInProgressUntilItEnds() async throws {
        let host = try await TestHost.start()
        _ = try await host.join("Ann")
        host.server.session.gameStarted(lateJoinersAllowed: false)
        await #expect(throws: JoinError.denied(.inProgress, detail: "a game is in progress and takes no late joiners")) {
            try await host.join("Bob")
        }
        host.server.session.gameEnded()
        _ = try await host.join("Bob")
        await host.server.shutdown()
    }

    @Test func anUnreachableHostIsNoNetwork() async throws {
        let host = try await TestHost.start()
        let port = host.port
        await host.server.shutdown()
        await #expect {
            _ = try await MatchmakingClient.join(.tcp(host: "127.0.0.1", port: port), configuration: .init(playerName: "Ann"))
        } throws: { error in
            guard case .noNetwork = error as? JoinError else { return false }
            return true
        }
    }

    @Test func ipv6LoopbackWorks() async throws {
        let host = try await TestHost.start(host: "::1")
        let session = try await host.join("Ann")
        #expect(session.me.id == PeerID(rawValue: 1))
        await host.server.shutdown()
    }
}
