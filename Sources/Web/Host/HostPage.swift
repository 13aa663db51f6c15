import FoundationEssentials
import GameRuntime
import Logging
import NIOCore
import Synchronization

/// The host page's door and its line to the game: it checks a page's first message (the host
/// PIN, through the ``PINGuard``, or a token from an earlier unlock) and passes an unlocked
/// page's commands to the game (``HostedGame/command(_:)``, the same as the host's terminal keys).
/// What an unlocked page sees comes from the ``ScreenFeed``: the TV's messages plus the
/// commands' outcomes (docs/WEB.md, "The host page").
///
/// A page unlocked with the PIN is given a token (128 random bits, for this run of the host
/// only): with it the page comes back after a dropped connection (a phone's screen going dark)
/// without the PIN and without counting against the guard. The last ``keptTokens`` are kept.
///
/// Logs say `host page unlocked`, `wrong host PIN` and `host page locked` with the address;
/// never the PIN, nor what was typed.
public final class HostPage: Sendable {
    /// The feed an unlocked page watches.
    let feed: ScreenFeed
    private let pin: HostPIN
    private let send: @Sendable (HostCommand) -> Void
    private let logger: Logger
    private let state: Mutex<State>

    private struct State {
        var guard_: PINGuard
        var tokens: [String] = []
    }

    /// How many tokens are kept (pages unlocked with the PIN); the oldest go first.
    static let keptTokens = 32

    /// Whether `token` is one this run of the host gave a page unlocked with the PIN (a game's
    /// desk requests carry it).
    public func accepts(token: String) -> Bool { state.withLock { $0.tokens.contains(token) } }

    /// A door for `pin`, whose pages watch `feed` and whose commands go to `send` (the game's
    /// ``HostedGame/command(_:)``).
    public init(
        pin: HostPIN, feed: ScreenFeed, limits: PINGuard.Limits = .init(), logger: Logger,
        send: @escaping @Sendable (HostCommand) -> Void
    ) {
        self.pin = pin
        self.feed = feed
        self.send = send
        self.logger = logger
        self.state = Mutex(State(guard_: PINGuard(limits: limits)))
    }

    /// A page's first message: `{"pin":"482913"}` or `{"token":"…"}`.
    struct Request: Decodable {
        var pin: String?
        var token: String?
    }

    /// What the host page is told (JSON: ``json``): the answer to its first message, or why a
    /// later one was no command.
    enum Reply: Hashable {
        /// The page may command; `token` brings it back later without the PIN.
        case unlocked(token: String)
        /// A wrong PIN; `triesLeft` before this address is locked.
        case wrongPin(triesLeft: Int)
        /// No PIN is tried for `retryInS` seconds: for this address, or for `everyone`.
        case locked(retryInS: Int, everyone: Bool)
        /// A token this run of the host never gave (it restarted): the page asks for the PIN.
        case pinNeeded
        /// Not a first message at all.
        case badRequest(String)
        /// A message after unlocking that is no host command, and why.
        case error(String)

        /// `{"type":"unlocked","token":"…"}`, `{"type":"wrongPin","triesLeft":4}`,
        /// `{"type":"locked","retryInS":60,"everyone":false}`, `{"type":"pinNeeded"}`,
        /// `{"type":"badRequest","text":"…"}`, `{"type":"error","text":"…"}`.
        var json: String {
            let message: Message
            switch self {
            case .unlocked(let token): message = Message(type: "unlocked", token: token)
            case .wrongPin(let left): message = Message(type: "wrongPin", triesLeft: left)
            case .locked(let seconds, let everyone): message = Message(type: "locked", retryInS: seconds, everyone: everyone)
            case .pinNeeded: message = Message(type: "pinNeeded")
            case .badRequest(let text): message = Message(type: "badRequest", text: text)
            case .error(let text): message = Message(type: "error", text: text)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return (try? encoder.encode(message)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        }

        private struct Message: Encodable {
            var type: String
            var token: String?
            var triesLeft: Int?
            var retryInS: Int?
            var everyone: Bool?
            var text: String?
        }
    }

    /// Answers a page's first message, from `address` (its IP address) at `now`.
    func answer(toFirst message: ByteBuffer, from address: String, at now: NIODeadline) -> Reply {
        guard let request = try? JSONDecoder().decode(Request.self, from: Data(message.readableBytesView)),
            request.pin != nil || request.token != nil
        else {
            return .badRequest(#"the first message is the host PIN: {"pin":"123456"}"#)
        }
        if let token = request.token, request.pin == nil {
            guard state.withLock({ $0.tokens.contains(token) }) else { return .pinNeeded }
            logger.info("host page back", metadata: ["address": "\(address)"])
            return .unlocked(token: token)
        }
        let correct = pin.matches(request.pin ?? "")
        let (verdict, token) = state.withLock { state -> (PINGuard.Verdict, String?) in
            let verdict = state.guard_.attempt(from: address, correct: correct, at: now)
            guard verdict == .unlocked else { return (verdict, nil) }
            let token = Self.newToken()
            state.tokens.append(token)
            if state.tokens.count > Self.keptTokens { state.tokens.removeFirst() }
            return (verdict, token)
        }
        switch verdict {
        case .unlocked:
            logger.notice("host page unlocked", metadata: ["address": "\(address)"])
            return .unlocked(token: token ?? "")
        case .wrong(let left):
            logger.warning("wrong host PIN", metadata: ["address": "\(address)", "triesLeft": "\(left)"])
            return .wrongPin(triesLeft: left)
        case .locked(let wait, let everyone):
            let seconds = Int((wait.nanoseconds + 999_999_999) / 1_000_000_000)
            logger.warning("host page locked", metadata: ["address": "\(address)", "seconds": "\(seconds)", "everyone": "\(everyone)"])
            return .locked(retryInS: seconds, everyone: everyone)
        }
    }

    /// Passes an unlocked page's message to the game as a host command (a name the game does not
    /// know is the game's to refuse, `unknownCommand`, which the page hears like any refusal);
    /// for a message that is no command, the error to answer.
    func command(_ message: ByteBuffer) -> Reply? {
        do {
            send(try JSONDecoder().decode(HostCommand.self, from: Data(message.readableBytesView)))
            return nil
        } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {  // a name of no command
            return .error(context.debugDescription)
        } catch DecodingError.keyNotFound(let key, _) where key.stringValue == "peer" {
            return .error(#"kick needs the player's id: {"command":"kick","peer":3}"#)
        } catch {
            let names = HostCommand.plain.map(\.name).joined(separator: ", ")
            return .error(#"a command is {"command":"skip"} ("# + names + #", or the game's own) or {"command":"kick","peer":3}"#)
        }
    }

    /// 128 random bits in hex.
    private static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
