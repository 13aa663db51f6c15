import GameRuntime
import Vocabulary

/// A player's (or a watcher's) terminal during Pong, beside what ``PlayerTerminal`` prints: who
/// plays which side and which this one is, each point, the result; on a terminal the court,
/// drawn in place at the top. A person moves its paddle with w or the up arrow and s or the
/// down arrow (``step`` units a press).
public struct PongPlayerScreen: GamePlayerScreen {
    public typealias Model = PongPlayerState

    /// How far a key press moves the paddle's wish (a sixth of the court's height).
    public static let step = Court.height / 12

    public let writer: ScreenWriter
    public let instructions: [PlayerControl: String]
    private let countdown: Countdown
    private let display: CourtDisplay
    private let announced = RolesSeen()

    /// A screen writing through `writer`.
    public init(writer: ScreenWriter = .standard) {
        self.writer = writer
        self.countdown = Countdown(writer: writer)
        self.display = CourtDisplay(writer: writer)
        instructions = [
            .bot: "pong: playing as a bot", .keys: "pong: w or the up arrow moves your paddle up, s or the down arrow down, q leaves",
            .lines: "pong: type w (up) or s (down) and Enter to move your paddle, /quit to leave",
        ]
    }

    public func show(_ message: PongServerMessage, player: PongPlayer) {
        let model = player.model
        switch message {
        case .court(let court):
            display.show(court, roles: model.roles, paused: model.paused)
        case .roles(let roles):
            guard announced.current != roles else { return }  // told again (back from away): nothing new
            announced.current = roles
            countdown.stop()
            writer.lines([PongText.roles(roles), roles.side(of: player.me.id).map { "you are \($0.rawValue)" } ?? "watching"])
        case .point(let point):
            writer.line(PongText.point(point, model.roles))
        case .gameOver(let final):
            display.stop()
            announced.current = nil
            let mine = final.roles.side(of: player.me.id) != nil
            writer.lines([PongText.gameOver(final)] + (mine ? [final.winner == player.me.id ? "you: won" : "you: lost"] : []))
        case .lobby(let status):
            writer.line(PongText.lobby(status))
            countdown.lobby(status)
        case .pause(let status):
            writer.line(status.line)
            if let court = model.court { display.show(court, roles: model.roles, paused: status.paused, force: true) }
        case .refused(let refused):
            writer.line(PongText.refused(refused))
        }
    }

    public func stop() {
        countdown.stop()
        display.stop()
    }

    public func handle(_ key: KeyInput.Key, player: PongPlayer) {
        switch key {
        case .arrow(.up): player.movePaddle(by: -Self.step)
        case .arrow(.down): player.movePaddle(by: Self.step)
        case .other(let text) where ["w", "k"].contains(text.lowercased()): player.movePaddle(by: -Self.step)
        case .other(let text) where ["s", "j"].contains(text.lowercased()): player.movePaddle(by: Self.step)
        default: break
        }
    }
}
