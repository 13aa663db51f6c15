import Foundation
import Testing

@testable import Matchmaking

/// Connections still in their handshake are capped: past the cap a connection is closed at once,
/// without a serverHello and without taking anything; a freed place is usable again, and players
/// still join.
@Suite struct PendingHandshakeCapTests {
    @Test func connectionsPastTheCapAreClosedAndAFreedPlaceIsReused() async throws {
        let host = try await TestHost.start(handshakeTimeout: .seconds(10), maxPendingHandshakes: 3)
        var silent: [RawClient] = []
        for _ in 0..<3 {
            let client = try await RawClient.connect(port: host.port)
            #expect(try await client.readFrame().contains("\"serverHello\""))
            silent.append(client)
        }
        let refused = try await RawClient.connect(port: host.port)
        // Closed before a single frame: reading one ends at EOF.
        await #expect(throws: CancellationError.self, "a connection past the cap is closed without a serverHello") {
            try await refused.readFrame()
        }

        await silent.removeFirst().close()
        let admittedAgain = await retry(within: 5) {
            let client = try await RawClient.connect(port: host.port)
            let greeted = (try? await client.readFrame())?.contains("\"serverHello\"") ?? false
            await client.close()
            return greeted
        }
        #expect(admittedAgain, "the place freed by a closed connection is used again")
        for client in silent { await client.close() }

        // The host learns of those closes asynchronously: until it has, Ann's connection may
        // still be past the cap, so her join is tried again (within 5 s) rather than once.
        var ann: PlayerSession?
        let deadline = Date().addingTimeInterval(5)
        while ann == nil, Date() < deadline { ann = try? await host.join("Ann") }
        let session = try #require(ann, "a player joins once the places are free")
        #expect(session.me.name == "Ann")
        #expect(await session.quit() == .userQuit)
        await host.server.shutdown()
    }

    /// Runs `attempt` until it returns true or `seconds` pass (a closed connection is forgotten
    /// by the host asynchronously); false at the deadline.
    private func retry(within seconds: Double, _ attempt: () async throws -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (try? await attempt()) == true { return true }
        }
        return false
    }
}
