import Foundation
import Testing

@testable import Matchmaking

/// App bodies cross the host as the bytes their sender wrote; an invalid body still closes its
/// sender with a typed violation, and no one else receives it.
@Suite struct RawBodyRelayTests {
    /// A hand-written client: handshake, then frames as text.
    struct Hand {
        let client: RawClient

        static func join(_ host: TestHost, name: String) async throws -> Hand {
            let client = try await RawClient.connect(port: host.port)
            _ = try await client.readFrame()  // serverHello
            try await client.send(#"{"type":"clientHello","version":1,"name":"\#(name)"}"#)
            #expect(try await client.readFrame().contains(#""type":"welcome""#))
            return Hand(client: client)
        }

        /// The next frame that is not a heartbeat.
        func next() async throws -> String {
            while true {
                let frame = try await client.readFrame()
                if !frame.contains(#""type":"ping""#) && !frame.contains(#""type":"pong""#) { return frame }
            }
        }
    }

    @Test func bodiesAreRelayedAsTheyWereWritten() async throws {
        let host = try await TestHost.start()
        let hand = try await Hand.join(host, name: "Hand")
        let bob = try await host.join("Bob")
        #expect(try await hand.next().contains(#""type":"joined""#))
        let body = #"{ "z" : [1, 2.50, -0.0], "a":"é \u00e9" }"#
        try await hand.client.send(#"{"type":"app","to":"all","body":\#(body)}"#)

        let atBob = try #require(await next(bob.messages))
        #expect(String(decoding: atBob.body.bytes, as: UTF8.self) == body)
        let atHost = try #require(await next(host.server.session.messages))
        #expect(try atHost.body.value == .object(["z": .array([.integer(1), .number(2.5), .integer(0)]), "a": .string("é é")]))

        try host.server.session.send(atHost.body, to: .peer(atHost.from))
        #expect(try await hand.next() == #"{"body":\#(body),"from":0,"type":"app"}"#)
        await bob.quit()
        await hand.client.close()
        await host.server.shutdown()
    }

    @Test func anInvalidBodyClosesOnlyItsSender() async throws {
        let host = try await TestHost.start()
        let hand = try await Hand.join(host, name: "Hand")
        let bob = try await host.join("Bob")
        #expect(try await hand.next().contains(#""type":"joined""#))
        try await hand.client.send(#"{"type":"app","to":"all","body":{"a":[1 2]}}"#)
        #expect(try await hand.next() == #"{"detail":"malformed message: not JSON","reason":"protocolError","type":"bye"}"#)
        #expect(try await hand.client.readToEOF())
        let left = await next(bob.events)
        guard case .left(let peer, .protocolError) = left else {
            Issue.record("expected left protocolError, got \(String(describing: left))")
            return
        }
        #expect(peer.name == "Hand")
        try host.server.session.send("still here", to: .all)
        #expect(try await next(bob.messages)?.decode(String.self) == "still here")
        await bob.quit()
        await host.server.shutdown()
    }
}
