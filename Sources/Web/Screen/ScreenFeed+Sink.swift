import GameRuntime

/// The TV feed is shown every event of whatever game the host runs.
extension ScreenFeed: GameEventSink {}
