import Crypto
import NIOCore
import Testing

@testable import Matchmaking

/// The datagram format and the path's rules, as pure values: what is sealed opens with the same
/// key only; every kind of bad datagram is told apart; only newer states pass; "hearing" decides
/// the way states travel.
@Suite struct DatagramTests {
    static let key = [UInt8](repeating: 1, count: 32)
    static let ann = PeerID(rawValue: 1)
    static let state = Datagram(kind: .state, hearing: true, sender: ann, seq: 5, key: "paddle", body: Array(#"{"y":3}"#.utf8))

    @Test func sealedOpensWithTheSameKeyOnly() throws {
        let bytes = Self.state.sealed(with: SymmetricKey(data: Self.key))
        #expect(bytes.count == Datagram.headerBytes + 6 + 7 + Datagram.tagBytes)
        #expect(try Datagram.open(bytes, with: SymmetricKey(data: Self.key)).get() == Self.state)
        #expect(Datagram.open(bytes, with: SymmetricKey(data: [UInt8](repeating: 2, count: 32))) == .failure(.badTag))
        #expect(Datagram.claimedSender(bytes) == .success(Self.ann))
    }

    @Test func everyByteIsCoveredByTheTag() {
        let bytes = Self.state.sealed(with: SymmetricKey(data: Self.key))
        for index in bytes.indices {
            var tampered = bytes
            tampered[index] ^= 0x20
            let result = Datagram.open(tampered, with: SymmetricKey(data: Self.key))
            // A flipped key length may make the key run past the end: truncated; else the tag fails.
            #expect(result == .failure(.badTag) || result == .failure(.truncated), "byte \(index)")
        }
    }

    @Test func truncatedOversizedAndMalformedAreToldApart() {
        let key = SymmetricKey(data: Self.key)
        #expect(Datagram.open([], with: key) == .failure(.truncated))
        #expect(Datagram.open([UInt8](repeating: 0, count: 31), with: key) == .failure(.truncated))
        #expect(Datagram.open([UInt8](repeating: 0, count: Datagram.maxBytes + 1), with: key) == .failure(.oversized))
        var wrongFormat = Self.state
        wrongFormat.kind = .probe  // a probe with a key and a body
        #expect(Datagram.open(wrongFormat.sealed(with: key), with: key) == .failure(.malformed))
        let probe = Datagram(kind: .probe, hearing: false, sender: Self.ann, seq: 1)
        let opened = Datagram.open(probe.sealed(with: key), with: key)
        #expect(opened == .success(probe))
    }

    @Test func thePathTakesOnlyNewerDatagramsAndLearnsTheAddress() throws {
        let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
        var path = DatagramPath<String>(key: Self.key)
        let key = SymmetricKey(data: Self.key)
        var datagram = Self.state
        let opened1 = path.open(datagram.sealed(with: key), from: "a", expecting: Self.ann, now: start)

        #expect(try opened1.get() == datagram)
        #expect(path.address == "a")
        // The same datagram again (a replay), from anywhere: stale, and the address stays.
        let opened2 = path.open(datagram.sealed(with: key), from: "evil", expecting: Self.ann, now: start)

        #expect(opened2 == .failure(.stale))
        #expect(path.address == "a")
        datagram.seq = 4
        let opened3 = path.open(datagram.sealed(with: key), from: "a", expecting: Self.ann, now: start)

        #expect(opened3 == .failure(.stale))
        // Another sender's id under this key: not this path's peer.
        datagram.seq = 9
        datagram.sender = PeerID(rawValue: 2)
        let opened4 = path.open(datagram.sealed(with: key), from: "a", expecting: Self.ann, now: start)

        #expect(opened4 == .failure(.unknownSender))
        // A newer one from a new address: the peer moved.
        datagram.sender = Self.ann
        _ = try path.open(datagram.sealed(with: key), from: "b", expecting: Self.ann, now: start).get()
        #expect(path.address == "b")
    }

    @Test func statesUseDatagramsOnlyWhileThePeerHearsUs() throws {
        let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
        let key = SymmetricKey(data: Self.key)
        var path = DatagramPath<String>(key: Self.key)
        var deaf = Datagram(kind: .probe, hearing: false, sender: Self.ann, seq: 1)
        _ = try path.open(deaf.sealed(with: key), from: "a", expecting: Self.ann, now: start).get()
        #expect(!path.usesDatagrams(now: start), "the peer does not hear us yet")
        #expect(path.hearing(now: start), "but we hear it")
        deaf.seq = 2
        deaf.hearing = true
        _ = try path.open(deaf.sealed(with: key), from: "a", expecting: Self.ann, now: start).get()
        #expect(path.usesDatagrams(now: start))
        #expect(path.usesDatagrams(now: start + DatagramTiming.trustWindow))
        #expect(!path.usesDatagrams(now: start + DatagramTiming.trustWindow + .milliseconds(1)), "silence: back to the link")
        #expect(!DatagramPath<String>(key: nil).usesDatagrams(now: start), "no key, no datagrams")
    }

    @Test func latestWinsKeepsNewestPerKeyAndBoundsTheKeys() {
        var filter = LatestWins()
        let answers = [filter.accept(key: "a", seq: 2), filter.accept(key: "a", seq: 2), filter.accept(key: "a", seq: 1), filter.accept(key: "b", seq: 1)]
        #expect(answers == [true, false, false, true])
        for index in 0..<LatestWins.maxKeys { _ = filter.accept(key: "k\(index)", seq: 1) }
        let tooMany = filter.accept(key: "one too many", seq: 1)
        #expect(!tooMany)
    }
}
