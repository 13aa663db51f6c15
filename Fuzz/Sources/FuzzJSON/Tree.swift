import Foundation
import Matchmaking

@testable import Trivia

/// A JSON value as any reader gives it, to compare them: numbers as `Double` (JSON does not say
/// whether `1` and `1.0` differ; every reader here agrees they do not).
indirect enum Tree: CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Tree])
    case object([String: Tree], count: Int)

    init(foundation any: Any) {
        switch any {
        case is NSNull: self = .null
        case let string as String: self = .string(string)
        case let number as NSNumber:
            if !(number is NSDecimalNumber), String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let array as [Any]: self = .array(array.map(Tree.init(foundation:)))
        case let object as [String: Any]: self = .object(object.mapValues(Tree.init(foundation:)), count: object.count)
        default: fatalError("JSONSerialization gave a \(type(of: any))")
        }
    }

    init(value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .integer(let integer): self = .number(Double(integer))
        case .number(let number): self = .number(number)
        case .string(let string): self = .string(string)
        case .array(let array): self = .array(array.map(Tree.init(value:)))
        case .object(let object): self = .object(object.mapValues(Tree.init(value:)), count: object.count)
        }
    }

    init(located: LocatedJSON) {
        switch located.value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .number(let number): self = .number(number)
        case .string(let string): self = .string(string)
        case .array(let array): self = .array(array.map(Tree.init(located:)))
        case .object(let object): self = .object(object.mapValues(Tree.init(located:)), count: object.count)
        }
    }

    /// Equal, strings scalar by scalar, numbers within a few units in the last place (readers
    /// may round a long decimal differently).
    func matches(_ other: Tree, tolerance: Double = 0x1p-50) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)):
            if a == b { return true }
            return abs(a - b) <= max(abs(a), abs(b)) * tolerance
        case (.string(let a), .string(let b)): return Self.text(a).elementsEqual(Self.text(b))
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.matches($1, tolerance: tolerance) }
        case (.object(let a, _), .object(let b, _)):
            let other = Dictionary(b.map { (String(String.UnicodeScalarView(Self.text($0.key))), $0.value) }) { first, _ in first }
            return a.count == b.count
                && a.allSatisfy { key, value in other[String(String.UnicodeScalarView(Self.text(key)))].map { value.matches($0, tolerance: tolerance) } ?? false }
        default: return false
        }
    }

    /// A string's scalars without U+FEFF: JSONSerialization drops one at the start of a string
    /// and after an escape (it decodes each run of text as if it might start with a byte-order
    /// mark); the project's readers keep it, as RFC 8259 has them.
    static func text(_ string: String) -> [Unicode.Scalar] {
        string.unicodeScalars.filter { $0 != "\u{FEFF}" }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .number(let number): "\(number)"
        case .string(let string): "\"\(string.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined())\""
        case .array(let array): "[" + array.map(\.description).joined(separator: ",") + "]"
        case .object(let object, _): "{" + object.keys.sorted().map { "\($0): \(object[$0]!)" }.joined(separator: ",") + "}"
        }
    }
}

/// What the raw text shows that the readers may legitimately disagree on.
struct Rules {
    /// A NUL byte: never in JSON text; JSONSerialization takes it as a sign of UTF-16 or UTF-32.
    var hasNUL = false
    /// A leading UTF-8 byte-order mark (the bank reader skips it; RFC 8259 lets a reader ignore it).
    var hasBOM = false
    /// The deepest nesting of brackets outside strings.
    var depth = 0
    /// A number with an exponent or more than 15 digits: it may overflow to infinity or fall
    /// below a Double's normal range, where readers differ (refuse, or round to 0).
    var hasExtremeNumber = false
    /// A `\u` escape of a surrogate (readers differ on lone ones).
    var hasSurrogateEscape = false
    /// A comma before a closing bracket (`[1,]`): Foundation takes it, RFC 8259 does not.
    var hasTrailingComma = false

    /// Two members of one object with the same name: JSONDecoder keeps the first (and does not
    /// check the other value), JSONSerialization the last, the bank reader refuses the object.
    /// Names with escapes count as possibly equal.
    var hasDuplicateName = false

    init(_ bytes: [UInt8]) {
        hasNUL = bytes.contains(0)
        hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        // Containers open at this point: an object's names so far, and whether a name comes next.
        var open: [(names: Set<String>?, expectsName: Bool)] = []
        var string: (start: Int, isName: Bool, escaped: Bool)?
        var digits = 0
        var previous: UInt8 = 0
        var lastSignificant: UInt8 = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if var current = string {
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    if bytes[index + 1] == UInt8(ascii: "u"), index + 2 < bytes.count, [UInt8(ascii: "d"), UInt8(ascii: "D")].contains(bytes[index + 2]) {
                        hasSurrogateEscape = true
                    }
                    current.escaped = true
                    string = current
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    string = nil
                    if current.isName, var top = open.popLast() {
                        // An escaped name may equal any other: it stands as NUL (never a raw name). Names
                        // are compared without U+FEFF, as `matches` compares them (JSONSerialization
                        // drops some): "ty\u{FEFF}pe" and "type" are the same name to the comparison.
                        let raw = String(decoding: bytes[(current.start + 1)..<index], as: UTF8.self)
                        let name = current.escaped ? "\u{0}" : String(String.UnicodeScalarView(Tree.text(raw)))
                        if top.names?.insert(name).inserted == false { hasDuplicateName = true }
                        if let names = top.names, names.count > 1, names.contains("\u{0}") { hasDuplicateName = true }
                        top.expectsName = false
                        open.append(top)
                    }
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): string = (index, open.last?.names != nil && open.last!.expectsName, false)
            case UInt8(ascii: "{"): open.append((names: [], expectsName: true))
            case UInt8(ascii: "["): open.append((names: nil, expectsName: false))
            case UInt8(ascii: ","):
                if var top = open.popLast() {
                    top.expectsName = top.names != nil
                    open.append(top)
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                _ = open.popLast()
                if lastSignificant == UInt8(ascii: ",") { hasTrailingComma = true }
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                if (0x30...0x39).contains(previous) { hasExtremeNumber = true }
            default: break
            }
            depth = max(depth, open.count)
            if (0x30...0x39).contains(byte) {
                digits += 1
                if digits > 15 { hasExtremeNumber = true }
            } else if byte != UInt8(ascii: ".") {
                digits = 0
            }
            if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) { lastSignificant = byte }
            previous = byte
            index += 1
        }
    }
}
