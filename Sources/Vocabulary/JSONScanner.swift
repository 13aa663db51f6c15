/// A strict JSON scanner over a frame's bytes, for the fast path of the hot frames. It checks
/// the grammar of RFC 8259 without building any value, and answers `nil`/`false` both for
/// invalid input and for valid input it does not handle (numbers with an exponent or more than
/// 15 digits, `\u` escapes of surrogates, nesting deeper than ``maxDepth``): the caller then
/// hands the frame to the full decoder, which decides and names the problem. So whatever the
/// scanner accepts, `JSONDecoder` accepts too.
///
/// Bytes above 0x7F are only allowed inside strings, and only noted (``sawNonASCII``): the
/// caller checks UTF-8 once for the whole payload when there were any.
package struct JSONScanner {
    package static let maxDepth = 32

    package let bytes: UnsafeRawBufferPointer
    package var index = 0
    package private(set) var sawNonASCII = false

    package init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    package var isAtEnd: Bool { index >= bytes.count }

    package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Skips white space, then consumes `byte` if it comes next.
    package mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Consumes a literal such as `null` at the current position.
    package mutating func consume(literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// A string of printable ASCII without escapes (member names, `"app"`): the range of its
    /// contents. Anything else is nil.
    package mutating func plainString() -> Range<Int>? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var end = index + 1
        while end < bytes.count {
            switch bytes[end] {
            case UInt8(ascii: "\""):
                defer { index = end + 1 }
                return (index + 1)..<end
            case UInt8(ascii: "\\"), 0..<0x20, 0x80...: return nil
            default: end += 1
            }
        }
        return nil
    }

    /// Whether the bytes in `range` spell `text`.
    package func bytes(in range: Range<Int>, equal text: StaticString) -> Bool {
        guard range.count == text.utf8CodeUnitCount else { return false }
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != text.utf8Start[offset] { return false }
        return true
    }

    /// An integer without fraction or exponent, at most 18 digits (so it fits an `Int64`); not
    /// `-0`, which is left to the full decoder.
    package mutating func integer() -> Int64? {
        var position = index
        let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        let first = position
        var value: Int64 = 0
        while position < bytes.count, case let byte = bytes[position], byte >= 0x30, byte <= 0x39 {
            guard position - first < 18 else { return nil }  // a 19th digit could overflow: the full decoder decides
            value = value * 10 + Int64(byte - 0x30)
            position += 1
        }
        let digits = position - first
        guard digits > 0, digits == 1 || bytes[first] != 0x30, !(negative && value == 0) else { return nil }
        if position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        index = position
        return negative ? -value : value
    }

    /// Skips one JSON value of any kind, checking it.
    package mutating func skipValue(depth: Int = 0) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""): return skipString()
        case UInt8(ascii: "{"): return skipObject(depth: depth)
        case UInt8(ascii: "["): return skipArray(depth: depth)
        case UInt8(ascii: "t"): return consume(literal: "true")
        case UInt8(ascii: "f"): return consume(literal: "false")
        case UInt8(ascii: "n"): return consume(literal: "null")
        case UInt8(ascii: "-"), 0x30...0x39: return skipNumber()
        default: return false
        }
    }

    private mutating func skipObject(depth: Int) -> Bool {
        guard depth < Self.maxDepth else { return false }
        index += 1
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), skipString(),
                consume(UInt8(ascii: ":")), skipValue(depth: depth + 1)
            else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    private mutating func skipArray(depth: Int) -> Bool {
        guard depth < Self.maxDepth else { return false }
        index += 1
        if consume(UInt8(ascii: "]")) { return true }
        repeat {
            guard skipValue(depth: depth + 1) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]"))
    }

    private mutating func skipString() -> Bool {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return true
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { return false }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                case UInt8(ascii: "u"):
                    guard let unit = hex4(at: index + 2), !(0xD800...0xDFFF).contains(unit) else { return false }
                    index += 6
                default:
                    return false
                }
            case 0..<0x20:
                return false
            case 0x80...:
                sawNonASCII = true
                index += 1
            default:
                index += 1
            }
        }
        return false
    }

    private func hex4(at position: Int) -> UInt16? {
        guard position + 4 <= bytes.count else { return nil }
        var unit: UInt16 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)?`, at most 15 digits in all; exponents are left to the
    /// full decoder (it refuses values out of a `Double`'s range).
    private mutating func skipNumber() -> Bool {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = skipDigits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != 0x30 else { return false }
        var digits = integerDigits
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = skipDigits()
            guard fraction > 0 else { return false }
            digits += fraction
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") { return false }
        return digits <= 15
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        return index - start
    }
}
