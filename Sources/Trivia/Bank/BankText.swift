/// A bank file's text as Unicode scalars, with a cursor that knows its line and column: the one
/// place that counts positions, for every bank format.
struct BankText {
    /// The text, without a leading byte-order mark.
    let scalars: [Unicode.Scalar]
    /// The cursor: an index into ``scalars``.
    private(set) var index = 0
    /// Where the cursor is.
    private(set) var position = SourcePosition.start

    /// Decodes UTF-8 and skips a leading byte-order mark (spreadsheets write one). Text in another
    /// encoding is an error that names it where it can: UTF-16 or UTF-32 by its byte-order mark
    /// (at 1:1) or by its NULs (at the first), any other by the first byte that is not UTF-8
    /// (Latin-1's `é` is 0xE9), at that place.
    init(utf8 bytes: some Sequence<UInt8>) throws(BankProblem) {
        var decoded: [Unicode.Scalar] = []
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): decoded.append(scalar)
            case .emptyInput: break decoding
            case .error:
                let offset = decoded.reduce(0) { $0 + UTF8.width($1) }
                if offset <= 2, let unicode = Self.byteOrderMark(bytes) {
                    throw BankProblem("the file is \(unicode) text (it starts with \(unicode)'s byte-order mark); \(Self.saveAsUTF8)", at: .start)
                }
                if let nul = decoded.firstIndex(of: "\u{0}") { throw Self.nulProblem(at: nul, in: decoded) }
                var rest = bytes.dropFirst(offset).makeIterator()
                let byte = rest.next() ?? 0
                throw BankProblem(
                    "the file is not UTF-8 text: byte \(Self.hex(byte)) is not UTF-8 here (Latin-1 or Windows-1252 text?); \(Self.saveAsUTF8)",
                    at: Self.position(of: decoded.count, in: decoded))
            }
        }
        if let nul = decoded.firstIndex(of: "\u{0}") { throw Self.nulProblem(at: nul, in: decoded) }
        self.init(scalars: decoded)
    }

    /// What every encoding error ends with: how to fix it.
    static let saveAsUTF8 = "save it as UTF-8 (\"CSV UTF-8\" in a spreadsheet)"

    /// NULs, which no text file holds but one in UTF-16 (every other byte of Latin text).
    private static func nulProblem(at index: Int, in scalars: [Unicode.Scalar]) -> BankProblem {
        BankProblem("the file holds NUL characters, as UTF-16 text does; \(saveAsUTF8)", at: position(of: index, in: scalars))
    }

    /// `UTF-16` or `UTF-32` when `bytes` start with that encoding's byte-order mark.
    private static func byteOrderMark(_ bytes: some Sequence<UInt8>) -> String? {
        let start = Array(bytes.prefix(4))
        if start.starts(with: [0xFF, 0xFE, 0, 0]) || start.starts(with: [0, 0, 0xFE, 0xFF]) { return "UTF-32" }
        if start.starts(with: [0xFF, 0xFE]) || start.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
        return nil
    }

    /// Where the scalar at `index` of `scalars` is.
    private static func position(of index: Int, in scalars: [Unicode.Scalar]) -> SourcePosition {
        var text = BankText(scalars: Array(scalars.prefix(index)))
        text.advance(by: text.scalars.count)
        return text.position
    }

    /// `0xE9`.
    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars.first == "\u{FEFF}" ? Array(scalars.dropFirst()) : scalars
    }

    /// The scalar at the cursor; nil at the end.
    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    /// The scalar `offset` places after the cursor; nil past the end.
    func peek(_ offset: Int = 1) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    var isAtEnd: Bool { index >= scalars.count }

    /// Moves past the current scalar, counting lines: LF, CR LF (once) and a lone CR end one.
    mutating func advance() {
        guard let scalar = current else { return }
        index += 1
        if scalar == "\n" || (scalar == "\r" && current != "\n") {
            position = SourcePosition(line: position.line + 1, column: 1)
        } else {
            position.column += 1
        }
    }

    /// Moves past `count` scalars.
    mutating func advance(by count: Int) {
        for _ in 0..<count { advance() }
    }

    /// Whether the cursor is at a line break (LF, or CR).
    var isAtLineBreak: Bool { current == "\n" || current == "\r" }

    /// Moves past one line break (CR LF counts as one).
    mutating func skipLineBreak() {
        if current == "\r" {
            advance()
            if current == "\n" { advance() }
        } else if current == "\n" {
            advance()
        }
    }
}
