extension XMLScanner {
    /// A start tag at `<`: its name and attributes, up to `>` or `/>`.
    mutating func startTag() throws(XMLError) -> XMLEvent {
        position += 1
        let name = try readName()
        guard !name.qualified.isEmpty else { throw error(.malformed("a '<' that starts no tag (write &lt; in text)")) }
        guard !(open.isEmpty && sawRoot) else { throw error(.malformed("a second root element <\(name.qualified)>")) }
        guard open.count < maxDepth else { throw error(.tooDeep(limit: maxDepth)) }
        var attributes: [String: String] = [:]
        var given: Set<String> = []
        while true {
            skipSpace()
            guard position < bytes.count else { throw error(.malformed("the part ends inside the tag <\(name.qualified)")) }
            if bytes[position] == ASCII.greaterThan {
                position += 1
                break
            }
            if bytes[position] == ASCII.slash, position + 1 < bytes.count, bytes[position + 1] == ASCII.greaterThan {
                position += 2
                closeNext = true
                break
            }
            let attribute = try readName()
            guard !attribute.qualified.isEmpty else {
                throw error(.malformed("an unexpected character in the tag <\(name.qualified)>"))
            }
            let value = try readValue(of: attribute.qualified, in: name.qualified)
            guard given.insert(attribute.qualified).inserted else {
                throw error(.malformed("the attribute \(attribute.qualified) is given twice in <\(name.qualified)>"))
            }
            if attribute.qualified != "xmlns", !attribute.qualified.hasPrefix("xmlns:"), attributes[attribute.local] == nil {
                attributes[attribute.local] = value
            }
        }
        open.append(name)
        sawRoot = true
        return .start(XMLElement(name: name.local, attributes: attributes))
    }

    /// An end tag at `</`, which must close the innermost open element.
    mutating func endTag() throws(XMLError) -> XMLEvent {
        position += 2
        let name = try readName()
        skipSpace()
        guard position < bytes.count, bytes[position] == ASCII.greaterThan else {
            throw error(.malformed("the end tag </\(name.qualified) does not end with '>'"))
        }
        position += 1
        guard let innermost = open.last else { throw error(.malformed("</\(name.qualified)> closes no element")) }
        guard innermost.qualified == name.qualified else {
            throw error(.mismatchedTag(open: innermost.qualified, closed: name.qualified))
        }
        open.removeLast()
        return .end(name.local)
    }

    /// `="value"` or `='value'` after an attribute's name: the value with its references
    /// decoded and white space normalized.
    private mutating func readValue(of attribute: String, in element: String) throws(XMLError) -> String {
        skipSpace()
        guard position < bytes.count, bytes[position] == ASCII.equals else {
            throw error(.malformed("the attribute \(attribute) of <\(element)> has no '=' and value"))
        }
        position += 1
        skipSpace()
        guard position < bytes.count, bytes[position] == ASCII.quote || bytes[position] == ASCII.apostrophe else {
            throw error(.malformed("the value of \(attribute) in <\(element)> is not quoted"))
        }
        let quote = bytes[position]
        let start = position + 1
        guard let end = bytes[start...].firstIndex(of: quote) else {
            throw error(.malformed("the value of \(attribute) in <\(element)> never ends"))
        }
        guard !bytes[start..<end].contains(ASCII.lessThan) else {
            throw error(.malformed("a '<' in the value of \(attribute) in <\(element)> (write &lt;)"))
        }
        position = end + 1
        return try decode(start..<end, attribute: true)
    }

    /// A name from here up to white space or a delimiter (empty when there is none), and its
    /// local part (after the last colon).
    private mutating func readName() throws(XMLError) -> (qualified: String, local: String) {
        let start = position
        while position < bytes.count, !Self.endsName(bytes[position]) { position += 1 }
        guard let qualified = String(validating: bytes[start..<position], as: UTF8.self) else { throw error(.notUTF8) }
        let local = bytes[start..<position].lastIndex(of: ASCII.colon).map { colon in
            String(decoding: bytes[(colon + 1)..<position], as: UTF8.self)
        }
        return (qualified, local ?? qualified)
    }

    private mutating func skipSpace() {
        while position < bytes.count, ASCII.isSpace(bytes[position]) { position += 1 }
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        ASCII.isSpace(byte) || byte == ASCII.slash || byte == ASCII.greaterThan || byte == ASCII.lessThan
            || byte == ASCII.equals || byte == ASCII.quote || byte == ASCII.apostrophe
    }
}
