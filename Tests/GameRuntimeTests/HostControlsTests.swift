import GameRuntime
import Matchmaking
import Testing

/// What the host's keys and lines mean.
@Suite struct HostControlsTests {
    let players = [ann, bob, Peer(id: PeerID(rawValue: 12), name: "Dot")]

    @Test func eachKeyIsACommand() {
        var controls = HostControls()
        let keys: [(KeyInput.Key, HostCommand)] = [
            (.other("s"), .startNow), (.other("n"), .skip), (.other("p"), .pause), (.other("u"), .unpause), (.other("e"), .end),
            (.other("r"), .rematch), (.other("S"), .startNow), (.other("y"), .mark(right: true)), (.other("x"), .mark(right: false)),
        ]
        for (key, command) in keys { #expect(controls.key(key, players: players) == .command(command), "\(key)") }
        #expect(controls.key(.other("z"), players: players) == .nothing)
        #expect(controls.key(.quit, players: players) == .say("(Ctrl-C stops the host)"))
        #expect(controls.key(.other("?"), players: players) == .say(HostControls.footer))
        #expect(HostControls.footer == "keys: [s] start  [n] skip  [p] pause  [u] unpause  [k] kick  [e] end  [r] rematch")
        // While an answer awaits the host's mark, the marking keys come first.
        #expect(HostControls.footer(marking: false) == HostControls.footer)
        #expect(HostControls.footer(marking: true) == "keys: [y] right  [x] wrong  [n] skip  [p] pause  [u] unpause  [k] kick  [e] end")
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
            ("right", .command(.mark(right: true))), (" Wrong", .command(.mark(right: false))),
            ("kick bob", .command(.kick(bob.id))), ("kick 12", .command(.kick(PeerID(rawValue: 12)))), ("kick  Dot ", .command(.kick(PeerID(rawValue: 12)))),
            ("kick", .say("kick: say whom: kick NAME or kick ID")), ("kick Zed", .say("kick: nobody here is called Zed")), ("", .nothing),
            ("resume", .say("unknown command \"resume\"; " + HostControls.lineHelp)),
        ]
        for (line, outcome) in lines { #expect(HostControls.line(line, players: players) == outcome, "\(line)") }
    }
}
