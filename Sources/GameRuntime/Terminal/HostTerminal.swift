import Glibc
import Vocabulary
import ServiceLifecycle
import Synchronization

/// The host's terminal for any game: one line per player joining or leaving (with the count),
/// per chat line, per failed send and per host command; the game's own lines come from its
/// ``GameHostScreen``. Give ``show(_:)`` to ``GameHost`` as its observer.
///
/// The host's controls (``HostControls``) are read from stdin by ``readControls(_:)``: keys on a
/// terminal (the footer lists them), lines otherwise.
///
/// ```
/// joined: Ann (id 1) [1/8]
/// left: Ann (id 1) userQuit [0/8]
/// chat Ann: hello
/// host: skip
/// host: nothing to pause: no game is under way
/// ```
public final class HostTerminal<Screen: GameHostScreen>: Sendable {
    /// The game's part.
    public let screen: Screen
    private let capacity: Int
    private let roster = Mutex(Roster())
    private let controls: Mutex<HostControls>
    private let keys = Mutex<KeyInput?>(nil)
    /// The footer drawn (keys on a terminal only), to redraw it when the game's keys come or go.
    private let footer = Mutex<String?>(nil)

    /// A terminal for a host admitting at most `capacity` players, whose game has `gameKeys`
    /// (``GameTable/commandKeys``).
    public init(screen: Screen, capacity: Int, gameKeys: [GameCommandKey] = []) {
        self.screen = screen
        self.capacity = capacity
        self.controls = Mutex(HostControls(gameKeys: gameKeys))
    }

    /// Shows one event of the ``GameHost``.
    public func show(_ event: GameHostEvent<Screen.Table>) {
        let writer = screen.writer
        switch event {
        case .joined(let peer, let present):
            roster.withLock { $0 = present }
            writer.line("joined: \(peer.name) (id \(peer.id)) [\(present.count)/\(capacity)]")
        case .left(let peer, let reason, let present):
            roster.withLock { $0 = present }
            writer.line("left: \(peer.name) (id \(peer.id)) \(reason.rawValue) [\(present.count)/\(capacity)]")
        case .away(let peer, let present):
            roster.withLock { $0 = present }
            writer.line(LobbyText.away(peer.name))
        case .back(let peer, let present):
            roster.withLock { $0 = present }
            writer.line(LobbyText.back(peer.name))
        case .chat(let chat):
            writer.line(chat.line)
        case .sendFailed(let reason):
            writer.line("error: a message could not be sent (\(reason))")
        case .announced(let message, let recipients), .sent(let message, let recipients):
            screen.show(message, to: recipients, roster: roster.withLock { $0 })
        case .note(let note):
            screen.show(note: note)
        case .stateSent(let state, let key, _):
            screen.show(state: state, key: key)
            return
        case .retold:
            return  // a returning player's catch-up: the host has shown it already
        case .commanded(.kick(let id)):
            writer.line("host: kick \(roster.withLock { $0.name(of: id) }) (id \(id))")
        case .commanded(let command):
            writer.line("host: \(controls.withLock { $0.line(of: command) })")
        case .refused(let refusal):
            writer.line("host: \(refusal)")
        }
        updateFooter()
    }

    /// Draws the footer again when what it should list changed (the game's keys).
    private func updateFooter() {
        let wanted = controls.withLock { $0.footer(wanted: screen.wantsGameKeys) }
        let changed = footer.withLock { shown in
            guard let current = shown, current != wanted else { return false }
            shown = wanted
            return true
        }
        if changed { screen.writer.footer(wanted) }
    }

    /// Reads the host's controls from stdin and hands each command to `send` (``GameHost/command(_:)``):
    /// single keys when stdin is a terminal and this process is in its foreground (the footer
    /// shows them; cbreak mode until ``stopControls()``), lines when stdin is not a terminal
    /// (a script, a test; EOF ends them), nothing in a background job.
    public func readControls(_ send: @escaping @Sendable (HostCommand) -> Void) {
        let foreground = POSIX.stdinIsForegroundTerminal
        guard foreground || isatty(STDIN_FILENO) != 1 else { return }
        let input = KeyInput(mode: foreground ? .keys : .text)
        keys.withLock { $0 = input }
        let writer = screen.writer
        if foreground {
            let text = controls.withLock { $0.footer(wanted: screen.wantsGameKeys) }
            footer.withLock { $0 = text }
            writer.footer(text)
        }
        input.start { [self] key in
            let players = roster.withLock { $0.peers }
            let outcome: HostControls.Outcome
            if foreground {
                outcome = controls.withLock { $0.key(key, players: players) }
            } else if case .other(let line) = key {
                outcome = controls.withLock { $0.line(line, players: players) }
            } else {
                outcome = .nothing
            }
            switch outcome {
            case .command(let command): send(command)
            case .say(let text): writer.line("host: \(text)")
            case .nothing: break
            }
        }
    }

    /// Puts the terminal back as it was; the status line (footer, countdown) goes for good.
    public func stopControls() {
        keys.withLock { $0 }?.restore()
        screen.writer.finish()
    }
}

/// Runs a ``GameHost`` with its ``HostTerminal`` reading the host's controls meanwhile (the
/// service `serve` runs for a game).
public struct ControlledGameHost<Screen: GameHostScreen>: Service {
    /// The game's runner.
    public let host: GameHost<Screen.Table>
    /// The host's terminal (its observer).
    public let terminal: HostTerminal<Screen>

    /// `host`, controlled from `terminal`.
    public init(host: GameHost<Screen.Table>, terminal: HostTerminal<Screen>) {
        self.host = host
        self.terminal = terminal
    }

    public func run() async {
        let host = self.host
        terminal.readControls { host.command($0) }
        defer { terminal.stopControls() }
        await host.run()
    }
}
