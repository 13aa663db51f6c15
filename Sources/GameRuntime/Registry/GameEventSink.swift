/// Whoever watches a host's games besides its terminal (the TV page's feed): it is shown every
/// ``GameHostEvent`` of whatever game runs.
public protocol GameEventSink: Sendable {
    /// One event of the game.
    func publish<Table: GameTable>(_ event: GameHostEvent<Table>)
}
