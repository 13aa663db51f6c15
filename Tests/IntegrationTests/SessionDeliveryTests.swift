import NIOCore
import Testing

@testable import Matchmaking

@Suite(.timeLimit(.minutes(1))) struct SessionDeliveryTests {
    @Test func hostMessagesToOneAllAndSelfArriveOnceAndInOrder() async throws {
        let host = try await TestHost.start()
        let ann = try await host.join("Ann")
        let bob = try await host.join("Bob")
        let session = host.server.session
        let count = 200
        for n in 0..<count {
            try session.send(Numbered(lane: "ann-only", n: n), to: .peer(ann.me.id))
            try session.send(Numbered(lane: "all", n: n), to: .all)
            try session.send(Numbered(lane: "self", n: n), to: .host)
            try session.send(Numbered(lane: "list", n: n), to: .peers([bob.me.id, bob.me.id]))
        }
        let annGot = try await collect(2 * count, from: ann.messages).map { try $0.decode(Numbered.self) }
        let bobGot = try await collect(2 * count, from: bob.messages).map { try $0.decode(Numbered.self) }
        let selfGot = await collect(count, from: session.messages)
        #expect(annGot.filter { $0.lane == "ann-only" }.map(\.n) == Array(0..<count))
        #expect(annGot.filter { $0.lane == "all" }.map(\.n) == Array(0..<count))
        #expect(annGot.allSatisfy { $0.lane == "ann-only" || $0.lane == "all" })
        #expect(bobGot.filter { $0.lane == "all" }.map(\.n) == Array(0..<count))
        #expect(bobGot.filter { $0.lane == "list" }.map(\.n) == Array(0..<count))  // a duplicated id delivers once
        #expect(bobGot.allSatisfy { $0.lane == "all" || $0.lane == "list" })
        #expect(try selfGot.map { try $0.decode(Numbered.self).n } == Array(0..<count))
        #expect(selfGot.allSatisfy { $0.from == .host })
        await host.server.shutdown()
    }

    @Test func clientMessagesReachTheHostAndAreRelayedWithTheSender() async throws {
        let host = try await TestHost.start()
        let ann = try await host.join("Ann")
        let bob = try await host.join("Bob")
        let cy = try await host.join("Cy")
        let count = 100
        for n in 0..<count {
            try ann.send(Numbered(lane: "host", n: n))
            try ann.send(Numbered(lane: "bob", n: n), to: .peers([bob.me.id]))
            try ann.send(Numbered(lane: "all", n: n), to: .all)
        }
        let hostGot = await collect(2 * count, from: host.server.session.messages)
        #expect(hostGot.allSatisfy { $0.from == ann.me.id })
        let hostLanes = try hostGot.map { try $0.decode(Numbered.self) }
        #expect(hostLanes.filter { $0.lane == "host" }.map(\.n) == Array(0..<count))
        #expect(hostLanes.filter { $0.lane == "all" }.map(\.n) == Array(0..<count))
        let bobGot = await collect(2 * count, from: bob.messages)
        #expect(bobGot.allSatisfy { $0.from == ann.me.id })
        #expect(try bobGot.map { try $0.decode(Numbered.self) }.filter { $0.lane == "bob" }.map(\.n) == Array(0..<count))
        let cyGot = try await collect(count, from: cy.messages).map { try $0.decode(Numbered.self) }
        #expect(cyGot.map(\.lane) == Array(repeating: "all", count: count))
        #expect(cyGot.map(\.n) == Array(0..<count))
        // Ann hears none of her own messages.
        #expect(await next(ann.messages, within: 0.3) == nil)
        await host.server.shutdown()
    }

    @Test func everyoneSeesWhoJoinsAndLeavesWithTheReason() async throws {
        let host = try await TestHost.start()
        let events = host.server.session.events
        let ann = try await host.join("Ann")
        #expect(await next(events) == .joined(Peer(id: ann.me.id, name: "Ann")))
        let bob = try await host.join("Bob")
        #expect(await next(events) == .joined(Peer(id: bob.me.id, name: "Bob")))
        #expect(await next(ann.events) == .joined(Peer(id: bob.me.id, name: "Bob")))
        #expect(await bob.quit() == .userQuit)
        #expect(await next(ann.events) == .left(Peer(id: bob.me.id, name: "Bob"), .userQuit))
        #expect(await next(events) == .left(Peer(id: bob.me.id, name: "Bob"), .userQuit))
        await host.server.shutdown()
        let end = await ann.ended()
        #expect(end == .serverQuit)
    }
}
