/// A bank file's text as Unicode scalars, with a cursor that knows its line and column: the one
/// place that counts positions, for every bank format.
struct BankText {
    /// The text, without a leading byte-order mark.
    let scalars: [Unicode.Scalar]
    /// The cursor: an index into ``scalars``.
    private(set) var index = 0
    /// Where the cursor is.
    private(set) var position = SourcePosition.start

    /// Decodes UTF-8 and skips a leading byte-order mark (spreadsheets write one); bytes that are
    /// not UTF-8 are an error at the first of them.
    init(utf8 bytes: some Sequence<UInt8>) throws(BankProblem) {
        var decoded: [Unicode.Scalar] = []
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): decoded.append(scalar)
            case .emptyInput: break decoding
            case .error:
                var upToError = BankText(scalars: decoded)
                upToError.advance(by: decoded.count)
                throw BankProblem(
                    "the file is not UTF-8 text (save it as UTF-8, e.g. \"CSV UTF-8\" in a spreadsheet)",
                    at: upToError.position)
            }
        }
        self.init(scalars: decoded)
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
