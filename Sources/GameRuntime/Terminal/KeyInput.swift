import Glibc

/// Reads what a person types on stdin, on a thread of its own.
///
/// - ``Mode/keys``: on a terminal it switches to cbreak mode (no Enter needed, no echo) so one
///   key press acts: `1`-`9` answer, `q` quits, the arrow keys are arrows, any other key is itself. Elsewhere it reads
///   lines: a number answers, `/quit` quits, other text is itself (trimmed).
/// - ``Mode/text``: whole lines as typed, on a terminal too (chat): `/quit` quits, any other
///   non-empty line is itself.
public final class KeyInput: @unchecked Sendable {
    /// How input is read.
    public enum Mode: Hashable, Sendable {
        /// One key at a time on a terminal (answers, flips).
        case keys
        /// Whole lines of text (chat).
        case text
    }

    /// What the person did.
    public enum Key: Hashable, Sendable {
        /// Pressed answer key N (0-based: `1` is 0).
        case answer(Int)
        /// Asked to leave (`q`, or `/quit`).
        case quit
        /// Pressed an arrow key (single keys on a terminal only: its escape sequence).
        case arrow(Arrow)
        /// Typed anything else (one key, or a line).
        case other(String)
    }

    /// An arrow key.
    public enum Arrow: Hashable, Sendable {
        case up, down, left, right
    }

    /// How input is read.
    public let mode: Mode
    /// Whether stdin is a terminal.
    public let isTerminal = isatty(STDIN_FILENO) == 1
    private var saved = termios()
    private var changed = false

    /// A reader in `mode` (nothing is read before ``start(_:)``).
    public init(mode: Mode = .keys) { self.mode = mode }

    /// Whether keys act one at a time, without Enter (``Mode/keys`` on a terminal).
    public var readsSingleKeys: Bool { mode == .keys && isTerminal }

    /// Starts reading; `handler` runs on the reader thread.
    public func start(_ handler: @escaping @Sendable (Key) -> Void) {
        let singleKeys = readsSingleKeys
        if singleKeys, tcgetattr(STDIN_FILENO, &saved) == 0 {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            changed = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
        }
        let mode = self.mode
        POSIX.detachThread(name: "keys") {
            if singleKeys {
                Self.readKeys(handler)
            } else {
                Self.readLines { line in
                    guard let key = Self.key(line: line, mode: mode) else { return }
                    handler(key)
                }
            }
        }
    }

    /// Puts the terminal back as it was.
    public func restore() {
        if changed { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        changed = false
    }

    /// Each line of stdin (without its `\n` or `\r\n`), read with read(2) rather than stdio's
    /// `readLine()`: a thread blocked in `readLine()` holds stdin's stdio lock, and glibc 2.41's
    /// `exit()` takes every stream's lock to flush it, so a host whose stdin was an open pipe
    /// never ended after SIGTERM (seen on the arm64 build in Debian 13, Tests/system/test_pi.py).
    static func readLines(_ body: (String) -> Void) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending.append(contentsOf: chunk[..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                body(Self.line(pending[..<newline]))
                pending.removeSubrange(...newline)
            }
        }
        if !pending.isEmpty { body(Self.line(pending[...])) }
    }

    private static func line(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes, as: UTF8.self)
    }

    private static func readKeys(_ handler: @Sendable (Key) -> Void) {
        var byte: UInt8 = 0
        var escape: [UInt8] = []  // an arrow key's sequence so far: ESC [ A (or ESC O A)
        while read(STDIN_FILENO, &byte, 1) == 1 {
            if byte == 0x1B || !escape.isEmpty {
                escape.append(byte)
                switch Self.arrow(escape) {
                case .some(.some(let arrow)): handler(.arrow(arrow)); escape = []
                case .some(.none): break  // more to come
                case .none: for key in escape { handler(.other(String(UnicodeScalar(key)))) }; escape = []
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): handler(.answer(Int(byte - UInt8(ascii: "1"))))
            case UInt8(ascii: "q"), UInt8(ascii: "Q"): handler(.quit)
            default: handler(.other(String(UnicodeScalar(byte))))
            }
        }
    }

    /// What an escape sequence read so far is: an arrow (`.some(arrow)`), the start of one
    /// (`.some(nil)`), or not one (nil: its bytes are keys of their own).
    static func arrow(_ bytes: [UInt8]) -> Arrow?? {
        guard bytes.first == 0x1B else { return nil }
        if bytes.count == 1 { return .some(nil) }
        guard bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") else { return nil }
        if bytes.count == 2 { return .some(nil) }
        switch bytes[2] {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        default: return nil
        }
    }

    /// What a line typed means in `mode` (nil: nothing).
    static func key(line: String, mode: Mode) -> Key? {
        switch mode {
        case .text:
            if line == "/quit" { return .quit }
            return line.isEmpty ? nil : .other(line)
        case .keys:
            let text = line.trimmingSpacesAndTabs()
            if text == "/quit" { return .quit }
            if let number = Int(text), number >= 1 { return .answer(number - 1) }
            return text.isEmpty ? nil : .other(text)
        }
    }
}
