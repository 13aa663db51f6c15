/// The comments taken out of a page module or a stylesheet as it is served (pure): they are for
/// the next engineer, not for the phone, and were a fifth of what a phone downloads to reach the
/// lobby (5.7 KB of 25 KB gzipped, docs/BENCHMARKS.md). The sources keep them.
///
/// A scanner of the few things that can hold `/*` or `//` without being a comment: strings
/// (`'`, `"`), template literals (`` ` `` with `${…}` inside) and regular expressions (a `/` where
/// an expression may start: after an operator, a bracket, a comma, a keyword such as `return`).
/// A block comment becomes one space, or a newline if it held one (a line break can end a
/// statement). Anything it cannot follow (a string or comment not closed, a line break in a
/// regular expression) leaves the file as it was: serving the comments is safe, breaking a module
/// is not.
enum SourceComments {
    /// What a file is: a script (all of the above) or a stylesheet (block comments and strings).
    enum Language { case script, stylesheet }

    /// `bytes` without their comments, or unchanged when the scanner cannot follow them.
    static func stripped(_ bytes: [UInt8], _ language: Language) -> [UInt8] {
        var scanner = Scanner(bytes, language)
        return scanner.run() ?? bytes
    }

    private struct Scanner {
        let bytes: [UInt8]
        let script: Bool
        var out: [UInt8] = []
        var at = 0
        /// The last byte of code written that is not white space (nil: none yet).
        var last: UInt8?
        /// The word that ends at ``last``, if it ends with one.
        var lastWord: [UInt8] = []
        /// For each template literal whose `${` is open: how many `{` deep its code is.
        var templates: [Int] = []

        init(_ bytes: [UInt8], _ language: Language) {
            self.bytes = bytes
            self.script = language == .script
            out.reserveCapacity(bytes.count)
        }

        mutating func run() -> [UInt8]? {
            while at < bytes.count {
                let byte = bytes[at]
                let next = at + 1 < bytes.count ? bytes[at + 1] : 0
                switch byte {
                case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                    guard skipBlockComment() else { return nil }
                case UInt8(ascii: "/") where script && next == UInt8(ascii: "/"):
                    while at < bytes.count, bytes[at] != UInt8(ascii: "\n") { at += 1 }
                case UInt8(ascii: "/") where script && regexMayStart:
                    guard copyRegex() else { return nil }
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    guard copyString(quote: byte) else { return nil }
                case UInt8(ascii: "`") where script:
                    guard copyTemplate() else { return nil }
                case UInt8(ascii: "{") where !templates.isEmpty:
                    templates[templates.count - 1] += 1
                    code(byte)
                case UInt8(ascii: "}") where !templates.isEmpty:
                    if templates[templates.count - 1] == 0 {
                        templates.removeLast()
                        write(byte)
                        at += 1
                        guard copyTemplate(resuming: true) else { return nil }
                    } else {
                        templates[templates.count - 1] -= 1
                        code(byte)
                    }
                default:
                    code(byte)
                }
            }
            return templates.isEmpty ? out : nil
        }

        /// Whether a `/` here starts a regular expression rather than a division.
        var regexMayStart: Bool {
            guard let last else { return true }
            if Self.isWord(last) { return Self.keywords.contains(lastWord) }
            return !")]".utf8.contains(last)
        }

        static let keywords: Set<[UInt8]> = Set(
            ["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "instanceof", "yield", "await"].map { Array($0.utf8) })

        static func isWord(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }

        mutating func write(_ byte: UInt8) { out.append(byte) }

        /// A byte of code: written, and remembered when it is not white space.
        mutating func code(_ byte: UInt8) {
            write(byte)
            at += 1
            guard ![UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(byte) else { return }
            if Self.isWord(byte) {
                let continues = !lastWord.isEmpty && out.count >= 2 && Self.isWord(out[out.count - 2])
                lastWord = continues ? lastWord + [byte] : [byte]
            } else {
                lastWord = []
            }
            last = byte
        }

        /// `/* … */` into one space, or a newline if it spans lines; false when it is not closed.
        mutating func skipBlockComment() -> Bool {
            var newline = false
            var index = at + 2
            while index + 1 < bytes.count {
                if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                    write(newline ? UInt8(ascii: "\n") : UInt8(ascii: " "))
                    at = index + 2
                    return true
                }
                if bytes[index] == UInt8(ascii: "\n") { newline = true }
                index += 1
            }
            return false
        }

        /// Copies the next byte, and the one after it when it is a backslash (an escape, never
        /// the end of a literal); returns the first.
        mutating func copyNext() -> UInt8 {
            let byte = bytes[at]
            write(byte)
            at += 1
            if byte == UInt8(ascii: "\\"), at < bytes.count {
                write(bytes[at])
                at += 1
            }
            return byte
        }

        /// A literal just ended with `byte`: code goes on after it.
        mutating func closed(by byte: UInt8) -> Bool {
            last = byte
            lastWord = []
            return true
        }

        /// A string, copied as it is; false when a line or the file ends first.
        mutating func copyString(quote: UInt8) -> Bool {
            write(quote)
            at += 1
            while at < bytes.count, bytes[at] != UInt8(ascii: "\n") {
                if copyNext() == quote { return closed(by: quote) }
            }
            return false
        }

        /// A template literal up to its end, or to a `${` (its code is scanned as code until the
        /// matching `}`); false when the file ends first.
        mutating func copyTemplate(resuming: Bool = false) -> Bool {
            if !resuming {
                write(UInt8(ascii: "`"))
                at += 1
            }
            while at < bytes.count {
                let byte = copyNext()
                if byte == UInt8(ascii: "`") { return closed(by: byte) }
                if byte == UInt8(ascii: "$"), at < bytes.count, bytes[at] == UInt8(ascii: "{") {
                    write(bytes[at])
                    at += 1
                    templates.append(0)
                    return closed(by: UInt8(ascii: "{"))
                }
            }
            return false
        }

        /// A regular expression and its flags' start, copied as it is; false when a line ends first.
        mutating func copyRegex() -> Bool {
            write(UInt8(ascii: "/"))
            at += 1
            var inClass = false
            while at < bytes.count, bytes[at] != UInt8(ascii: "\n") {
                switch copyNext() {
                case UInt8(ascii: "["): inClass = true
                case UInt8(ascii: "]"): inClass = false
                case UInt8(ascii: "/") where !inClass: return closed(by: UInt8(ascii: "/"))
                default: break
                }
            }
            return false
        }
    }
}
