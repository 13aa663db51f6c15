import GameRuntime
import Testing
import Vocabulary

@testable import Punchline

let ann = Peer(id: PeerID(rawValue: 1), name: "Ann")
let bob = Peer(id: PeerID(rawValue: 2), name: "Bob")
let cy = Peer(id: PeerID(rawValue: 3), name: "Cy")
let dot = Peer(id: PeerID(rawValue: 4), name: "Dot")

func at(_ seconds: Double) -> GameMoment { GameMoment(now: Int64(seconds * 1_000_000)) }

extension Array where Element == PunchlineTable.Effect {
    /// The messages sent (and told again), with their recipients.
    var sent: [(PunchlineServerMessage, [PeerID])] {
        compactMap { effect in
            switch effect {
            case .announce(let message, let to), .send(let message, let to), .retell(let message, let to): (message, to)
            default: nil
            }
        }
    }
    var ballot: Ballot? { sent.lazy.compactMap { if case .ballot(let ballot) = $0.0 { ballot } else { nil } }.first }
    var reveal: Reveal? { sent.lazy.compactMap { if case .reveal(let reveal) = $0.0 { reveal } else { nil } }.first }
    var final: Final? { sent.lazy.compactMap { if case .gameOver(let final) = $0.0 { final } else { nil } }.first }
    var refusal: PunchlineRefusal? { sent.lazy.compactMap { if case .refused(let refused) = $0.0 { refused.reason } else { nil } }.first }
    var yours: [PeerID: String] {
        Dictionary(sent.compactMap { if case .yours(let yours) = $0.0 { ($0.1[0], yours.letter) } else { nil } }, uniquingKeysWith: { $1 })
    }
}

/// A table with `players` in a game (started by the host at second 0).
func started(_ players: [Peer] = [ann, bob, cy], settings: PunchlineSettings = PunchlineSettings()) -> PunchlineTable {
    var table = PunchlineTable(rules: PunchlineRules(settings: settings, seed: 7), startRule: .whenFull, capacity: 10)
    for player in players { _ = table.joined(player, at: at(0)) }
    #expect(table.command(.startNow, at: at(0)).first == .gameStarted(lateJoinersAllowed: true))
    return table
}

func answer(_ table: inout PunchlineTable, _ player: Peer, _ text: String, at seconds: Double = 1) -> [PunchlineTable.Effect] {
    table.received(.answer(AnswerGiven(round: table.round?.round ?? 1, text: text)), from: player.id, arrivedAt: 0, at: at(seconds))
}

func vote(_ table: inout PunchlineTable, _ player: Peer, _ letter: String, at seconds: Double = 2) -> [PunchlineTable.Effect] {
    table.received(.vote(VoteGiven(round: table.round?.round ?? 1, letter: letter)), from: player.id, arrivedAt: 0, at: at(seconds))
}

@Suite struct AnswerTextTests {
    @Test func answersAreNormalizedTrimmedAndBounded() {
        #expect(AnswerText.check("  Cafe\u{301} au lait ") == .success("Caf\u{E9} au lait"))
        #expect(AnswerText.check("Caf\u{E9}").map { Array($0.unicodeScalars) } == .success(["C", "a", "f", "\u{E9}"]))
        #expect(AnswerText.check("   ") == .failure(.empty))
        #expect(AnswerText.check("two\nlines") == .failure(.controlCharacters))
        #expect(AnswerText.check("tab\there") == .failure(.controlCharacters))
        #expect(AnswerText.check("\u{1B}[31mred") == .failure(.controlCharacters))
        #expect(AnswerText.check("evil\u{202E}txet") == .failure(.controlCharacters))  // a bidi override
        #expect(AnswerText.check("👩‍👩‍👧 family") == .success("👩‍👩‍👧 family"))  // joiners stay
        #expect(AnswerText.check(String(repeating: "a", count: 80)).map(\.count) == .success(80))
        #expect(AnswerText.check(String(repeating: "a", count: 81)) == .failure(.tooLong))
        #expect(AnswerText.check("a" + String(repeating: "\u{301}", count: 400)) == .failure(.tooLong))  // one character, 801 bytes
        #expect(AnswerText.sentence(.tooLong) == "an answer is at most 80 characters")
    }

    @Test func theBankHasOverAHundredDistinctPrompts() {
        #expect(PromptBank.prompts.count >= 100)
        #expect(Set(PromptBank.prompts).count == PromptBank.prompts.count)
        #expect(PromptBank.prompts.allSatisfy { AnswerText.check($0) == .success($0) })
    }
}

@Suite struct PunchlineRulesTests {
    @Test func aRoundGoesFromWritingToVotingToResults() throws {
        var table = started()
        let game = try #require(table.round)
        #expect(game.prompts.count == 3 && Set(game.prompts).count == 3)
        #expect(table.nextWake == 75_000_000)
        // Answers come in; each author hears it counts, everyone who writes, and the host its author.
        let first = answer(&table, ann, "A very confused penguin")
        #expect(first.contains(.note(.answer(round: 1, author: ann.id, name: "Ann", text: "A very confused penguin"))))
        #expect(first.contains(.announce(.written(WritingProgress(round: 1, written: [ann.id])), to: [ann.id, bob.id, cy.id])))
        _ = answer(&table, ann, "Exactly one sock")  // changed: still one answer
        _ = answer(&table, bob, "Three ducks")
        let last = answer(&table, cy, "A kazoo")
        // Everyone wrote: voting at once, the ballot to all, each author its letter.
        let ballot = try #require(last.ballot)
        #expect(Set(ballot.answers.map(\.text)) == ["Exactly one sock", "Three ducks", "A kazoo"])
        #expect(ballot.answers.map(\.letter) == ["A", "B", "C"])
        let letters = last.yours
        #expect(letters.count == 3)
        // Nobody votes for their own; a letter off the ballot is refused.
        #expect(vote(&table, ann, letters[ann.id]!).refusal == .ownAnswer)
        #expect(vote(&table, ann, "Z").refusal == .noSuchAnswer)
        // Ann and Cy vote Bob's, Bob votes Cy's: the round's results.
        _ = vote(&table, ann, letters[bob.id]!)
        _ = vote(&table, cy, letters[bob.id]!)
        let done = vote(&table, bob, letters[cy.id]!)
        let reveal = try #require(done.reveal)
        // Everyone else who voted chose Bob's: a clean sweep.
        #expect(reveal.results.first?.author == bob.id && reveal.results.first?.votes == 2 && reveal.results.first?.sweep == true)
        #expect(reveal.results.first?.points == 2 * 100 + 250)
        #expect(reveal.scores.map(\.points) == [450, 100, 0])
        // The results stay up, then the next round's prompt.
        let nextRound = table.woke(at: at(2 + 12))
        #expect(nextRound.sent.contains { if case .prompt(let asked) = $0.0 { asked.round == 2 } else { false } })
    }

    @Test func aCleanSweepEarnsTheBonusAndTheAudienceCountsForAQuarter() throws {
        var settings = PunchlineSettings()
        settings.maxWriters = 3
        var table = started([ann, bob, cy, dot], settings: settings)  // Dot watches
        #expect(table.round?.playerIDs == [ann.id, bob.id, cy.id])
        #expect(answer(&table, dot, "me too").refusal == .notWriting)
        _ = answer(&table, ann, "one")
        _ = answer(&table, bob, "two")
        let letters = answer(&table, cy, "three").yours
        _ = vote(&table, dot, letters[ann.id]!)  // the audience does not hold voting up
        _ = vote(&table, ann, letters[bob.id]!)
        _ = vote(&table, bob, letters[ann.id]!)
        let reveal = try #require(vote(&table, cy, letters[ann.id]!).reveal)
        let top = try #require(reveal.results.first)
        #expect(top.author == ann.id && top.votes == 2 && top.audienceVotes == 1 && top.sweep)
        #expect(top.points == 2 * 100 + 25 + 250)
    }

    @Test func threeRoundsThenGameOverWithTheWinnerAndThePlayersBackInTheLobby() throws {
        var table = started([ann, bob])
        var now = 0.0
        for _ in 1...3 {
            _ = answer(&table, ann, "ann's", at: now + 1)
            let letters = answer(&table, bob, "bob's", at: now + 1).yours
            _ = vote(&table, bob, letters[ann.id]!, at: now + 2)
            _ = vote(&table, ann, letters[bob.id]!, at: now + 2)
            now += 2
            let after = table.woke(at: at(now + 12))
            now += 12
            if let final = after.final {
                #expect(final.ended == "rounds" && Set(final.winners) == [ann.id, bob.id])
                #expect(after.contains(.gameEnded))
            }
        }
        #expect(table.round == nil && table.lobby.waiting.map(\.id) == [ann.id, bob.id])
    }

    @Test func deadlinesCloseEachPhaseAndPausingMovesThem() throws {
        var table = started([ann, bob, cy])
        _ = answer(&table, ann, "only one")
        #expect(table.command(.pause, at: at(10)).sent.first?.0 == .pause(PauseStatus(paused: true)))
        #expect(table.nextWake == nil)
        #expect(answer(&table, bob, "late", at: 11).refusal == .paused)
        let goOn = table.command(.unpause, at: at(20))
        #expect(goOn.sent.first?.0 == .pause(PauseStatus(paused: false, deadline: 85_000_000, leftMs: 65_000)))
        // One answer is nothing to vote on: the results at once.
        let closed = table.woke(at: at(85))
        #expect(closed.ballot == nil && closed.reveal?.results.map(\.author) == [ann.id])
    }

    @Test func theHostHidesAnAnswerBeforeTheRoomSeesIt() throws {
        var table = started([ann, bob, cy])
        _ = answer(&table, ann, "rude")
        let hide = HostCommand.game(GameCommand("hide", ["player": .integer(1)]))
        #expect(table.command(hide, at: at(2)) == [])
        #expect(table.command(hide, at: at(2)).first == .refused(CommandRefusal(hide, .badArgument("player: the id of a player whose answer is in and not yet in the results"))))
        let noArgument = HostCommand.game(GameCommand("hide"))
        #expect(table.command(noArgument, at: at(2)) == [.refused(CommandRefusal(noArgument, .badArgument("player: the id of a player whose answer is in")))])
        _ = answer(&table, bob, "fine")
        let ballot = try #require(answer(&table, cy, "also fine").ballot)
        #expect(ballot.answers.map(\.text).sorted() == ["also fine", "fine"])
        // While voting: Bob's leaves the ballot, which is sent again; two answers are needed, so the results come.
        let hideBob = HostCommand.game(GameCommand("hide", ["player": .integer(2)]))
        let after = table.command(hideBob, at: at(3))
        #expect(after.reveal?.results.map(\.author) == [cy.id])
        // A command the game does not have.
        let jump = HostCommand.game(GameCommand("jump"))
        #expect(table.command(jump, at: at(4)) == [.refused(CommandRefusal(jump, .unknownCommand(known: ["hide"])))])
    }

    @Test func leavingWatchersAndComebacks() throws {
        var table = started([ann, bob, cy])
        // A watcher who comes now sees the prompt, and the lobby.
        let arrived = table.joined(dot, at: at(1))
        #expect(arrived.sent.contains { if case .prompt = $0.0 { $0.1 == [dot.id] } else { false } })
        // Back after a dropped link: the round again, as a retell.
        let back = table.back(bob, at: at(2))
        #expect(back.allSatisfy { if case .retell = $0 { true } else { false } } && !back.isEmpty)
        // With fewer than two writers the game is over.
        _ = table.left(cy, reason: .userQuit, at: at(3))
        let over = table.left(bob, reason: .userQuit, at: at(4))
        #expect(over.final?.ended == "tooFewPlayers" && over.contains(.gameEnded))
        #expect(table.received(.answer(AnswerGiven(round: 1, text: "x")), from: ann.id, arrivedAt: 0, at: at(5)).refusal == .noGame)
        #expect(table.received(nil, from: ann.id, arrivedAt: 0, at: at(5)).refusal == .malformed)
    }

    @Test func messagesReadAsDocumented() throws {
        let answer = try JSONValue(encoding: PunchlineClientMessage.answer(AnswerGiven(round: 1, text: "hi")))
        #expect(answer == .object(["kind": .string("answer"), "round": .integer(1), "text": .string("hi")]))
        #expect(try answer.decode(PunchlineClientMessage.self) == .answer(AnswerGiven(round: 1, text: "hi")))
        let vote = try JSONValue.object(["kind": .string("vote"), "round": .integer(2), "letter": .string("B")]).decode(PunchlineClientMessage.self)
        #expect(vote == .vote(VoteGiven(round: 2, letter: "B")))
        #expect(throws: DecodingError.self) { try JSONValue.object(["kind": .string("shout")]).decode(PunchlineClientMessage.self) }
    }

    /// A seeded random walk of players writing, voting, leaving and coming, and the host's
    /// commands: whatever happens, a ballot never shows its author's name, nobody is credited a
    /// vote for its own answer, the game ends, and the scores only grow.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64]) func randomWalk(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var settings = PunchlineSettings()
        settings.maxWriters = 3
        var table = PunchlineTable(rules: PunchlineRules(settings: settings, seed: seed), startRule: .after(1_000_000), capacity: 6)
        let everyone = [ann, bob, cy, dot, Peer(id: PeerID(rawValue: 5), name: "Eve")]
        var present: [Peer] = []
        var now = 0.0
        var games = 0
        for step in 0..<1500 {
            now += Double(pick(4000)) / 1000
            let moment = at(now)
            var effects: [PunchlineTable.Effect] = []
            let absent = everyone.filter { !present.contains($0) }
            switch pick(9) {
            case 0 where !absent.isEmpty:
                let peer = absent[pick(absent.count)]
                present.append(peer)
                effects = table.joined(peer, at: moment)
            case 1 where present.count > 2 && pick(4) == 0:
                effects = table.left(present.remove(at: pick(present.count)), reason: .userQuit, at: moment)
            case 2 where !present.isEmpty, 3 where !present.isEmpty:
                effects = answer(&table, present[pick(present.count)], ["ok", "", "line\nbreak", String(repeating: "x", count: 90)][pick(4)], at: now)
            case 4 where !present.isEmpty, 5 where !present.isEmpty:
                effects = vote(&table, present[pick(present.count)], ["A", "B", "C", "D"][pick(4)], at: now)
            case 6:
                let commands: [HostCommand] = [.skip, .pause, .unpause, .end, .startNow, .game(GameCommand("hide", ["player": .integer(Int64(pick(6)))]))]
                effects = table.command(commands[pick(commands.count)], at: moment)
            default:
                if let wake = table.nextWake, wake <= moment.now { effects = table.woke(at: moment) }
            }
            if effects.contains(.gameEnded) { games += 1 }
            if let reveal = effects.reveal {
                #expect(reveal.scores.allSatisfy { $0.points >= 0 }, "step \(step)")
                #expect(reveal.results.allSatisfy { $0.points == $0.votes * 100 + $0.audienceVotes * 25 + ($0.sweep ? 250 : 0) }, "step \(step)")
            }
            if let game = table.round {
                #expect(game.votes.allSatisfy { $0.key != $0.value } && game.audienceVotes.allSatisfy { $0.key != $0.value }, "step \(step)")
                #expect(game.players.count >= 2, "step \(step)")
            }
        }
        #expect(games > 0)
    }
}
