import Testing

@testable import Matchmaking

/// The free name a `nameTaken` denial suggests.
@Suite struct PlayerNameVariantTests {
    static func variant(_ name: String, taken: [String]) -> String {
        let keys = Dictionary(taken.map { (PlayerName.uniquenessKey($0), 0) }, uniquingKeysWith: { first, _ in first })
        return PlayerName.freeVariant(of: name, among: keys)
    }

    @Test func theFirstFreeNumberFromTwo() {
        #expect(Self.variant("Alice", taken: ["Alice"]) == "Alice 2")
        #expect(Self.variant("Alice", taken: ["Alice", "ALICE 2", "alice 3"]) == "Alice 4", "case-insensitively")
        #expect(Self.variant("Alice", taken: ["alice", "Alice 3"]) == "Alice 2")
    }

    @Test func aNumberedNameCountsOn() {
        #expect(Self.variant("Alice 2", taken: ["Alice", "Alice 2"]) == "Alice 3")
        #expect(Self.variant("Team 42", taken: ["Team 42"]) == "Team 43")
        #expect(Self.variant("R2D2", taken: ["R2D2"]) == "R2D2 2", "a number inside the name is the name's")
    }

    @Test func theNameGivesWayToTheNumberAtTheLimits() throws {
        let long = String(repeating: "x", count: 31) + "y"  // 32 characters
        let variant = Self.variant(long, taken: [long])
        #expect(variant == String(repeating: "x", count: 30) + " 2")
        let wide = String(repeating: "é", count: 32)  // 32 characters, 64 bytes
        #expect(Self.variant(wide, taken: [wide]) == String(repeating: "é", count: 30) + " 2", "characters bind first")
        let emoji = String(repeating: "👩‍💻", count: 5)  // 5 characters of 11 bytes
        #expect(Self.variant(emoji, taken: [emoji]) == emoji + " 2")
        let more = emoji + "abcdefgh"  // 63 bytes: with " 2" over 64
        #expect(Self.variant(more, taken: [more]) == emoji + "abcdefg 2", "bytes bind")
        for name in [long, wide, emoji, more, "a b", "Ann"] {
            #expect(try PlayerName.validate(Self.variant(name, taken: [name])) == Self.variant(name, taken: [name]), "valid as it is: \(name)")
        }
    }

    @Test func whiteSpaceLeftByTheCutIsTrimmed() {
        let name = String(repeating: "a", count: 29) + " bc"  // 32 characters
        #expect(Self.variant(name, taken: [name]) == String(repeating: "a", count: 29) + " 2")
    }

    @Test func thereIsAlwaysAFreeOne() {
        let taken = ["Bob"] + (2...50).map { "Bob \($0)" }
        #expect(Self.variant("Bob", taken: taken) == "Bob 51")
        #expect(Self.variant("Bob 7", taken: taken) == "Bob 51")
    }
}
