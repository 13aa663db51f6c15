import Testing

import GameRuntime
import Vocabulary

@Suite struct GameRegistrationOptionsTests {
    static let points = GameOption("points", kind: .integer(1...99), help: "Points that win.")
    static let flips = GameOption("max-flips", kind: .integer(1...Int.max), help: "Flips.")
    static let pong = registration("pong", title: "Pong", options: [points])
    static let snap = registration("snap", title: "Snap!", options: [flips])
    static let other = registration("other", title: "Other", options: [points])
    static let lobby = registration("lobby", title: "Lobby", options: [])

    static func registration(_ name: String, title: String, options: [GameOption]) -> GameRegistration {
        GameRegistration(
            name: GameName(rawValue: name), title: title, summary: "", options: options,
            host: { _ throws(SetupError) in throw SetupError("not in these tests") }, play: { _, _ in .userQuit })
    }

    private func refusal(_ arguments: [String], for game: GameRegistration, among games: [GameRegistration]) -> String? {
        do {
            _ = try game.options(from: arguments, among: games)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func anotherGamesOptionNamesTheGameItNeeds() {
        #expect(refusal(["--points", "3"], for: Self.snap, among: [Self.lobby, Self.snap, Self.pong])
            == "--points is Pong's option: it needs --game pong")
        #expect(refusal(["--max-flips", "3"], for: Self.lobby, among: [Self.lobby, Self.snap, Self.pong])
            == "--max-flips is Snap!'s option: it needs --game snap")
        #expect(refusal(["--points", "3"], for: Self.snap, among: [Self.snap, Self.pong, Self.other])
            == "--points is an option of Pong and Other: it needs --game pong or --game other")
    }

    @Test func anOptionOfNoGameIsUnknown() {
        #expect(refusal(["--pionts", "3"], for: Self.pong, among: [Self.snap, Self.pong])
            == "Unknown option '--pionts': Pong's options are --points")
    }

    @Test func theGamesOwnOptionsAreRead() throws {
        #expect(try Self.pong.options(from: ["--points", "7"], among: [Self.snap, Self.pong]).integer(Self.points) == 7)
    }

    @Test func theLobbyStartsNoGame() {
        #expect(throws: SetupError.self) { try GameRegistration.lobby.host(GameSetup(capacity: 4, startRule: .whenFull)) }
        #expect(throws: Never.self) { try GameRegistration.lobby.host(GameSetup(capacity: 4)) }
    }
}
