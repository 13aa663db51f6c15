import GameRuntime
import Vocabulary

/// A player's side of Pong: ``GamePlayer`` keeps the ``PongPlayerState``; this adds the one
/// action, asking for the paddle somewhere.
public typealias PongPlayer = GamePlayer<PongPlayerState>

extension GamePlayer where Model == PongPlayerState {
    /// The side this player plays in the current game (nil: it watches, or no game yet).
    public var side: Side? { model.roles?.side(of: me.id) }
    /// Whether this player has a paddle in a game under way, not paused.
    public var isPlaying: Bool {
        let model = self.model
        return model.final == nil && !model.paused && model.roles?.side(of: me.id) != nil
    }

    /// Asks for this player's paddle's centre at `y` (clamped to the court here too); nothing
    /// is sent unless it plays. Returns the position asked for.
    @discardableResult
    public func movePaddle(to y: Double) -> Double? {
        guard isPlaying else { return nil }
        let wanted = Court.clampPaddle(y)
        update { $0.wanted = wanted }
        sendIntent(PaddleIntent(y: wanted))
        return wanted
    }

    /// Moves the paddle's wish by `delta` units from the last wish (or from where the paddle is).
    @discardableResult
    public func movePaddle(by delta: Double) -> Double? {
        let model = self.model
        guard let side = self.side else { return nil }
        let from = model.wanted ?? model.court?.paddles[side] ?? Court.height / 2
        return movePaddle(to: from + delta)
    }

    /// The one place intents are sent from: as the latest state of key `paddle` (over datagrams
    /// where they pass, else coalesced on the link: only the newest matters).
    private func sendIntent(_ intent: PaddleIntent) {
        sendState(PongClientMessage.paddle(intent), key: "paddle")
    }
}
