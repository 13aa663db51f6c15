/// A JSON value of a bank file and where it starts, so that a problem anywhere in a bank can
/// name its line and column (`JSONDecoder` gives no positions). Parsed strictly by RFC 8259; a
/// leading byte-order mark is skipped.
struct LocatedJSON {
    /// The value.
    enum Value {
        case object([String: LocatedJSON])
        case array([LocatedJSON])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    var value: Value
    /// Where the value starts (its first character).
    var position: SourcePosition

    /// Deepest nesting of arrays and objects (a bank needs 4).
    static let maxDepth = 64

    /// Parses a whole file's text; anything but one JSON value and white space is an error at
    /// its position.
    static func parse(_ text: BankText) throws(BankProblem) -> LocatedJSON {
        var reader = Reader(text: text)
        reader.skipWhitespace()
        if reader.text.isAtEnd { throw reader.invalid("the file is empty") }
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        if !reader.text.isAtEnd { throw reader.invalid("unexpected \(Reader.describe(reader.text.current!)) after the end of the top-level value") }
        return value
    }

    /// The member `key` of an object; nil for a missing key or a value that is no object.
    subscript(key: String) -> LocatedJSON? {
        if case .object(let members) = value { return members[key] }
        return nil
    }
}

/// The parser: recursive descent over the scalars.
private struct Reader {
    var text: BankText

    mutating func skipWhitespace() {
        while let scalar = text.current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { text.advance() }
    }

    /// A syntax error at the cursor (or at `position`).
    func invalid(_ problem: String, at position: SourcePosition? = nil) -> BankProblem {
        BankProblem("not valid JSON: " + problem, at: position ?? text.position)
    }

    /// `'x'`, or `U+0009` for a character one cannot see.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        guard scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.isWhitespace else { return "'\(scalar)'" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    mutating func value(depth: Int) throws(BankProblem) -> LocatedJSON {
        skipWhitespace()
        let start = text.position
        guard let scalar = text.current else { throw invalid("expected a value, found the end of the file") }
        let value: LocatedJSON.Value
        switch scalar {
        case "{": value = .object(try object(depth: depth))
        case "[": value = .array(try array(depth: depth))
        case "\"": value = .string(try string())
        case "t": value = try literal("true", .bool(true))
        case "f": value = try literal("false", .bool(false))
        case "n": value = try literal("null", .null)
        case "-", "0"..."9": value = .number(try number())
        default: throw invalid("expected a value, found \(Self.describe(scalar))")
        }
        return LocatedJSON(value: value, position: start)
    }

    private mutating func object(depth: Int) throws(BankProblem) -> [String: LocatedJSON] {
        var members: [String: LocatedJSON] = [:]
        if try enter(depth: depth, closing: "}") { return members }
        repeat {
            skipWhitespace()
            guard text.current == "\"" else { throw invalid("expected a member name in double quotes") }
            let keyPosition = text.position
            let key = try string()
            skipWhitespace()
            guard text.current == ":" else { throw invalid("expected ':' after the member name \"\(key)\"") }
            text.advance()
            let member = try value(depth: depth + 1)
            guard members[key] == nil else { throw BankProblem("\"\(key)\" appears twice in one object", at: keyPosition) }
            members[key] = member
        } while try !closes("}", after: "a member")
        return members
    }

    private mutating func array(depth: Int) throws(BankProblem) -> [LocatedJSON] {
        var elements: [LocatedJSON] = []
        if try enter(depth: depth, closing: "]") { return elements }
        repeat {
            elements.append(try value(depth: depth + 1))
        } while try !closes("]", after: "an element")
        return elements
    }

    /// Steps into the array or object at the cursor; true when it closes at once (`[]`, `{}`).
    private mutating func enter(depth: Int, closing: Unicode.Scalar) throws(BankProblem) -> Bool {
        guard depth < LocatedJSON.maxDepth else { throw invalid("nested deeper than \(LocatedJSON.maxDepth) levels") }
        text.advance()
        skipWhitespace()
        guard text.current == closing else { return false }
        text.advance()
        return true
    }

    /// After a member or element: true past the closing bracket, false past a comma.
    private mutating func closes(_ closing: Unicode.Scalar, after what: String) throws(BankProblem) -> Bool {
        skipWhitespace()
        switch text.current {
        case ",":
            text.advance()
            return false
        case closing:
            text.advance()
            return true
        default:
            throw invalid("expected ',' or '\(closing)' after \(what)")
        }
    }

    private mutating func literal(_ word: String, _ value: LocatedJSON.Value) throws(BankProblem) -> LocatedJSON.Value {
        let start = text.position
        for expected in word.unicodeScalars {
            guard text.current == expected else { throw invalid("expected a value (did you mean \(word)?)", at: start) }
            text.advance()
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(BankProblem) -> Double {
        let start = text.position
        var spelled = ""
        func digits(_ reader: inout Reader) -> Int {
            var count = 0
            while let scalar = reader.text.current, ("0"..."9").contains(scalar) {
                spelled.unicodeScalars.append(scalar)
                reader.text.advance()
                count += 1
            }
            return count
        }
        func take(_ reader: inout Reader) {
            spelled.unicodeScalars.append(reader.text.current!)
            reader.text.advance()
        }
        if text.current == "-" { take(&self) }
        let leadingZero = text.current == "0"
        let whole = digits(&self)
        guard whole > 0, !(leadingZero && whole > 1) else { throw invalid("a number must start with a digit, and not with 0 unless it is 0", at: start) }
        if text.current == "." {
            take(&self)
            guard digits(&self) > 0 else { throw invalid("expected digits after the decimal point") }
        }
        if text.current == "e" || text.current == "E" {
            take(&self)
            if text.current == "+" || text.current == "-" { take(&self) }
            guard digits(&self) > 0 else { throw invalid("expected digits in the exponent") }
        }
        guard let number = Double(spelled), number.isFinite else { throw invalid("the number \(spelled) is out of range", at: start) }
        return number
    }

    private mutating func string() throws(BankProblem) -> String {
        let start = text.position
        text.advance()
        var scalars = String.UnicodeScalarView()
        while true {
            guard let scalar = text.current else { throw invalid("a string is not closed (it opens here)", at: start) }
            switch scalar {
            case "\"":
                text.advance()
                return String(scalars)
            case "\\":
                scalars.append(try escape())
            case "\u{0}"..."\u{1F}":
                throw invalid("a control character (\(Self.describe(scalar))) inside a string; write a line break as \\n, a tab as \\t")
            default:
                scalars.append(scalar)
                text.advance()
            }
        }
    }

    /// One escape (`\n`, `\u00e9`, a surrogate pair), the cursor on its backslash.
    private mutating func escape() throws(BankProblem) -> Unicode.Scalar {
        let start = text.position
        text.advance()
        guard let letter = text.current else { throw invalid("a string is not closed", at: start) }
        text.advance()
        switch letter {
        case "\"": return "\""
        case "\\": return "\\"
        case "/": return "/"
        case "b": return "\u{8}"
        case "f": return "\u{C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u":
            let unit = try hex4(escapeAt: start)
            if (0xDC00...0xDFFF).contains(unit) { throw invalid("\\u escape of a lone low surrogate", at: start) }
            guard (0xD800...0xDBFF).contains(unit) else { return Unicode.Scalar(unit)! }
            guard text.current == "\\", text.peek() == "u" else { throw invalid("\\u escape of a high surrogate without its low surrogate", at: start) }
            let low = text.position
            text.advance(by: 2)
            let second = try hex4(escapeAt: low)
            guard (0xDC00...0xDFFF).contains(second) else { throw invalid("\\u escape of a high surrogate without its low surrogate", at: start) }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (second - 0xDC00))!
        default:
            throw invalid("\\\(letter) is not an escape; a string may use \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: start)
        }
    }

    private mutating func hex4(escapeAt start: SourcePosition) throws(BankProblem) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = text.current, let digit = Character(scalar).hexDigitValue else {
                throw invalid("\\u needs four hexadecimal digits", at: start)
            }
            unit = unit << 4 | UInt32(digit)
            text.advance()
        }
        return unit
    }
}
