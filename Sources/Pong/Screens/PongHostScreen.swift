import GameRuntime
import Vocabulary
import Synchronization

/// The host's terminal during Pong (a TV for the room), beside what ``HostTerminal`` prints:
/// how games start, the lobby, who plays which side, each point, pauses, refusals and the
/// winner; on a terminal the court too, drawn in place at the top.
public struct PongHostScreen: GameHostScreen {
    public typealias Table = PongTable

    public let writer: ScreenWriter
    private let countdown: Countdown
    private let display: CourtDisplay
    private let roles = RolesSeen()

    /// A screen writing through `writer`.
    public init(writer: ScreenWriter = .standard) {
        self.writer = writer
        self.countdown = Countdown(writer: writer)
        self.display = CourtDisplay(writer: writer)
    }

    /// The first lines: how games start, and the points that win.
    public func announce(_ table: PongTable) {
        writer.lines(["pong: \(LobbyText.start(table.lobby)); first to \(table.rules.settings.points) points"] + LobbyText.empty(table.lobby))
    }

    /// The court (the only state Pong sends), drawn in place on a terminal.
    public func show(state: PongServerMessage, key: String) {
        if case .court(let court) = state { display.show(court, roles: roles.current, paused: false) }
    }

    public func show(_ message: PongServerMessage, to recipients: [PeerID], roster: Roster) {
        switch message {
        case .court(let court):
            display.show(court, roles: roles.current, paused: false)
        case .roles(let new):
            guard roles.current != new else { return }  // told again to a late joiner
            roles.current = new
            countdown.stop()
            writer.line(PongText.roles(new))
        case .point(let point):
            writer.line(PongText.point(point, roles.current))
        case .gameOver(let final):
            display.stop()
            writer.lines([PongText.gameOver(final), LobbyText.backInLobby])
        case .lobby(let status):
            writer.line(PongText.lobby(status))
            countdown.lobby(status)
        case .pause(let status):
            writer.line(status.line)
        case .refused(let refused):
            writer.line("refused: \(recipients.map(\.description).joined(separator: ",")) paddle (\(refused.reason.rawValue))")
        }
    }
}

/// The roles a screen last announced (roles told again to a late joiner, or to a player back
/// from away, are not news). The screen's own record: a player's model runs ahead of its screen.
final class RolesSeen: Sendable {
    private let lock = Mutex<Roles?>(nil)
    var current: Roles? {
        get { lock.withLock { $0 } }
        set { lock.withLock { $0 = newValue } }
    }
}
