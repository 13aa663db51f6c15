/// What a request's `Accept-Encoding` says of gzip (RFC 9110, 12.5.3), the one coding the web
/// port sends. Pure.
///
/// gzip is accepted when the header names it (or `x-gzip`, its old name) with a weight above
/// zero, or, not naming it, names `*` with a weight above zero. No header, an empty one, or
/// `gzip;q=0` get the plain bytes. An element whose weight is not a valid `qvalue` counts as not
/// written. Names and `q` are case-insensitive.
enum AcceptEncoding {
    /// Whether the header's values (all its lines) accept gzip.
    static func acceptsGzip(_ values: [String]) -> Bool {
        var gzip: Bool?  // named: accepted (some weight above zero) or refused
        var any: Bool?   // `*`: the same, for codings not named
        for value in values {
            for element in value.split(separator: ",") {
                let parts = element.split(separator: ";", omittingEmptySubsequences: false).map { trimmed($0) }
                guard let coding = parts.first?.lowercased(), !coding.isEmpty else { continue }
                guard let weight = Self.weight(parts.dropFirst()) else { continue }
                switch coding {
                case "gzip", "x-gzip": gzip = (gzip ?? false) || weight
                case "*": any = (any ?? false) || weight
                default: break
                }
            }
        }
        return gzip ?? any ?? false
    }

    /// Whether an element's parameters give it a weight above zero (no `q`: 1); nil when a
    /// parameter is not `q=qvalue`.
    static func weight(_ parameters: ArraySlice<Substring>) -> Bool? {
        var positive = true
        for parameter in parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, trimmed(pair[0]).lowercased() == "q", let zero = isZero(qvalue: trimmed(pair[1])) else { return nil }
            positive = !zero
        }
        return positive
    }

    /// Whether a `qvalue` (`0`, `0.5`, `1.000`: "0" or "1", then "." and up to three digits, a
    /// "1" followed by zeros only) is zero; nil if it is not a qvalue.
    static func isZero(qvalue: Substring) -> Bool? {
        let utf8 = Array(qvalue.utf8)
        guard let first = utf8.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        let rest = utf8.dropFirst()
        if !rest.isEmpty {
            guard rest.first == UInt8(ascii: "."), rest.count <= 4 else { return nil }
            let digits = rest.dropFirst()
            guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            if first == UInt8(ascii: "1") { return digits.allSatisfy { $0 == UInt8(ascii: "0") } ? false : nil }
            return digits.allSatisfy { $0 == UInt8(ascii: "0") }
        }
        return first == UInt8(ascii: "0")
    }

    /// `text` without the spaces and tabs around it (HTTP's optional whitespace).
    static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
