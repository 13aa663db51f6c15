import GameRuntime
import Vocabulary

/// The host's terminal during Snap! (a TV for the room), beside what ``HostTerminal`` prints:
/// how games start, the lobby, every event and the table, refusals, and the winner. The replay
/// log is another observer of the same events (the table's notes).
public struct SnapHostScreen: GameHostScreen {
    public typealias Table = SnapTable

    public let writer: ScreenWriter
    private let countdown: Countdown

    /// A screen writing through `writer`.
    public init(writer: ScreenWriter = .standard) {
        self.writer = writer
        self.countdown = Countdown(writer: writer)
    }

    /// The first lines: how games start, and the flip limit (then, with a scheduled start, the
    /// lobby's countdown from the table's ``SnapTable/opened(at:)``).
    public func announce(_ table: SnapTable) {
        writer.lines(["snap: \(LobbyText.start(table.lobby)); flip limit \(table.rules.settings.maxFlips)"] + LobbyText.empty(table.lobby))
    }

    public func show(_ message: SnapServerMessage, to recipients: [PeerID], roster: Roster) {
        switch message {
        case .refused(let refused):
            writer.line("refused: \(recipients.map(\.description).joined(separator: ",")) \(refused.action ?? "?") (\(refused.reason.rawValue))")
        case .table(let state):
            if state.event.type == "deal" { countdown.stop() }
            writer.lines(SnapText.table(state))
        case .lobby(let status):
            writer.line(SnapText.lobby(status))
            countdown.lobby(status)
        case .gameOver(let final):
            writer.lines(SnapText.gameOver(final) + [LobbyText.backInLobby])
        case .pause(let status):
            writer.line(status.line)
        }
    }
}
