/// The PIN that unlocks the host page (`/host`): 6 to 12 digits, random for each run of the host
/// unless the host chose one (`serve --host-pin`). It is never derived from the join code and
/// never equal to it: a guest knows the code, the PIN is the host's alone.
///
/// Its ``description`` never shows the digits (a PIN interpolated into a log line by mistake
/// stays secret); ``digits`` is for the one place that prints it, the host's own terminal.
public struct HostPIN: Sendable, Hashable, CustomStringConvertible {
    /// The PIN itself.
    public let digits: String

    /// How many digits a random PIN has.
    public static let randomLength = 6
    /// How many digits a chosen PIN may have.
    public static let lengths = 6...12

    /// A PIN that cannot be used, and why (the PIN itself is never repeated).
    public struct Invalid: Error, Hashable, CustomStringConvertible {
        public let description: String
    }

    /// A chosen PIN: 6 to 12 digits, not all one digit nor a run like `123456` or `987654`, and
    /// not the join code.
    public init(_ text: String, joinCode: String?) throws(Invalid) {
        let count = text.count
        guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw Invalid(description: "a host PIN is \(Self.lengths.lowerBound) to \(Self.lengths.upperBound) digits (0-9), nothing else")
        }
        guard Self.lengths.contains(count) else {
            throw Invalid(description: "a host PIN is \(Self.lengths.lowerBound) to \(Self.lengths.upperBound) digits; this one has \(count)")
        }
        guard text != joinCode else {
            throw Invalid(description: "the host PIN must differ from the join code (every guest knows the code)")
        }
        guard !Self.isRun(text) else {
            throw Invalid(description: "the host PIN is too easy to guess (one digit repeated, or a run of digits up or down); pick another, or leave it out for a random one")
        }
        digits = text
    }

    /// A random PIN of ``randomLength`` digits, never the join code and never an easy one.
    public static func random(avoiding joinCode: String?) -> HostPIN {
        var generator = SystemRandomNumberGenerator()
        return random(avoiding: joinCode, using: &generator)
    }

    /// A random PIN drawn with `generator` (tests pass a seeded one).
    public static func random(avoiding joinCode: String?, using generator: inout some RandomNumberGenerator) -> HostPIN {
        while true {
            let text = String((0..<randomLength).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            if let pin = try? HostPIN(text, joinCode: joinCode) { return pin }
        }
    }

    /// Whether `typed` is this PIN, in time that does not depend on where they differ.
    public func matches(_ typed: String) -> Bool {
        let expected = Array(digits.utf8)
        let given = Array(typed.utf8)
        var difference: UInt8 = expected.count == given.count ? 0 : 1
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }

    /// Never the digits: `host PIN (6 digits)`.
    public var description: String { "host PIN (\(digits.count) digits)" }

    /// One digit repeated, or each digit one up (or one down) from the last, wrapping at 9.
    private static func isRun(_ text: String) -> Bool {
        let values = text.utf8.map { Int($0) - Int(UInt8(ascii: "0")) }
        let steps = Set(zip(values, values.dropFirst()).map { ($1 - $0 + 10) % 10 })
        return steps.count == 1 && [0, 1, 9].contains(steps.first!)
    }
}
