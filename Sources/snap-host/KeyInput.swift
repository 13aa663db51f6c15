import Glibc
import Matchmaking

/// Reads a person's answers from stdin on a thread of its own. On a terminal it switches to
/// cbreak mode (no Enter needed, no echo) so one key press answers: `1`-`9` answer, `q` quits.
/// Elsewhere it reads lines: a number answers, `/quit` quits.
final class KeyInput: @unchecked Sendable {
    /// What the person did.
    enum Key: Sendable {
        case answer(Int)
        case quit
        case other(String)
    }

    private var saved = termios()
    private var changed = false
    let isTerminal = isatty(STDIN_FILENO) == 1

    /// Starts reading; `handler` runs on the reader thread.
    func start(_ handler: @escaping @Sendable (Key) -> Void) {
        if isTerminal, tcgetattr(STDIN_FILENO, &saved) == 0 {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            changed = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
        }
        let terminal = isTerminal
        POSIX.detachThread {
            if terminal {
                var byte: UInt8 = 0
                while read(STDIN_FILENO, &byte, 1) == 1 {
                    switch byte {
                    case UInt8(ascii: "1")...UInt8(ascii: "9"): handler(.answer(Int(byte - UInt8(ascii: "1"))))
                    case UInt8(ascii: "q"), UInt8(ascii: "Q"): handler(.quit)
                    default: handler(.other(String(UnicodeScalar(byte))))
                    }
                }
            } else {
                while let line = readLine() {
                    let text = line.trimmingSpacesAndTabs()
                    if text == "/quit" {
                        handler(.quit)
                    } else if let number = Int(text), number >= 1 {
                        handler(.answer(number - 1))
                    } else if !text.isEmpty {
                        handler(.other(text))
                    }
                }
            }
        }
    }

    /// Puts the terminal back as it was.
    func restore() {
        if changed { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        changed = false
    }
}
