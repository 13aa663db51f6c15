/// One thing an ``XMLScanner`` reads.
enum XMLEvent: Hashable, Sendable {
    /// A start tag (a self-closing one is followed by its ``end(_:)``).
    case start(XMLElement)
    /// An end tag, by the element's local name.
    case end(String)
    /// Character data, references decoded and line ends normalized to LF: the text between two
    /// tags, or a CDATA section's contents.
    case text(String)
}

/// A start tag: its name and attributes by local name (the prefix stripped: `r:id` is `id`).
/// Namespace declarations (`xmlns`, `xmlns:r`) are not attributes here.
struct XMLElement: Hashable, Sendable {
    var name: String
    var attributes: [String: String]

    subscript(_ attribute: String) -> String? { attributes[attribute] }
}

/// A minimal pull tokenizer for XML in UTF-8, enough for SpreadsheetML: elements, attributes,
/// text, CDATA, the five predefined entities and numeric character references. Processing
/// instructions and comments are skipped. A `<!DOCTYPE` or `<!ENTITY` is refused, never read,
/// so no entity is ever expanded; nesting is capped. Elements are matched by their qualified
/// names and reported by their local names.
struct XMLScanner {
    let bytes: [UInt8]
    var position: Int
    /// The open elements, outermost first: qualified and local names.
    var open: [(qualified: String, local: String)] = []
    var closeNext = false
    var sawRoot = false
    let maxDepth: Int
    private var counted: Int
    /// The line on which the last event read starts (from 1).
    private(set) var line = 1

    /// Scans `bytes` (a byte-order mark skipped), with elements nested at most `maxDepth` deep.
    init(_ bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.counted = position
        self.maxDepth = maxDepth
    }

    /// The next event, or nil at the end of a well-formed part.
    mutating func next() throws(XMLError) -> XMLEvent? {
        if closeNext {
            closeNext = false
            return .end(open.removeLast().local)
        }
        while position < bytes.count {
            advanceLine(to: position)
            guard bytes[position] == ASCII.lessThan else {
                let end = bytes[position...].firstIndex(of: ASCII.lessThan) ?? bytes.count
                let text = try decode(position..<end, attribute: false)
                position = end
                if open.isEmpty {
                    guard text.unicodeScalars.allSatisfy({ " \t\n".unicodeScalars.contains($0) }) else {
                        throw error(.malformed("text outside the root element"))
                    }
                    continue
                }
                return .text(text)
            }
            if let event = try markup() { return event }
        }
        if let innermost = open.last { throw error(.unclosed(innermost.qualified)) }
        guard sawRoot else { throw error(.malformed("no element at all")) }
        return nil
    }

    /// What starts at `<`: nil for what is skipped (a comment, a processing instruction).
    private mutating func markup() throws(XMLError) -> XMLEvent? {
        if has("<?") {
            position = try end(of: "?>", what: "a processing instruction")
            return nil
        }
        if has("<!--") {
            position = try end(of: "-->", what: "a comment")
            return nil
        }
        if has("<![CDATA[") {
            guard !open.isEmpty else { throw error(.malformed("a CDATA section outside the root element")) }
            let start = position + 9
            position = try end(of: "]]>", what: "a CDATA section")
            return .text(try decode(start..<(position - 3), attribute: false, references: false))
        }
        if has("<!") {
            let word = bytes[(position + 2)...].prefix(7).map { $0 & 0xDF }  // upper case for letters
            if word.elementsEqual("DOCTYPE".utf8) { throw error(.doctype) }
            if word.starts(with: "ENTITY".utf8) { throw error(.entityDeclaration) }
            throw error(.malformed("a <! declaration other than a comment or CDATA section"))
        }
        if has("</") { return try endTag() }
        return try startTag()
    }

    /// The position just past the first `terminator` from here.
    private func end(of terminator: String, what: String) throws(XMLError) -> Int {
        let pattern = Array(terminator.utf8)
        var index = position
        while index <= bytes.count - pattern.count {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index + pattern.count }
            index += 1
        }
        throw error(.malformed("\(what) that never ends (no \(terminator))"))
    }

    /// Whether the bytes from here start with `prefix`.
    private func has(_ prefix: String) -> Bool { bytes[position...].starts(with: prefix.utf8) }

    /// An error on the line of the event being read.
    func error(_ problem: XMLError.Problem) -> XMLError { XMLError(problem: problem, line: line) }

    /// An error on the line of the byte at `offset` (at or after the event's start).
    func error(_ problem: XMLError.Problem, at offset: Int) -> XMLError {
        XMLError(problem: problem, line: line + bytes[counted..<max(counted, offset)].count { $0 == ASCII.newline })
    }

    private mutating func advanceLine(to offset: Int) {
        for index in counted..<offset where bytes[index] == ASCII.newline { line += 1 }
        counted = offset
    }
}

/// The bytes the scanner looks for.
enum ASCII {
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let slash = UInt8(ascii: "/")
    static let equals = UInt8(ascii: "=")
    static let ampersand = UInt8(ascii: "&")
    static let semicolon = UInt8(ascii: ";")
    static let colon = UInt8(ascii: ":")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")

    /// XML's white space: space, tab, line feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
