/// Why an XML part could not be read: what was wrong, and on which line of the part.
struct XMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    enum Problem: Hashable, Sendable {
        /// A `<!DOCTYPE`: document type declarations (and their entities) are never read.
        case doctype
        /// An `<!ENTITY` declaration: entities are never defined, nor expanded.
        case entityDeclaration
        /// `&name;` for a name other than the five XML predefines.
        case undefinedEntity(String)
        /// Elements nested deeper than the cap.
        case tooDeep(limit: Int)
        /// Bytes that are not UTF-8 (the encoding SpreadsheetML parts are written in).
        case notUTF8
        /// An end tag that does not close the element open.
        case mismatchedTag(open: String, closed: String)
        /// The part ends with elements still open (the innermost given).
        case unclosed(String)
        /// Anything else that is not well-formed XML: the words say what.
        case malformed(String)
    }

    /// What was wrong.
    var problem: Problem
    /// The line of the part, from 1.
    var line: Int

    var description: String { "line \(line): \(detail)" }

    /// What was wrong, without the line.
    var detail: String {
        switch problem {
        case .doctype: "a <!DOCTYPE> declaration, which is refused: DTDs and their entities are never read"
        case .entityDeclaration: "an <!ENTITY> declaration, which is refused: entities are never expanded"
        case .undefinedEntity(let name):
            "the entity &\(name); is not defined; only &lt; &gt; &amp; &quot; &apos; and numeric references (&#38; &#x26;) are read"
        case .tooDeep(let limit): "elements nested more than \(limit) deep, the most read"
        case .notUTF8: "bytes that are not UTF-8; the part must be UTF-8"
        case .mismatchedTag(let open, let closed): "</\(closed)> where </\(open)> should close <\(open)>"
        case .unclosed(let name): "the part ends inside <\(name)>"
        case .malformed(let why): why
        }
    }
}
