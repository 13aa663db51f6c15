extension XMLScanner {
    /// The text of `bytes[range]`: UTF-8 checked, line ends (CR LF, a lone CR) made LF, and,
    /// unless `references` is false (CDATA), entity and character references decoded. In an
    /// attribute value, tab, CR and LF become spaces, as XML normalizes attribute values.
    func decode(_ range: Range<Int>, attribute: Bool, references: Bool = true) throws(XMLError) -> String {
        let slice = bytes[range]
        let plain = !slice.contains(ASCII.carriageReturn) && !(references && slice.contains(ASCII.ampersand))
            && !(attribute && (slice.contains(0x09) || slice.contains(ASCII.newline)))
        if plain {
            guard let text = String(validating: slice, as: UTF8.self) else { throw error(.notUTF8) }
            return text
        }
        var output: [UInt8] = []
        output.reserveCapacity(slice.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            switch byte {
            case ASCII.carriageReturn:
                output.append(attribute ? 0x20 : ASCII.newline)
                index += index + 1 < range.upperBound && bytes[index + 1] == ASCII.newline ? 2 : 1
            case ASCII.newline where attribute, 0x09 where attribute:
                output.append(0x20)
                index += 1
            case ASCII.ampersand where references:
                index = try reference(at: index, before: range.upperBound, into: &output)
            default:
                output.append(byte)
                index += 1
            }
        }
        guard let text = String(validating: output, as: UTF8.self) else { throw error(.notUTF8) }
        return text
    }

    /// The reference starting with the `&` at `start` (`&amp;`, `&#38;`, `&#x26;`) appended to
    /// `output` as UTF-8; returns the position past its `;`.
    private func reference(at start: Int, before end: Int, into output: inout [UInt8]) throws(XMLError) -> Int {
        let window = bytes[(start + 1)..<min(end, start + 34)]
        guard let semicolon = window.firstIndex(of: ASCII.semicolon) else {
            throw error(.malformed("an '&' that starts no reference (write &amp; for the character)"), at: start)
        }
        let name = bytes[(start + 1)..<semicolon]
        let scalar: Unicode.Scalar
        if name.first == UInt8(ascii: "#") {
            scalar = try characterReference(name.dropFirst(), at: start)
        } else {
            switch String(decoding: name, as: UTF8.self) {
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "amp": scalar = "&"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            case let other: throw error(.undefinedEntity(other), at: start)
            }
        }
        output.append(contentsOf: String(Character(scalar)).utf8)
        return semicolon + 1
    }

    /// The character of `#` followed by `digits` (decimal, or hexadecimal after `x`), if XML allows it.
    private func characterReference(_ digits: ArraySlice<UInt8>, at start: Int) throws(XMLError) -> Unicode.Scalar {
        let hex = digits.first == UInt8(ascii: "x")
        let body = hex ? digits.dropFirst() : digits
        var value: UInt32 = 0
        for digit in body {
            guard let number = Self.digitValue(digit, hex: hex), value <= 0x10FFFF else {
                throw error(.malformed("&#\(String(decoding: digits, as: UTF8.self)); is not a character reference"), at: start)
            }
            value = value * (hex ? 16 : 10) + number
        }
        guard !body.isEmpty, let scalar = Unicode.Scalar(value),
              value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF)
        else {
            throw error(.malformed("&#\(String(decoding: digits, as: UTF8.self)); is not a character XML allows"), at: start)
        }
        return scalar
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
