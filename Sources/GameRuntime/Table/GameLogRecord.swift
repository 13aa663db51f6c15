import Logging

/// A line a game wants in the host's log for one of its effects (``GameTable/logRecord(for:)``):
/// the runner writes it to its logger, so the game decides what is worth logging and the table
/// stays pure.
public struct GameLogRecord: Sendable {
    /// How important it is (info at most, as libraries log).
    public var level: Logger.Level
    /// A short message.
    public var message: Logger.Message
    /// The data, as metadata.
    public var metadata: Logger.Metadata

    /// A record.
    public init(_ level: Logger.Level, _ message: Logger.Message, _ metadata: Logger.Metadata = [:]) {
        self.level = level
        self.message = message
        self.metadata = metadata
    }
}
