/// A game's options as given (``GameOptionParser``), read by their declarations: each value is
/// already of its option's kind and within its range; an option not given reads as nil (false
/// for a flag, none for a repeatable one), and the game applies its own default.
public struct GameOptionValues: Hashable, Sendable {
    /// One option's value.
    public enum Value: Hashable, Sendable {
        /// A flag that was given.
        case flag
        /// A ``GameOption/Kind/integer(_:unit:)``'s.
        case integer(Int)
        /// A ``GameOption/Kind/number(_:unit:)``'s.
        case number(Double)
        /// A ``GameOption/Kind/text`` or ``GameOption/Kind/choice(_:)``'s.
        case text(String)
        /// A ``GameOption/Kind/repeatableText``'s, in the order given.
        case texts([String])
        /// A ``GameOption/Kind/seed``'s.
        case seed(UInt64)
    }

    /// The values by option name.
    public private(set) var byName: [String: Value]

    /// Values by option name (none: no option given).
    public init(_ byName: [String: Value] = [:]) { self.byName = byName }

    /// Sets `option`'s value (a repeatable option's value is added to those given before it; any
    /// other replaces the one before, as the last given wins).
    mutating func set(_ value: Value, for option: GameOption) {
        if case .texts(let more) = value, case .texts(let before)? = byName[option.name] {
            byName[option.name] = .texts(before + more)
        } else {
            byName[option.name] = value
        }
    }

    /// Whether `option` was given.
    public func isGiven(_ option: GameOption) -> Bool { byName[option.name] != nil }

    /// Whether the flag `option` was given.
    public func flag(_ option: GameOption) -> Bool {
        assert(option.kind == .flag, "\(option.flag) is not a flag")
        return byName[option.name] == .flag
    }

    /// An integer option's value.
    public func integer(_ option: GameOption) -> Int? {
        guard case .integer(let value)? = byName[option.name] else { return nil }
        return value
    }

    /// A number option's value.
    public func number(_ option: GameOption) -> Double? {
        guard case .number(let value)? = byName[option.name] else { return nil }
        return value
    }

    /// A text or choice option's value.
    public func text(_ option: GameOption) -> String? {
        guard case .text(let value)? = byName[option.name] else { return nil }
        return value
    }

    /// A choice option's value as the game's type (an enum whose raw values are the words).
    public func choice<Word: RawRepresentable>(_ option: GameOption, as type: Word.Type = Word.self) -> Word? where Word.RawValue == String {
        text(option).flatMap(Word.init(rawValue:))
    }

    /// A repeatable option's values, in the order given (none when not given).
    public func texts(_ option: GameOption) -> [String] {
        guard case .texts(let values)? = byName[option.name] else { return [] }
        return values
    }

    /// A seed option's value.
    public func seed(_ option: GameOption) -> UInt64? {
        guard case .seed(let value)? = byName[option.name] else { return nil }
        return value
    }
}
