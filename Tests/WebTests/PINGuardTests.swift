import NIOCore
import Testing

@testable import Web

/// The guard against guessing the host PIN, with the clock passed in.
@Suite struct PINGuardTests {
    static let start = NIODeadline.uptimeNanoseconds(1_000_000_000_000)
    static func at(_ seconds: Int64) -> NIODeadline { start + .seconds(seconds) }

    @Test func fiveWrongPINsLockAnAddressForAMinuteAndTheRightOneIsNotTriedMeanwhile() {
        var guard_ = PINGuard()
        for (n, left) in [4, 3, 2, 1].enumerated() {
            #expect(guard_.attempt(from: "10.0.0.9", correct: false, at: Self.at(Int64(n))) == .wrong(triesLeft: left))
        }
        #expect(guard_.attempt(from: "10.0.0.9", correct: false, at: Self.at(4)) == .locked(retryIn: .seconds(60), everyone: false))
        #expect(guard_.attempt(from: "10.0.0.9", correct: true, at: Self.at(34)) == .locked(retryIn: .seconds(30), everyone: false))
        // Another address is not locked.
        #expect(guard_.attempt(from: "10.0.0.7", correct: true, at: Self.at(34)) == .unlocked)
        // After the minute the right PIN opens, and the address starts afresh.
        #expect(guard_.attempt(from: "10.0.0.9", correct: true, at: Self.at(64)) == .unlocked)
        #expect(guard_.attempt(from: "10.0.0.9", correct: false, at: Self.at(65)) == .wrong(triesLeft: 4))
    }

    @Test func eachNextLockLastsTwiceAsLongUpToAnHour() {
        var limits = PINGuard.Limits()
        limits.wrongPerWindow = 1000  // this test is about one address
        var guard_ = PINGuard(limits: limits)
        var now = Self.at(0)
        var locks: [Int64] = []
        for _ in 0..<8 {
            var verdict = PINGuard.Verdict.unlocked
            for _ in 0..<5 { verdict = guard_.attempt(from: "10.0.0.9", correct: false, at: now) }
            guard case .locked(let wait, false) = verdict else {
                Issue.record("not locked: \(verdict)")
                return
            }
            locks.append(wait.nanoseconds / 1_000_000_000)
            now = now + wait
        }
        #expect(locks == [60, 120, 240, 480, 960, 1920, 3600, 3600])
    }

    @Test func tooManyWrongPINsFromEveryoneTogetherLockEveryAddressUntilTheOldestIsTenMinutesOld() {
        var guard_ = PINGuard()
        // Ten addresses, one wrong PIN each, a minute apart: none is locked on its own.
        for n in 0..<9 {
            #expect(guard_.attempt(from: "10.0.1.\(n)", correct: false, at: Self.at(Int64(n) * 60)) == .wrong(triesLeft: 4))
        }
        #expect(guard_.attempt(from: "10.0.1.9", correct: false, at: Self.at(540)) == .locked(retryIn: .seconds(60), everyone: true))
        // A new address with the right PIN is not heard either, until the first wrong PIN is 10 minutes old.
        #expect(guard_.attempt(from: "10.0.2.1", correct: true, at: Self.at(570)) == .locked(retryIn: .seconds(30), everyone: true))
        #expect(guard_.lock(of: "10.0.2.1", at: Self.at(599)) == .locked(retryIn: .seconds(1), everyone: true))
        #expect(guard_.attempt(from: "10.0.2.1", correct: true, at: Self.at(600)) == .unlocked)
        // One more wrong PIN fills the window again: the next opening is when the second is old.
        #expect(guard_.attempt(from: "10.0.2.2", correct: false, at: Self.at(601)) == .locked(retryIn: .seconds(59), everyone: true))
    }

    @Test func aDayOfGuessingFromAnyNumberOfAddressesTriesAtMost1440PINs() {
        var guard_ = PINGuard()
        var tried = 0
        var address = 0
        for second in stride(from: Int64(0), to: 24 * 3600, by: 6) {
            address += 1  // a new address every time: per-address locks never bite
            let from = "fd00::\(address)"
            if guard_.lock(of: from, at: Self.at(second)) == nil { tried += 1 }
            _ = guard_.attempt(from: from, correct: false, at: Self.at(second))
        }
        #expect(tried == 1440)
        #expect(guard_.rememberedAddresses <= 1440)  // only addresses that got a wrong PIN in, for a day
    }

    @Test func anAddressIsForgottenADayAfterItsLastWrongPIN() {
        var guard_ = PINGuard()
        for n in 0..<3 { _ = guard_.attempt(from: "10.0.0.\(n)", correct: false, at: Self.at(Int64(n))) }
        #expect(guard_.rememberedAddresses == 3)
        _ = guard_.attempt(from: "10.0.0.9", correct: true, at: Self.at(24 * 3600 + 1))
        #expect(guard_.rememberedAddresses == 1)
        _ = guard_.attempt(from: "10.0.0.9", correct: true, at: Self.at(24 * 3600 + 3))
        #expect(guard_.rememberedAddresses == 0)
    }
}
