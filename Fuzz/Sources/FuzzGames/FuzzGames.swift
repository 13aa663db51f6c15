import Foundation
import FuzzKit
import GameRuntime
import Matchmaking
import Pong
import SnapGame
import Trivia

/// Each game's payload decoding, and what its table does with what a player may send: the
/// input picks a game (trivia in each mode, Snap!, Pong), then gives message bodies separated by
/// 0xFF (never in UTF-8). Each body is decoded as the game's client message (the host's side) and
/// handed to a table where two players sit, as its server message and as a lobby chat line (the
/// player's side); whatever decodes must encode and decode back to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let choice = input.byte()
    let bodies = input.rest.split(separator: 0xFF, omittingEmptySubsequences: false).map { Data($0) }
    switch choice % 5 {
    case 0, 1, 2:
        var settings = TriviaSettings()
        settings.mode = TriviaMode.allCases[Int(choice % 5) % TriviaMode.allCases.count]
        play(TriviaTable(bank: bank, settings: settings, startRule: .whenFull, capacity: 2), bodies, server: TriviaServerMessage.self)
    case 3:
        play(SnapTable(settings: SnapSettings(), capacity: 2, seed: UInt64(choice)), bodies, server: SnapServerMessage.self)
    default:
        play(PongTable(settings: try! PongSettings(points: 3, startRule: .whenFull), capacity: 2, seed: UInt64(choice)), bodies, server: PongServerMessage.self)
    }
    return 0
}

/// Parsed once: every trivia table of the run asks from it.
private let bank = QuestionBank.embedded()
private let players = [Peer(id: PeerID(rawValue: 1), name: "Ann"), Peer(id: PeerID(rawValue: 2), name: "Bob")]
/// One decoder and one encoder for the run (they keep no state between calls; making one per
/// body was a tenth of the time).
private let decoder = JSONDecoder()
private let encoder = JSONEncoder()

private func play<Table: GameTable, Server: Codable & Equatable>(_ table: Table, _ bodies: [Data], server: Server.Type)
where Table.ClientMessage: Codable & Equatable {
    var table = table
    var now: Int64 = 0
    for player in players { _ = table.joined(player, at: GameMoment(now: now)) }
    for (index, body) in bodies.enumerated() {
        now += 50_000
        let decoded: Table.ClientMessage?
        var isJSON = true
        do {
            decoded = try decoder.decode(Table.ClientMessage.self, from: body)
            roundTrips(decoded!)
        } catch {
            decoded = nil
            isJSON = !isNotJSON(error)
        }
        let from = players[index % players.count].id
        _ = table.received(decoded, from: from, arrivedAt: now, at: GameMoment(now: now))
        if let wake = table.nextWake, wake <= now + 30_000_000 {  // countdowns, question times, ticks
            now = max(now, wake)
            _ = table.woke(at: GameMoment(now: now))
        }
        guard isJSON else { continue }  // the other two would read the same bytes and refuse them alike
        if let message = try? decoder.decode(Server.self, from: body) { roundTrips(message) }
        if let chat = try? decoder.decode(LobbyMessage.self, from: body) { roundTrips(chat) }
    }
}

/// Whether `error` is the decoder's refusal of the bytes themselves: `JSONDecoder` reads the
/// whole text before it decodes a type, so text it refuses is refused for every type.
private func isNotJSON(_ error: Error) -> Bool {
    guard case DecodingError.dataCorrupted(let context) = error else { return false }
    return context.codingPath.isEmpty && context.debugDescription == "The given data was not valid JSON."
}

/// A decoded message encodes to JSON that decodes to the same message.
private func roundTrips<Message: Codable & Equatable>(_ message: Message) {
    let encoded: Data
    do {
        encoded = try encoder.encode(message)
    } catch {
        require(false, "\(message) decoded but does not encode: \(error)")
        return
    }
    let again = try? decoder.decode(Message.self, from: encoded)
    require(again == message, "\(message) encodes as \(String(decoding: encoded, as: UTF8.self)), which decodes as \(String(describing: again))")
}
