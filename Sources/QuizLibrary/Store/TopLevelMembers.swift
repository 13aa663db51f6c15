/// Where the values of a JSON object's members lie in its bytes: how the store takes a quiz's
/// document out of `quiz.json` byte for byte, as it was saved. It follows strings and brackets
/// only and checks nothing else (the envelope is decoded in full besides).
enum TopLevelMembers {
    /// The byte range of each member's value, by the member's name as written (escapes not
    /// decoded); nil when `bytes` are not an object it can follow, or name a member twice.
    static func valueRanges(_ bytes: [UInt8]) -> [String: Range<Int>]? {
        var index = skipSpace(bytes, 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index = skipSpace(bytes, index + 1)
        var ranges: [String: Range<Int>] = [:]
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return ranges }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let nameEnd = stringEnd(bytes, index) else { return nil }
            let name = String(decoding: bytes[(index + 1)..<(nameEnd - 1)], as: UTF8.self)
            index = skipSpace(bytes, nameEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            let start = skipSpace(bytes, index + 1)
            guard let end = valueEnd(bytes, start), end > start, ranges[name] == nil else { return nil }
            ranges[name] = start..<end
            index = skipSpace(bytes, end)
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: ","): index = skipSpace(bytes, index + 1)
            case UInt8(ascii: "}"): return ranges
            default: return nil
            }
        }
    }

    /// Past the white space from `index`.
    private static func skipSpace(_ bytes: [UInt8], _ index: Int) -> Int {
        var index = index
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }

    /// Past the closing quote of the string opening at `index`; nil when it never closes.
    private static func stringEnd(_ bytes: [UInt8], _ index: Int) -> Int? {
        var index = index + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    /// Past the value starting at `start`: up to the `,` or `}` that ends it at the object's
    /// level, white space before them left out.
    private static func valueEnd(_ bytes: [UInt8], _ start: Int) -> Int? {
        var index = start, depth = 0, last = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard let end = stringEnd(bytes, index) else { return nil }
                index = end
                last = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return last }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 { return last }
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
                continue
            default: break
            }
            index += 1
            last = index
        }
        return nil
    }
}
