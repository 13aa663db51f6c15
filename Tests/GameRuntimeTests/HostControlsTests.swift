import GameRuntime
import Matchmaking
import Testing

/// What the host's keys and lines mean.
@Suite struct HostControlsTests {
    let players = [ann, bob, Peer(id: PeerID(rawValue: 12), name: "Dot")]
    /// A game's own keys (trivia's marks, as the game declares them).
    static let marks = [true, false].map { right in
        GameCommandKey(key: right ? "y" : "x", word: right ? "right" : "wrong", label: right ? "right" : "wrong", command: GameCommand("mark", ["right": .bool(right)]))
    }
    static func mark(_ right: Bool) -> HostCommand { .game(marks[right ? 0 : 1].command) }

    @Test func eachKeyIsACommand() {
        var plain = HostControls()
        #expect(plain.key(.other("y"), players: players) == .nothing)  // no game keys: y is no key
        var controls = HostControls(gameKeys: Self.marks)
        let keys: [(KeyInput.Key, HostCommand)] = [
            (.other("s"), .startNow), (.other("n"), .skip), (.other("p"), .pause), (.other("u"), .unpause), (.other("e"), .end),
            (.other("r"), .rematch), (.other("S"), .startNow), (.other("y"), Self.mark(true)), (.other("x"), Self.mark(false)),
        ]
        for (key, command) in keys { #expect(controls.key(key, players: players) == .command(command), "\(key)") }
        #expect(controls.key(.other("z"), players: players) == .nothing)
        #expect(controls.key(.quit, players: players) == .say("(Ctrl-C stops the host)"))
        #expect(controls.key(.other("?"), players: players) == .say(controls.footer(wanted: true)))
        #expect(HostControls.footer == "keys: [s] start  [n] skip  [p] pause  [u] unpause  [k] kick  [e] end  [r] rematch")
        // While the game wants its keys (an answer awaits the host's mark), they come first.
        #expect(controls.footer(wanted: false) == HostControls.footer)
        #expect(controls.footer(wanted: true) == "keys: [y] right  [x] wrong  [n] skip  [p] pause  [u] unpause  [k] kick  [e] end")
        #expect(plain.footer(wanted: true) == HostControls.footer)
        #expect(controls.line(of: Self.mark(true)) == "mark right" && controls.line(of: .pause) == "pause")
    }

    @Test func kickAsksForTheIdAndTakesItAsSoonAsItNamesOnePlayer() {
        var controls = HostControls()
        #expect(controls.key(.other("k"), players: players) == .say("kick which player? 1 Ann, 2 Bob, 12 Dot (type the id; any other key cancels)"))
        #expect(controls.key(.answer(1), players: players) == .command(.kick(bob.id)))  // `2`: only Bob's id starts so
        #expect(controls.kickDigits == nil)
        // `1` could be Ann or Dot (12): one more digit, or Enter.
        _ = controls.key(.other("k"), players: players)
        #expect(controls.key(.answer(0), players: players) == .nothing)
        #expect(controls.key(.answer(1), players: players) == .command(.kick(PeerID(rawValue: 12))))
        _ = controls.key(.other("k"), players: players)
        _ = controls.key(.answer(0), players: players)
        #expect(controls.key(.other("\n"), players: players) == .command(.kick(ann.id)))
        // No such id, or another key: nothing is kicked, and the keys mean commands again.
        _ = controls.key(.other("k"), players: players)
        #expect(controls.key(.answer(8), players: players) == .say("kick: no player has id 9"))
        _ = controls.key(.other("k"), players: players)
        #expect(controls.key(.other("s"), players: players) == .say("kick: cancelled"))
        #expect(controls.key(.other("s"), players: players) == .command(.startNow))
        #expect(controls.key(.other("k"), players: []) == .say("kick: nobody is here"))
        #expect(controls.key(.other("0"), players: []) == .nothing)
    }

    @Test func linesNameTheCommandsAndKickTakesANameOrAnId() {
        let lines: [(String, HostControls.Outcome)] = [
            ("start", .command(.startNow)), (" skip ", .command(.skip)), ("next", .command(.skip)), ("PAUSE", .command(.pause)),
            ("unpause", .command(.unpause)), ("end", .command(.end)), ("rematch", .command(.rematch)),
            ("right", .command(Self.mark(true))), (" Wrong", .command(Self.mark(false))),
            ("kick bob", .command(.kick(bob.id))), ("kick 12", .command(.kick(PeerID(rawValue: 12)))), ("kick  Dot ", .command(.kick(PeerID(rawValue: 12)))),
            ("kick", .say("kick: say whom: kick NAME or kick ID")), ("kick Zed", .say("kick: nobody here is called Zed")), ("", .nothing),
            ("resume", .say("unknown command \"resume\"; commands: start, skip, pause, unpause, kick NAME (or kick ID), end, rematch, right, wrong")),
        ]
        let controls = HostControls(gameKeys: Self.marks)
        for (line, outcome) in lines { #expect(controls.line(line, players: players) == outcome, "\(line)") }
        // A game command that names a player (a line only: no key), by name or id.
        let hide = GameCommandKey(key: nil, word: "hide", label: "hide", command: GameCommand("hide"), argument: "player")
        let hiding = HostControls(gameKeys: [hide])
        #expect(hiding.line("hide bob", players: players) == .command(.game(GameCommand("hide", ["player": .integer(2)]))))
        #expect(hiding.line("hide 12", players: players) == .command(.game(GameCommand("hide", ["player": .integer(12)]))))
        #expect(hiding.line("hide", players: players) == .say("hide: say whom: hide NAME or hide ID"))
        #expect(hiding.line("hide Zed", players: players) == .say("hide: nobody here is called Zed"))
        #expect(hiding.footer(wanted: true) == HostControls.footer)  // no key to show
        #expect(hiding.lineHelp.hasSuffix("rematch, hide NAME (or hide ID)"))
    }
}
