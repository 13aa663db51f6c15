import Matchmaking
import Testing

@testable import Trivia

/// Team mode's pure parts: a plan's names and their errors, placing and choosing, the mean that
/// ranks teams, a new plan between games.
@Suite struct TeamRosterTests {
    let ann = Fixture.ann, bob = Fixture.bob, cy = Fixture.cy, dee = Fixture.dee

    static func plan(_ names: String = "Red,Blue", _ placement: TeamPlacement = .choose) -> TeamPlan {
        try! TeamPlan(list: names, placement: placement)
    }

    @Test func aPlanTakesTwoToEightShortDistinctNamesTrimmed() throws {
        let plan = try TeamPlan(list: " Red , Blue,Gold ")
        #expect(plan.names == ["Red", "Blue", "Gold"] && plan.placement == .choose)
        #expect(plan.index(of: " blue") == 1 && plan.index(of: "Green") == nil)
        #expect(try TeamPlan(names: (1...8).map { "Team \($0)" }).names.count == 8)
    }

    @Test(arguments: [
        ("Red", "2 to 8 team names; got 1"),
        ("A,B,C,D,E,F,G,H,I", "2 to 8 team names; got 9"),
        ("Red,,Blue", "team 2's name is empty; a name is 1 to 16 characters"),
        ("Red,The Incredible Hulks", "\"The Incredible Hulks\" is 20 characters; a team's name is 1 to 16"),
        ("Red,red", "\"red\" names two teams (ignoring case); each team needs a name of its own"),
        ("Red,Bl\tue", "team 2's name has a control character (a tab or a line break); a name is one line of text"),
    ])
    func namesThatMakeNoPlanSayWhichRuleTheyBreak(_ list: String, _ sentence: String) {
        #expect(throws: TeamPlanError.self) { try TeamPlan(list: list) }
        do {
            _ = try TeamPlan(list: list)
        } catch {
            #expect(error.description == sentence)
        }
    }

    @Test func placedPlayersGoToTheSmallestTeamTiesToTheFirst() {
        var roster = TeamRoster(plan: Self.plan("Red,Blue,Gold", .placed))
        for peer in [ann, bob, cy, dee] { roster.arrived(peer) }
        #expect([ann, bob, cy, dee].map { roster.team(of: $0.id) } == [0, 1, 2, 0])
        roster.left(bob.id)
        let eve = Peer(id: PeerID(rawValue: 5), name: "Eve")
        roster.arrived(eve)
        #expect(roster.team(of: eve.id) == 1, "Blue has fewest since Bob left")
        #expect(roster.lines.map(\.members) == [[ann, dee], [eve], [cy]])
    }

    @Test func choosingPlayersPickAndChangeTheOthersArePlacedAtTheStartInOrderOfArrival() throws {
        var roster = TeamRoster(plan: Self.plan())
        roster.keep([ann, bob, cy, dee])
        #expect(roster.choosing.first == [ann, bob, cy, dee] && roster.choosing.count == 4)
        let picks = try [("red", ann), ("Red", bob), ("RED", bob), ("Blue", bob)].map { try roster.choose($0.0, for: $0.1.id) }
        #expect(picks == [true, true, false, true], "the third is no change, the fourth one")
        #expect(roster.choosing.first == [cy, dee] && roster.choosing.count == 2)
        #expect(throws: RejectReason.unknownTeam) { try roster.choose("Green", for: cy.id) }
        roster.placeEveryone()
        #expect([ann, bob, cy, dee].map { roster.team(of: $0.id) } == [0, 1, 0, 1])
        #expect(roster.choosing.count == 0)
    }

    @Test func placedPlayersCannotChoose() {
        var roster = TeamRoster(plan: Self.plan("Red,Blue", .placed))
        roster.arrived(ann)
        #expect(throws: RejectReason.teamsPlaced) { try roster.choose("Blue", for: ann.id) }
        #expect(roster.team(of: ann.id) == 0)
    }

    @Test func keepDropsTheGoneAndAddsTheNewKeepingEveryonesTeam() throws {
        var roster = TeamRoster(plan: Self.plan())
        roster.keep([ann, bob])
        _ = try roster.choose("Blue", for: ann.id)
        roster.keep([bob, ann, cy])
        #expect(roster.team(of: ann.id) == 1 && roster.team(of: cy.id) == nil)
        roster.keep([cy])
        #expect(roster.members.map(\.peer) == [cy])
    }

    @Test func aLateJoinerIsPlacedAtOnceWhateverThePlacement() throws {
        var roster = TeamRoster(plan: Self.plan())
        roster.keep([ann, bob])
        _ = try roster.choose("Red", for: ann.id)
        _ = try roster.choose("Red", for: bob.id)
        roster.joinedGame(cy)
        #expect(roster.team(of: cy.id) == 1)
    }

    @Test func teamsRankByTheirMembersMeanRoundedToOneDecimalEqualMeansShareARank() {
        var roster = TeamRoster(plan: Self.plan("Red,Blue,Gold,Green", .placed))
        let eve = Peer(id: PeerID(rawValue: 5), name: "Eve"), fay = Peer(id: PeerID(rawValue: 6), name: "Fay")
        for peer in [ann, bob, cy, dee, eve, fay] { roster.arrived(peer) }  // Red: Ann, Eve; Blue: Bob, Fay; Gold: Cy; Green: Dee
        let points: [PeerID: Int] = [ann.id: 3, eve.id: 2, bob.id: 5, fay.id: 0, cy.id: 1]  // Dee: none yet, 0
        let standings = roster.standings(points: points)
        #expect(standings.map(\.name) == ["Red", "Blue", "Gold", "Green"])
        #expect(standings.map(\.mean) == [2.5, 2.5, 1.0, 0.0])
        #expect(standings.map(\.rank) == [1, 1, 3, 4])
        #expect(standings.map(\.team) == [0, 1, 2, 3])
        #expect(standings[1].members == [bob, fay], "best first")
    }

    @Test func theMeanIsWhatTheRoomSeesSevenOverThreeTiesWithNineOverFour() {
        #expect(TeamRoster.tenths(7, of: 3) == 23 && TeamRoster.tenths(9, of: 4) == 23)  // 2.33 and 2.25 both read 2.3
        #expect(TeamRoster.tenths(5, of: 2) == 25 && TeamRoster.tenths(1, of: 3) == 3 && TeamRoster.tenths(0, of: 1) == 0)
        #expect(TeamRoster.tenths(1, of: 20) == 1, "0.05 rounds half up to 0.1")
    }

    @Test func anEmptyTeamHasNoMeanAndIsLeftOut() {
        var roster = TeamRoster(plan: Self.plan("Red,Blue,Gold", .placed))
        roster.arrived(ann)
        roster.arrived(bob)
        #expect(roster.standings(points: [ann.id: 1]).map(\.name) == ["Red", "Blue"])
        #expect(roster.lines.map(\.name) == ["Red", "Blue", "Gold"], "the lobby lists every team")
    }

    @Test func aNewPlanKeepsTeamsOfTheSameNameAndPlacesTheRestWhenTheHostPlaces() throws {
        var roster = TeamRoster(plan: Self.plan("Red,Blue"))
        roster.keep([ann, bob, cy])
        _ = try roster.choose("Blue", for: ann.id)
        _ = try roster.choose("Red", for: bob.id)
        roster.replan(Self.plan("blue,Green"))
        #expect(roster.team(of: ann.id) == 0 && roster.team(of: bob.id) == nil && roster.team(of: cy.id) == nil)
        roster.replan(Self.plan("Gold,Blue", .placed))
        #expect([ann, bob, cy].map { roster.team(of: $0.id) } == [1, 0, 0])
    }
}

extension TeamRosterTests {
    @Test func aTeamsColourIsTheOneItsNameSaysElseTheFirstLeft() throws {
        #expect(try TeamPlan(list: "Blue,Red").colours == [1, 0])
        #expect(try TeamPlan(list: "Owls,Gold,Larks").colours == [0, 2, 1])
        #expect(try TeamPlan(list: "Gold,Yellow").colours == [2, 0], "a colour once")
        #expect(Set(try TeamPlan(list: "A,B,C,D,E,F,G,H").colours) == Set(0...7))
    }
}
