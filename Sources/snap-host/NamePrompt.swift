import FoundationEssentials
import GameRuntime
import Glibc
import Matchmaking

/// `join`'s player name when `--player` is not given, and its second chance after `nameTaken`.
/// On a terminal the person is asked (Enter takes the user name); a script's stdin, or a bot,
/// is never asked: the user name is taken and stderr says so. Questions and notes go to stderr,
/// so stdout stays the game.
struct NamePrompt {
    /// Whether a person can be asked: stdin is a terminal and no bot plays.
    let canAsk: Bool
    /// The name Enter takes: `$USER`, else `player`.
    let suggested: String

    /// For `join`: asks when stdin is a terminal and `bot` is off.
    init(bot: Bool) {
        canAsk = !bot && isatty(STDIN_FILENO) == 1
        suggested = ProcessInfo.processInfo.environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "player"
    }

    /// The name to join as: `given` when there is one (the host judges it); else asked for until
    /// it keeps ``PlayerName``'s rules; else the suggested name, said on stderr. Nil: the person
    /// ended the input (Ctrl-D) instead of answering.
    func name(given: String?) -> String? {
        if let given { return given }
        guard canAsk else {
            Terminal.err("joining as \(suggested); --player NAME picks another")
            return suggested
        }
        while true {
            guard let answer = ask("your name [\(suggested)]: ") else { return nil }
            do {
                return try PlayerName.validate(answer.isEmpty ? suggested : answer)
            } catch {
                Terminal.err("\(error); try another")
            }
        }
    }

    /// After `nameTaken`: offers the host's free name. The name to join as when the person says
    /// yes; nil otherwise, and always when no one can be asked.
    func offer(_ free: String) -> String? {
        guard canAsk, let answer = ask("join as \"\(free)\" instead? [y/N] ") else { return nil }
        return ["y", "yes"].contains(answer.trimmingWhitespaceAndNewlines().lowercased()) ? free : nil
    }

    /// Writes `question` (no newline) and reads a line; nil at the end of input.
    private func ask(_ question: String) -> String? {
        POSIX.write(question, to: STDERR_FILENO)
        guard let answer = readLine(strippingNewline: true) else {
            Terminal.err("")
            return nil
        }
        return answer
    }
}
