import GameRuntime
import Testing

@testable import Web

/// The host PIN: what may be chosen, the random one, the comparison, and that it never shows.
@Suite struct HostPINTests {
    @Test(arguments: ["482913", "000111", "31415926", "271828182845"])
    func aChosenPINOfSixToTwelveDigitsIsTaken(_ digits: String) throws {
        #expect(try HostPIN(digits, joinCode: "tea-time").digits == digits)
    }

    @Test(arguments: [
        ("48291", "this one has 5"), ("4829130000000", "this one has 13"), ("48 291", "digits (0-9), nothing else"),
        ("４８２９１３", "digits (0-9), nothing else"), ("", "this one has 0"), ("12345a", "digits (0-9), nothing else"),
        ("111111", "too easy"), ("123456", "too easy"), ("987654", "too easy"), ("890123", "too easy"), ("482913", "differ from the join code"),
    ])
    func aPINThatCannotBeUsedIsRefusedInWordsThatDoNotRepeatIt(_ digits: String, _ why: String) {
        do {
            _ = try HostPIN(digits, joinCode: "482913")
            Issue.record("\(digits) was taken")
        } catch {
            #expect(error.description.contains(why), "\(error.description)")
            #expect(digits.isEmpty || !error.description.contains(digits))
        }
    }

    @Test func aRandomPINHasSixDigitsAndIsNeverTheJoinCodeNorARun() {
        var generator = SplitMix64(seed: 7)
        var seen = Set<String>()
        for _ in 0..<2000 {
            let pin = HostPIN.random(avoiding: "555000", using: &generator)
            #expect(pin.digits.count == 6 && pin.digits.allSatisfy(\.isNumber))
            #expect(pin.digits != "555000")
            #expect((try? HostPIN(pin.digits, joinCode: "555000")) != nil)
            seen.insert(pin.digits)
        }
        #expect(seen.count > 1990)  // not a handful of values
        // A generator that first gives the join code's digits, then a run: both are passed over.
        var scripted = Digits([5, 5, 5, 0, 0, 0, 1, 2, 3, 4, 5, 6, 4, 8, 2, 9, 1, 3])
        #expect(HostPIN.random(avoiding: "555000", using: &scripted).digits == "482913")
    }

    @Test func onlyTheSameDigitsMatch() throws {
        let pin = try HostPIN("482913", joinCode: nil)
        #expect(pin.matches("482913"))
        for other in ["482914", "48291", "4829130", "", "582913", "482913 ", "x82913"] { #expect(!pin.matches(other), "\(other)") }
    }

    @Test func itsDescriptionNeverShowsTheDigits() throws {
        let pin = try HostPIN("482913", joinCode: nil)
        #expect("\(pin)" == "host PIN (6 digits)")
        #expect(!"\([pin])".contains("482913"))
    }

    /// A generator whose draws of 0...9 come out as the given digits, in order.
    struct Digits: RandomNumberGenerator {
        var digits: [UInt64]
        init(_ digits: [UInt64]) { self.digits = digits }
        mutating func next() -> UInt64 {
            // Int.random(in: 0...9) takes the high word of draw * 10 (Lemire's method; a low word
            // under 6 is drawn again): just above d * 2^64 / 10 gives d.
            digits.removeFirst() * (UInt64.max / 10 + 1) + 1000
        }
    }
}
