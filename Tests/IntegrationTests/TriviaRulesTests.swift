import Matchmaking
import Testing
import Trivia

/// The trivia rules as clients over TCP see them, with scripted presses.
@Suite(.timeLimit(.minutes(1))) struct TriviaRulesTests {
    /// Starts a host for Ann, Bob and Cy and waits until each of them has question 1.
    func threePlayers(_ mode: TriviaMode, rounds: Int = 2, questionTime: Double = 5) async throws -> (TriviaTestHost, [ScriptedPlayer], QuestionAsked) {
        let trivia = try await TriviaTestHost.start(
            bank: rightOrWrongBank(5), mode: mode, capacity: 3, admitting: 6, rounds: rounds, questionTime: questionTime,
            resultTime: 1)  // the result stays up long enough to press into it on a loaded machine
        var players: [ScriptedPlayer] = []
        for name in ["Ann", "Bob", "Cy"] { players.append(ScriptedPlayer(try await trivia.host.join(name))) }
        var asked: QuestionAsked?
        for player in players { asked = await player.question(1) }
        return (trivia, players, try #require(asked))
    }

    func finish(_ trivia: TriviaTestHost, _ players: [ScriptedPlayer]) async {
        for player in players { await player.quit() }
        await trivia.stop()
    }

    @Test func timedAnswersMayChangeAndEveryoneAnsweringEndsTheQuestionEarly() async throws {
        let (trivia, players, asked) = try await threePlayers(.timed, questionTime: 20)
        let (ann, bob, cy) = (players[0], players[1], players[2])
        let started = ContinuousClock.now
        #expect(ann.player.press(asked.wrong).wasSent)
        _ = await ann.accepted(choice: asked.wrong)
        #expect(ann.player.press(asked.right).wasSent)  // changed
        _ = await ann.accepted(choice: asked.right)
        bob.player.press(asked.right)
        _ = await bob.accepted()
        cy.player.press(asked.wrong)
        let result = try #require(await cy.result(1))
        #expect(ContinuousClock.now - started < .seconds(10))  // not the 20 s deadline
        #expect(result.ended == .everyoneAnswered)
        #expect(Set(result.scored) == [ann.id, bob.id])
        #expect(ann.accepted.map(\.final) == [false, false])
        #expect(ann.accepted.map(\.choice) == [asked.wrong, asked.right])
        for player in players { #expect(await player.result(1) == result) }
        await finish(trivia, players)
    }

    @Test func theDeadlineEndsAQuestionNotEveryoneAnswered() async throws {
        let (trivia, players, asked) = try await threePlayers(.timed, questionTime: 1)
        players[0].player.press(asked.right)
        let started = ContinuousClock.now
        let result = try #require(await players[1].result(1))
        #expect(result.ended == .deadline)
        #expect(result.scored == [players[0].id])
        #expect(ContinuousClock.now - started > .milliseconds(500))
        // The device refuses presses once the result is in; the host refuses a raw one too.
        #expect(players[1].player.press(asked.right) == .noQuestion)
        try players[1].sendRaw(question: 1, choice: asked.right)
        #expect(await players[1].rejected() == .questionClosed)
        await finish(trivia, players)
    }

    @Test func badAnswersAreRejectedWithoutAffectingOthers() async throws {
        let (trivia, players, asked) = try await threePlayers(.first, questionTime: 5)
        let (ann, bob, cy) = (players[0], players[1], players[2])
        // Out of range, and a question not asked yet: refused, and Ann may still answer.
        try ann.sendRaw(question: 1, choice: 7)
        try ann.sendRaw(question: 2, choice: 0)
        // Bob answers wrong, then tries again: a second answer in `first` mode is refused.
        bob.player.press(asked.wrong)
        _ = await bob.accepted()
        try bob.sendRaw(question: 1, choice: asked.right)
        #expect(await bob.rejected() == .alreadyAnswered)
        #expect(await ann.rejected(.unknownQuestion) != nil)
        #expect(ann.rejections.map(\.reason) == [.invalidChoice, .unknownQuestion])
        // Ann wins the question; only the players concerned heard of the refusals.
        ann.player.press(asked.right)
        let result = try #require(await cy.result(1))
        #expect(result.scored == [ann.id])
        #expect(result.ended == .firstCorrect)
        #expect(cy.rejections.isEmpty)
        #expect(bob.rejections.map(\.reason) == [.alreadyAnswered])
        // Too late for question 1 now.
        try cy.sendRaw(question: 1, choice: asked.right)
        #expect(await cy.rejected() == .questionClosed)
        #expect(await ann.question(2) != nil)
        // A malformed trivia message is refused, and the connection stays.
        try cy.session.send(["kind": "answer", "question": "one"])
        #expect(await cy.rejected(.malformed) != nil)
        await finish(trivia, players)
    }

    @Test func aPlayerWhoDisconnectsMidQuestionNoLongerCounts() async throws {
        let (trivia, players, asked) = try await threePlayers(.first, questionTime: 20)
        let (ann, bob, cy) = (players[0], players[1], players[2])
        ann.player.press(asked.wrong)
        bob.player.press(asked.wrong)
        _ = await bob.accepted()
        await cy.quit()
        let result = try #require(await ann.result(1))
        #expect(result.ended == .everyoneAnswered)
        #expect(result.scoreboard.map(\.name).sorted() == ["Ann", "Bob"])
        await finish(trivia, [ann, bob])
    }

    @Test func aLateJoinerStartsAtZeroOnTheNextQuestionAndNamesStayUnique() async throws {
        let (trivia, players, asked) = try await threePlayers(.first, rounds: 2, questionTime: 20)
        let dee = ScriptedPlayer(try await trivia.host.join("Dee"))
        let info = try #require(await dee.wait { if case .game(let info) = $0 { info } else { nil } })
        #expect(info.firstQuestion == 2)
        #expect(info.scoreboard.first { $0.name == "Dee" }?.points == 0)
        // A name already in the game is refused.
        do {
            _ = try await trivia.host.join("ann")
            Issue.record("a second Ann was admitted")
        } catch {
            guard case .denied(.nameTaken, _, _) = error else { Issue.record("denied for \(error)"); return }
        }
        try dee.sendRaw(question: 1, choice: asked.right)
        #expect(await dee.rejected() == .notInThisQuestion)
        for player in players { player.player.press(asked.wrong) }
        #expect(try #require(await dee.result(1)).ended == .everyoneAnswered)
        let second = try #require(await dee.question(2))
        dee.player.press(second.right)
        let result = try #require(await players[0].result(2))
        #expect(result.scored == [dee.id])
        await finish(trivia, players + [dee])
    }
}
