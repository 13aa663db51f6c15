import FoundationEssentials
import GameRuntime
import Matchmaking
import Testing

@testable import Trivia

/// Team mode on the host: the lobby tells the teams and takes choices (and refuses the wrong
/// ones, to their sender alone), a game places whoever has not chosen, results and the game over
/// rank the teams by their members' mean, late joiners are placed, a player back keeps its team,
/// and the teams last from game to game.
@Suite struct TeamModeTests {
    let ann = Fixture.ann, bob = Fixture.bob, cy = Fixture.cy, dee = Fixture.dee

    static func settings(_ placement: TeamPlacement = .choose, rounds: Int = 2) -> TriviaSettings {
        var settings = Game.settings(.timed)
        settings.rounds = rounds
        settings.teams = try! TeamPlan(list: "Red,Blue", placement: placement)
        return settings
    }

    static func table(_ placement: TeamPlacement = .choose, rule: StartRule = .after(Fixture.s(60)), capacity: Int = 8) -> TriviaTable {
        TriviaTable(bank: TriviaTableTests.bank, settings: settings(placement), startRule: rule, capacity: capacity, rng: SplitMix64(seed: 3))
    }

    /// The trivia lobby the effects tell (to everyone waiting, or to one player alone), and to whom.
    static func lobby(_ effects: [TriviaTable.Effect]) -> (lobby: TriviaLobby, to: [PeerID])? {
        for effect in effects { if let (message, to) = effect.told, case .lobby(let lobby) = message { return (lobby, to) } }
        return nil
    }

    static func choose(_ team: String, _ peer: Peer, _ table: inout TriviaTable, at now: Int64 = 0) -> [TriviaTable.Effect] {
        table.received(.team(TeamChoice(team: team)), from: peer.id, arrivedAt: now, at: GameMoment(now: now))
    }

    static func refusal(_ effects: [TriviaTable.Effect]) -> (AnswerRejected, [PeerID])? {
        for effect in effects { if case .send(.rejected(let rejected), let to) = effect { return (rejected, to) } }
        return nil
    }

    @Test func theLobbyTellsTheTeamsAndAChoiceTellsEveryoneWaiting() {
        var table = Self.table()
        _ = table.joined(ann, at: GameMoment(now: 0))
        let joined = Self.lobby(table.joined(bob, at: GameMoment(now: 0)))
        #expect(joined?.to == [bob.id], "the joiner at once")
        #expect(joined?.lobby.teams == [TeamLine(name: "Red", colour: 0, members: []), TeamLine(name: "Blue", colour: 1, members: [])])
        #expect(joined?.lobby.teamPlacement == .choose && joined?.lobby.choosing == [ann, bob])
        // The chooser hears its choice at once, everyone else waiting with the batch.
        let chose = Self.choose("red", ann, &table)
        #expect(Self.lobby(chose)?.to == [ann.id])
        #expect(Self.lobby(chose)?.lobby.teams?.map(\.members) == [[ann], []])
        #expect(Self.lobby(chose)?.lobby.choosing == [bob])
        #expect(Self.lobby(chose)?.lobby.status.startsInMs == 60_000, "the countdown goes on")
        #expect(table.nextWake == Fixture.ms(50), "due 50 ms after Bob's arrival opened the batch")
        let batch = Self.lobby(table.woke(at: GameMoment(now: Fixture.ms(50))))
        #expect(batch?.to == [bob.id], "Ann knows it already")
        #expect(batch?.lobby.teams?.map(\.members) == [[ann], []] && batch?.lobby.choosing == [bob])
        #expect(Self.choose("Red", ann, &table, at: Fixture.ms(60)).isEmpty, "already on it: nothing to tell")
        #expect(table.nextWake == Fixture.s(60), "and nothing owed")
    }

    /// A crowd arriving together (issue 26): each joiner is told the lobby alone at once, placed
    /// on its team; everyone waiting hears one status for the whole burst, with the count, the
    /// countdown and the teams as they are then; a countdown starting is told at once.
    @Test func aBurstOfJoinsCostsEachWaitingPlayerOneStatusWithTheTeamsAsTheyAre() throws {
        var table = Self.table(.placed, rule: .after(Fixture.s(10)), capacity: 400)
        let crowd = (1...30).map { Peer(id: PeerID(rawValue: UInt32(100 + $0)), name: "P\($0)") }
        let first = table.joined(crowd[0], at: GameMoment(now: 0))
        #expect(Self.lobby(first)?.to == [crowd[0].id] && first.count == 2, "the countdown starts: told at once (and its team)")
        #expect(first.first == .send(.yourTeam(YourTeam(team: 0)), to: [crowd[0].id]), "its team first: a terminal prints the status as it comes")
        if case .announce = first[1] {} else { Issue.record("a countdown starting is everyone's news: \(first)") }
        var told: [PeerID: Int] = [:]
        for (index, peer) in crowd.enumerated().dropFirst() {
            let now = Fixture.ms(Double(index))
            let effects = table.joined(peer, at: GameMoment(now: now))
            let own = try #require(Self.lobby(effects))
            #expect(effects.count == 2 && own.to == [peer.id], "\(peer.name): its own status and team, nobody else's")
            #expect(effects.first == .send(.yourTeam(YourTeam(team: table.rules.teams?.team(of: peer.id))), to: [peer.id]), "its team, then the status")
            #expect(own.lobby.status.players == index + 1 && own.lobby.status.startsInMs == (Fixture.s(10) - now) / 1000)
            #expect(table.rules.teams?.team(of: peer.id) != nil, "\(peer.name) placed as it arrived")
            for id in own.to { told[id, default: 0] += 1 }
        }
        #expect(table.nextWake == Fixture.ms(51), "the batch opened by the second arrival")
        let batch = try #require(Self.lobby(table.woke(at: GameMoment(now: Fixture.ms(51)))))
        #expect(batch.to == crowd.dropLast().map(\.id), "everyone waiting once, but the last joiner, told this already")
        #expect(batch.lobby.status == LobbyStatus(players: 30, capacity: 400, startRule: "after", startsInMs: 9_949))
        #expect(batch.lobby.teams?.map(\.size) == [15, 15] && batch.lobby.teams?.map(\.members.count) == [TeamLine.listed, TeamLine.listed])
        #expect(batch.lobby.teams == Self.lobby(table.back(crowd[0], at: GameMoment(now: Fixture.ms(51))))?.lobby.teams)
        #expect(told.values.allSatisfy { $0 == 1 })
        #expect(table.nextWake == Fixture.s(10), "nothing owed: the countdown is next")
    }

    @Test func aWrongChoiceIsRefusedToItsSenderAloneAndChangesNothing() {
        var table = Self.table()
        _ = table.joined(ann, at: GameMoment(now: 0))
        _ = Self.choose("Blue", ann, &table)
        let wrong = Self.choose("Green", ann, &table)
        #expect(wrong == [.send(.rejected(AnswerRejected(question: nil, choice: nil, reason: .unknownTeam, team: "Green", teams: ["Red", "Blue"])), to: [ann.id])])
        #expect(table.rules.teams?.team(of: ann.id) == 1)

        var placed = Self.table(.placed)
        _ = placed.joined(bob, at: GameMoment(now: 0))
        #expect(Self.refusal(Self.choose("Blue", bob, &placed))?.0.reason == .teamsPlaced)
        #expect(placed.rules.teams?.team(of: bob.id) == 0, "placed as it arrived")

        var plain = TriviaTableTests.table(.after(Fixture.s(60)))
        _ = plain.joined(cy, at: GameMoment(now: 0))
        #expect(Self.refusal(Self.choose("Red", cy, &plain))?.0.reason == .noTeams)
        #expect(Self.lobby(plain.joined(dee, at: GameMoment(now: 1)))?.lobby.teams == nil, "no teams, none told")
    }

    @Test func theStartPlacesWhoeverHasNotChosenAndTheGameTellsTheTeams() throws {
        var table = Self.table(rule: .whenFull, capacity: 4)
        for peer in [ann, bob, cy] { _ = table.joined(peer, at: GameMoment(now: 0)) }
        _ = Self.choose("Blue", ann, &table)
        _ = Self.choose("Blue", bob, &table)
        let started = table.joined(dee, at: GameMoment(now: 1))
        guard case .announce(.game(let info), _)? = started.first(where: { if case .announce(.game, _) = $0 { true } else { false } }) else {
            Issue.record("no game: \(started)")
            return
        }
        #expect(info.teams == [TeamLine(name: "Red", colour: 0, members: [cy, dee]), TeamLine(name: "Blue", colour: 1, members: [ann, bob])])
        #expect(table.rules.teams?.choosing.count == 0, "the lobby's roster knows the placed")
        let told = started.compactMap { effect -> (PeerID, Int?)? in
            if case .send(.yourTeam(let yours), let to) = effect, to.count == 1 { (to[0], yours.team) } else { nil }
        }
        #expect(Dictionary(uniqueKeysWithValues: told) == [ann.id: 1, bob.id: 1, cy.id: 0, dee.id: 0], "each player its own team, at the start")
        // During the game a choice is refused: teams change in the lobby.
        #expect(Self.refusal(Self.choose("Red", ann, &table, at: 2))?.0.reason == .gameUnderWay)
    }

    @Test func resultsAndTheGameOverRankTheTeamsByTheirMembersMean() throws {
        var game = TriviaGame(questions: Array(Game.questions.prefix(2)), players: [ann, bob, cy], settings: Self.settings(.placed))
        _ = game.start(now: 0, clocks: [:])  // Red: Ann, Cy; Blue: Bob
        _ = game.answer(1, 2, from: ann, at: 100)  // right
        _ = game.answer(1, 2, from: bob, at: 200)  // right
        let first = game.answer(1, 0, from: cy, at: 300)  // wrong; everyone answered
        #expect(first.result?.teams == [
            TeamStanding(team: 1, name: "Blue", colour: 1, mean: 1.0, rank: 1, members: [bob]),
            TeamStanding(team: 0, name: "Red", colour: 0, mean: 0.5, rank: 2, members: [ann, cy]),
        ])
        _ = game.tick(now: Fixture.s(2), clocks: [:])
        _ = game.answer(2, 0, from: cy, at: Fixture.s(2.1))
        _ = game.answer(2, 1, from: bob, at: Fixture.s(2.2))
        _ = game.answer(2, 0, from: ann, at: Fixture.s(2.3))
        let end = game.tick(now: Fixture.s(4), clocks: [:])
        #expect(end.gameOver?.teams?.map(\.name) == ["Red", "Blue"] && end.gameOver?.teams?.map(\.mean) == [1.5, 1.0])
        #expect(end.gameOver?.teams?.first?.members == [ann, cy])
        let report = try #require(end.notes.compactMap { if case .report(let report) = $0 { report } else { nil } }.first)
        #expect(report.players.map(\.name) == ["Ann", "Bob", "Cy"] && report.players.map(\.team) == ["Red", "Blue", "Red"])
        #expect(report.teams == end.gameOver?.teams)
        let csv = String(decoding: report.csv().dropFirst(3), as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        #expect(csv[0].hasPrefix("rank,name,team,points,right answers,Q1 answer"))
        #expect(csv.contains { $0.hasPrefix("1,Ann,Red,2,") } && csv.contains { $0.hasPrefix("2,Bob,Blue,1,") })
        #expect(csv.suffix(4) == ["team rank,team,mean points,members", "1,Red,1.5,\"Ann, Cy\"", "2,Blue,1.0,Bob", ""])
        let back = try JSONDecoder().decode(GameReport.self, from: JSONEncoder().encode(report))
        #expect(back == report)
    }

    @Test func aLeaverIsOffItsTeamAndALateJoinerIsPlacedOnTheSmallest() {
        var game = TriviaGame(questions: Array(Game.questions.prefix(2)), players: [ann, bob, cy], settings: Self.settings(.placed))
        _ = game.start(now: 0, clocks: [:])  // Red: Ann, Cy; Blue: Bob
        _ = game.playerLeft(bob.id, now: 10)
        let late = game.playerJoined(dee)
        #expect(late.first == .send(.yourTeam(YourTeam(team: 1)), to: [dee.id]))
        guard case .send(.game(let info), _)? = late.dropFirst().first else {
            Issue.record("no game for the late joiner")
            return
        }
        #expect(info.teams == [TeamLine(name: "Red", colour: 0, members: [ann, cy]), TeamLine(name: "Blue", colour: 1, members: [dee])])
    }

    @Test func aPlayerBackKeepsItsTeamAndItsPointsCount() {
        var game = TriviaGame(questions: Array(Game.questions.prefix(2)), players: [ann, bob], settings: Self.settings(.placed))
        _ = game.start(now: 0, clocks: [:])
        _ = game.answer(1, 2, from: ann, at: 100)
        _ = game.playerAway(ann.id, now: 200)
        let back = game.playerBack(ann.id, now: 300)
        #expect(back.first == .send(.yourTeam(YourTeam(team: 0)), to: [ann.id]), "told its team again: its page may have reloaded")
        guard case .send(.game(let info), _)? = back.dropFirst().first else {
            Issue.record("no game for the player back")
            return
        }
        #expect(info.resumed == true && info.teams?.first?.members == [ann])
        _ = game.playerAway(ann.id, now: 400)
        let result = game.answer(1, 1, from: bob, at: 500)  // everyone here answered
        #expect(result.result?.teams?.first == TeamStanding(team: 0, name: "Red", colour: 0, mean: 1.0, rank: 1, members: [ann]), "away, still on its team")
    }

    @Test func teamsLastFromGameToGameLateJoinersIncluded() throws {
        var table = Self.table(rule: .whenFull, capacity: 2)
        _ = table.joined(ann, at: GameMoment(now: 0))
        _ = Self.choose("Blue", ann, &table)
        _ = table.joined(bob, at: GameMoment(now: 1))  // full: the game starts, Bob placed on Red
        _ = table.joined(cy, at: GameMoment(now: 2))  // a late joiner: Red and Blue have one each, so the first, Red
        #expect(table.game?.teams?.team(of: cy.id) == 0)
        let ended = table.command(.end, at: GameMoment(now: 3))
        let lobby = try #require(Self.lobby(ended))
        #expect(lobby.lobby.teams == [TeamLine(name: "Red", colour: 0, members: [bob, cy]), TeamLine(name: "Blue", colour: 1, members: [ann])])
        #expect(lobby.lobby.choosing == [])
        #expect(Self.lobby(Self.choose("Blue", cy, &table, at: 4))?.lobby.teams?.last?.members == [ann, cy], "and may change again")
    }

    @Test func theNextQuizSetsOrClearsTheTeamsAndTheLobbyHearsIt() throws {
        var table = TriviaTable(bank: TriviaTableTests.bank, settings: Game.settings(.first), startRule: .after(Fixture.s(60)), capacity: 4, rng: SplitMix64(seed: 3))
        _ = table.joined(ann, at: GameMoment(now: 0))
        var plan = NextQuizTests.plan
        plan.settings.teams = try TeamPlan(list: "Owls,Larks", placement: .placed)
        let command = try plan.command()
        #expect(command.arguments["teams"] == .array([.string("Owls"), .string("Larks")]) && command.arguments["teamPlacement"] == .string("placed"))
        #expect(try NextQuiz(command).settings.teams == plan.settings.teams)
        let chosen = table.command(.game(command), at: GameMoment(now: 1))
        #expect(chosen.first == .note(.nextQuiz(NextQuizChosen(title: "Pub quiz", questions: 2, mode: .timed, teams: plan.settings.teams))))
        #expect(Self.lobby(chosen)?.lobby.teams == [TeamLine(name: "Owls", colour: 0, members: [ann]), TeamLine(name: "Larks", colour: 1, members: [])])
        #expect(Self.lobby(chosen)?.to == [ann.id])
        #expect(chosen.contains(.send(.yourTeam(YourTeam(team: 0)), to: [ann.id])), "everyone waiting told its team in the new plan")
        let off = table.command(.game(try NextQuizTests.plan.command()), at: GameMoment(now: 2))
        #expect(Self.lobby(off)?.lobby.teams == nil && table.rules.teams == nil)
    }

    @Test(arguments: [
        ("teams", JSONValue.string("Red,Blue"), "teams: an array of the teams' names, e.g. [\"Red\",\"Blue\"]"),
        ("teams", .array([.string("Red")]), "teams: 2 to 8 team names; got 1"),
        ("teams", .array([.string("Red"), .integer(2)]), "teams: each team's name is a string"),
        ("teamPlacement", .string("random"), "teamPlacement: choose or placed"),
    ])
    func aTeamPlanThatIsNotOneSaysWhatIsWrong(_ key: String, _ value: JSONValue, _ sentence: String) throws {
        var command = try NextQuizTests.plan.command()
        command.arguments["teams"] = .array([.string("Red"), .string("Blue")])
        command.arguments[key] = value
        #expect(throws: SetupError(sentence)) { try NextQuiz(command) }
        var alone = try NextQuizTests.plan.command()
        alone.arguments["teamPlacement"] = .string("placed")
        #expect(throws: SetupError("teamPlacement: only with teams (the teams' names)")) { try NextQuiz(alone) }
    }

    @Test func serveOptionsMakeThePlanOrSayWhatIsWrong() throws {
        let values = GameOptionValues(["teams": .text("Red, Blue"), "team-placement": .text("placed")])
        #expect(try TriviaOptions.settings(from: values).teams == TeamPlan(list: "Red,Blue", placement: .placed))
        #expect(try TriviaOptions.settings(from: GameOptionValues(["teams": .text("Owls,Larks")])).teams?.placement == .choose)
        #expect(try TriviaOptions.settings(from: GameOptionValues()).teams == nil)
        #expect(throws: SetupError("--teams Red: 2 to 8 team names; got 1 (separate them with commas: \"Red,Blue\")")) {
            try TriviaOptions.settings(from: GameOptionValues(["teams": .text("Red")]))
        }
        #expect(throws: SetupError("--team-placement needs --teams (the teams' names, \"Red,Blue\")")) {
            try TriviaOptions.settings(from: GameOptionValues(["team-placement": .text("choose")]))
        }
    }

    @Test func theLobbyIsOneFlatObjectAndATeamChoiceReadsAsDocumented() throws {
        var lobby = TriviaLobby(LobbyStatus(players: 2, capacity: 8, startRule: "after", startsInMs: 4_000))
        lobby.teams = [TeamLine(name: "Red", colour: 0, members: [ann]), TeamLine(name: "Blue", colour: 1, members: [])]
        lobby.teamPlacement = .choose
        lobby.choosing = [bob]
        lobby.stillChoosing = 1
        let object = try TriviaMessageTests.object(.lobby(lobby))
        #expect(Set(object.keys) == ["kind", "players", "capacity", "startRule", "startsInMs", "teams", "teamPlacement", "choosing", "stillChoosing"])
        let line = try #require((object["teams"] as? [[String: Any]])?.first)
        #expect(Set(line.keys) == ["name", "colour", "members", "size"])
        let older = #"{"kind":"lobby","players":1,"capacity":4,"startRule":"whenFull","teams":[{"name":"Red","colour":0,"members":[{"id":1,"name":"Ann"}]}],"choosing":[]}"#
        guard case .lobby(let read) = try JSONDecoder().decode(TriviaServerMessage.self, from: Data(older.utf8)) else { throw CancellationError() }
        #expect(read.teams?.first?.size == 1 && read.stillChoosing == 0, "an older host's lines: its members counted")
        #expect(try TriviaMessageTests.object(.yourTeam(YourTeam(team: 1))).keys.sorted() == ["kind", "team"])
        #expect(try JSONDecoder().decode(TriviaServerMessage.self, from: JSONEncoder().encode(TriviaServerMessage.lobby(lobby))) == .lobby(lobby))
        let old = #"{"kind":"lobby","players":1,"capacity":4,"startRule":"whenFull"}"#
        #expect(try JSONDecoder().decode(TriviaServerMessage.self, from: Data(old.utf8)) == .lobby(LobbyStatus(players: 1, capacity: 4, startRule: "whenFull", startsInMs: nil)))
        let choice = #"{"kind":"team","team":"Red"}"#
        #expect(try JSONDecoder().decode(TriviaClientMessage.self, from: Data(choice.utf8)) == .team(TeamChoice(team: "Red")))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TriviaClientMessage.self, from: Data(#"{"kind":"team"}"#.utf8)) }
        let refused = try TriviaMessageTests.object(.rejected(AnswerRejected(question: nil, choice: nil, reason: .unknownTeam, team: "Green", teams: ["Red"])))
        #expect(Set(refused.keys) == ["kind", "reason", "team", "teams"])
    }

    @Test func theTerminalsPrintTheTeams() {
        let standings = [
            TeamStanding(team: 1, name: "Blue", colour: 1, mean: 2.5, rank: 1, members: [bob, dee]),
            TeamStanding(team: 0, name: "Red", colour: 0, mean: 1, rank: 2, members: [ann]),
        ]
        #expect(TriviaText.teamStandings(standings) == "teams: 1. Blue 2.5 (Bob, Dee), 2. Red 1.0 (Ann)")
        #expect(TriviaText.myTeam(standings, team: 0) == "your team Red: place 2 of 2, mean 1.0")
        #expect(TriviaText.myTeam(standings, team: nil) == nil)
        #expect(TriviaText.teams([TeamLine(name: "Red", colour: 0, members: [ann, cy]), TeamLine(name: "Blue", colour: 1, members: [])], choosing: [dee])
            == "teams: 1) Red: Ann, Cy | 2) Blue: nobody yet | choosing: Dee")
        var lobby = TriviaLobby(LobbyStatus(players: 1, capacity: 8, startRule: "after", startsInMs: nil))
        lobby.teams = [TeamLine(name: "Red", colour: 0, members: [ann]), TeamLine(name: "Blue", colour: 1, members: [])]
        lobby.teamPlacement = .choose
        #expect(TriviaPlayerScreen.teamLines(lobby, team: 0).last == "you're on Red: press 1-2 to change")
        #expect(TriviaPlayerScreen.teamLines(lobby, team: nil).last == "you have no team yet: press 1-2 to choose one")
        lobby.teamPlacement = .placed
        #expect(TriviaPlayerScreen.teamLines(lobby, team: 0).last == "you're on Red")
        // A big room: the lines name the first members and count the rest.
        var big = TeamLine(name: "Red", colour: 0, members: (1...30).map { Peer(id: PeerID(rawValue: UInt32($0)), name: "P\($0)") })
        #expect(big.members.count == TeamLine.listed && big.size == 30)
        big.members = Array(big.members.prefix(2))
        #expect(TriviaText.teams([big], choosing: [dee], stillChoosing: 12) == "teams: 1) Red: P1, P2 and 28 more | choosing: Dee and 11 more")
    }

    @Test func aTerminalPlayerChoosesByNumberInTheLobbyOnly() {
        var state = TriviaPlayerState()
        #expect(state.chooseTeam(1) == .notChoosing)
        var lobby = TriviaLobby(LobbyStatus(players: 1, capacity: 8, startRule: "after", startsInMs: nil))
        lobby.teams = [TeamLine(name: "Red", colour: 0, members: []), TeamLine(name: "Blue", colour: 1, members: [ann])]
        lobby.teamPlacement = .choose
        state.received(.lobby(lobby), at: 0, hostClock: nil)
        #expect(state.chooseTeam(1) == .send(TeamChoice(team: "Red")))
        #expect(state.chooseTeam(3) == .noSuchTeam)
        #expect(state.team == nil, "not told yet")
        state.received(.yourTeam(YourTeam(team: 1)), at: 1, hostClock: nil)
        #expect(state.team == 1)
        state.received(.game(GameInfo(mode: .first, questions: 2, firstQuestion: 1, scoreboard: [], teams: lobby.teams)), at: 1, hostClock: nil)
        #expect(state.chooseTeam(1) == .gameUnderWay)
        #expect(TriviaText.game(GameInfo(mode: .first, questions: 2, firstQuestion: 1, scoreboard: [], teams: lobby.teams), team: state.team)
            == "game: first mode, 2 questions, you play for Blue")
        #expect(TriviaText.game(GameInfo(mode: .first, questions: 2, firstQuestion: 1, scoreboard: [], teams: lobby.teams), team: 5)
            == "game: first mode, 2 questions", "a team the lines do not have is not named")
    }
}
