/// One option of a game, declared as data by the game's own module: `serve --game NAME`'s
/// options of that game (``GameRegistration/options``), or `join`'s when playing it
/// (``GameRegistration/playOptions``).
///
/// The declaration is the one owner of the option: the command line parses by it
/// (``GameOptionParser``), the config file's keys are its names, `serve --help` lists it under the
/// game's title, and the host page's "next game" form can draw a field from it.
public struct GameOption: Hashable, Sendable {
    /// What an option's value is, and which values are allowed.
    public enum Kind: Hashable, Sendable {
        /// No value: given or not (`--start-when-full`).
        case flag
        /// A whole number in `range`; `unit` names what it counts (`points`), if anything.
        case integer(ClosedRange<Int>, unit: String? = nil)
        /// A number in `range` (`0.5` is allowed); `unit` names it (`seconds`), if anything.
        case number(ClosedRange<Double>, unit: String? = nil)
        /// Any text (a file's path, a name).
        case text
        /// One of these words, as written.
        case choice([String])
        /// Any text, and the option may be given again: every value counts, in order.
        case repeatableText
        /// A 64-bit seed: a whole number from 0 to 18446744073709551615.
        case seed
    }

    /// The long name without its dashes: `max-flips` (`--max-flips`, the config file's key).
    public var name: String
    /// One sentence for `serve --help` (what the option does, its default).
    public var help: String
    /// What the value is called in help and errors (`file`, `name`); nil: from the name.
    public var valueName: String?
    /// The option's kind of value.
    public var kind: Kind

    /// An option `--NAME`.
    public init(_ name: String, kind: Kind, valueName: String? = nil, help: String) {
        self.name = name
        self.help = help
        self.valueName = valueName
        self.kind = kind
    }

    /// `--NAME`.
    public var flag: String { "--" + name }

    /// Whether the option takes a value (every kind but ``Kind/flag``).
    public var takesValue: Bool { kind != .flag }

    /// How help shows the option: `--mode <mode>`, `--start-when-full`.
    public var synopsis: String { takesValue ? "\(flag) <\(valueName ?? name)>" : flag }

    /// The values allowed, as a sentence's end: `a whole number from 1 to 99`, `first, timed or
    /// buzzer`, `a number of seconds from 0.5 to 600`, `a file`.
    public var allowed: String {
        switch kind {
        case .flag:
            "no value"
        case .integer(let range, let unit):
            "a whole number" + (unit.map { " of \($0)" } ?? "") + Self.bounds(range.lowerBound, range.upperBound, least: .min, most: .max)
        case .number(let range, let unit):
            "a number" + (unit.map { " of \($0)" } ?? "")
                + Self.bounds(range.lowerBound, range.upperBound, least: -.greatestFiniteMagnitude, most: .greatestFiniteMagnitude)
        case .text, .repeatableText:
            "a " + (valueName ?? "value")
        case .choice(let words):
            Self.list(words, or: true)
        case .seed:
            "a whole number from 0 to \(UInt64.max)"
        }
    }

    /// ` from 1 to 99`, `, at least 1`, `, at most 9`, or nothing for an open range.
    private static func bounds<Value: Comparable>(_ lower: Value, _ upper: Value, least: Value, most: Value) -> String {
        switch (lower > least, upper < most) {
        case (true, true): " from \(Self.number(lower)) to \(Self.number(upper))"
        case (true, false): ", at least \(Self.number(lower))"
        case (false, true): ", at most \(Self.number(upper))"
        case (false, false): ""
        }
    }

    /// `600` rather than `600.0`.
    private static func number<Value>(_ value: Value) -> String {
        if let double = value as? Double, double.rounded() == double, abs(double) < 1e15 { return String(Int64(double)) }
        return "\(value)"
    }

    /// `a, b and c` (`or`: `a, b or c`).
    static func list(_ words: [String], or: Bool = false) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + words.last!
    }
}
