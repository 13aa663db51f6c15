// The words the session shares with the games (ids, reasons, payloads, clocks, the session as a
// game sees it) are the Vocabulary module's; whoever imports Matchmaking speaks them too.
@_exported import Vocabulary

extension HostSession: GameHostSession {}
extension PlayerSession: GamePlayerSession {}
