/// Reads a game's options from argument strings by their declarations: `--NAME VALUE`,
/// `--NAME=VALUE`, `--FLAG`; the last value given wins, a repeatable option keeps every value.
/// Pure: no I/O, every refusal a ``GameOptionError``.
public struct GameOptionParser: Sendable {
    /// The options declared.
    public var options: [GameOption]
    /// Whose options they are, as errors name it (`Trivia`).
    public var title: String

    /// A parser of `options`, those of `title`.
    public init(options: [GameOption], title: String) {
        self.options = options
        self.title = title
    }

    /// The values `arguments` give.
    public func parse(_ arguments: [String]) throws(GameOptionError) -> GameOptionValues {
        var values = GameOptionValues()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard let (name, attached) = Self.option(in: argument) else { throw .unexpectedArgument(argument) }
            guard let option = options.first(where: { $0.name == name }) else {
                throw .unknownOption("--" + name, game: title, known: options.map(\.flag))
            }
            guard option.takesValue else {
                if let attached { throw .valueForFlag(option.flag, value: attached) }
                values.set(.flag, for: option)
                continue
            }
            let text: String
            if let attached {
                text = attached
            } else if let next = rest.first, !next.hasPrefix("--") {
                text = next
                rest.removeFirst()
            } else {
                throw .missingValue(option.flag, allowed: option.allowed)
            }
            values.set(try Self.value(of: option, from: text), for: option)
        }
        return values
    }

    /// `text` as `option`'s value, or why it is not one.
    public static func value(of option: GameOption, from text: String) throws(GameOptionError) -> GameOptionValues.Value {
        let invalid = GameOptionError.invalidValue(option.flag, value: text, allowed: option.allowed)
        switch option.kind {
        case .flag:
            throw .valueForFlag(option.flag, value: text)
        case .integer(let range, _):
            guard let number = Int(text), range.contains(number) else { throw invalid }
            return .integer(number)
        case .number(let range, _):
            guard let number = Double(text), number.isFinite, range.contains(number) else { throw invalid }
            return .number(number)
        case .text:
            guard !text.isEmpty else { throw invalid }
            return .text(text)
        case .choice(let words):
            guard words.contains(text) else { throw invalid }
            return .text(text)
        case .repeatableText:
            guard !text.isEmpty else { throw invalid }
            return .texts([text])
        case .seed:
            guard let seed = UInt64(text) else { throw invalid }
            return .seed(seed)
        }
    }

    /// Moves the arguments of `declared` options (`--NAME`, its value when it takes one, and
    /// everything after a lone `--`) out of a command line, leaving the rest in order: how a
    /// command hands the games' options to their parser and keeps its own.
    public static func split(_ arguments: [String], declared: [GameOption]) -> (rest: [String], game: [String]) {
        var rest: [String] = []
        var game: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                game += remaining
                break
            }
            guard let (name, attached) = option(in: argument), let option = declared.first(where: { $0.name == name }) else {
                rest.append(argument)
                continue
            }
            game.append(argument)
            if option.takesValue, attached == nil, let next = remaining.first, !next.hasPrefix("--") {
                game.append(next)
                remaining.removeFirst()
            }
        }
        return (rest, game)
    }

    /// The name and the attached value of `--NAME[=VALUE]`; nil for anything else.
    private static func option(in argument: String) -> (name: String, value: String?)? {
        guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
        let body = argument.dropFirst(2)
        guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }
}
