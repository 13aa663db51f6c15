import GameRuntime
import Vocabulary

/// The trivia host: its lobby cycle (``LobbyCycle``) around the quiz's rules.
public typealias TriviaTable = LobbyCycle<TriviaRules>

extension LobbyCycle where Rules == TriviaRules {
    /// A host in its lobby; `capacity` is the most players it admits (the start rule's "full").
    /// After a scheduled first game (``StartRule/at(_:)``) games start by ``TriviaRules/defaultStartRule``.
    public init(bank: QuestionBank, settings: TriviaSettings, startRule: StartRule, capacity: Int, rng: SplitMix64 = SplitMix64()) {
        self.init(rules: TriviaRules(bank: bank, settings: settings, rng: rng), startRule: startRule, capacity: capacity)
    }

    /// The questions games are drawn from.
    public var bank: QuestionBank { rules.bank }
    /// The rules of every game.
    public var settings: TriviaSettings { rules.settings }
    /// The game under way, if any.
    public var game: TriviaGame? { round }
}

/// The quiz's rules: each game is a ``TriviaGame`` (which holds the rules of questions,
/// answers, buzzers and scores) dealt from the bank. The lobby around it is ``LobbyCycle``'s.
///
/// Players who join in the lobby play the next game; players who join during a game play in it
/// from its next question, at zero points. The host may skip (close the open question, or cut
/// the result short; refused `paused` while paused), pause, go on, end (game over now), and in
/// buzzer mode mark the answer of the player who won the buzzer (refused `nothingToMark` when
/// none awaits, `paused` while paused).
public struct TriviaRules: GameRules {
    public typealias ClientMessage = TriviaClientMessage
    public typealias ServerMessage = TriviaServerMessage
    public typealias Note = TriviaNote
    /// A game under way.
    public typealias Round = TriviaGame

    /// When games start unless the command line says otherwise: 10 s after the first player arrives.
    public static let defaultStartRule = StartRule.after(10_000_000)
    public static var usualStartRule: StartRule { defaultStartRule }
    /// One player is enough for a quiz.
    public static let minimumPlayers = 1
    public static let lateJoinersAllowed = true

    /// The questions games are drawn from.
    public private(set) var bank: QuestionBank
    /// The rules of every game.
    public private(set) var settings: TriviaSettings
    /// The title of the quiz chosen on the host page; nil: the bank `serve` was given.
    public private(set) var title: String?
    /// Team mode: who is on which team, kept from game to game (the lobby's players, and after
    /// a game its players); nil without teams.
    public private(set) var teams: TeamRoster?
    private var rng: SplitMix64

    /// Quizzes drawn from `bank` by `settings`, shuffled with `rng`.
    public init(bank: QuestionBank, settings: TriviaSettings, rng: SplitMix64 = SplitMix64()) {
        self.bank = bank
        self.settings = settings
        self.rng = rng
        self.teams = settings.teams.map(TeamRoster.init(plan:))
    }

    /// A game starts: in team mode whoever has not chosen a team is placed now.
    public mutating func start(_ players: [Peer], number: Int, at moment: RoundMoment) -> (Round, [Effect]) {
        let questions = Deck.deal(
            settings.rounds, from: bank, shuffleQuestions: settings.shuffleQuestions, shuffleAnswers: settings.shuffleAnswers, using: &rng)
        var game = TriviaGame(questions: questions, players: players, settings: settings, teams: teams)
        teams = game.teams
        let effects = game.start(now: moment.now, clocks: moment.clocks).map(Self.lift)
        return (game, effects)
    }

    // MARK: The lobby's teams

    /// The players waiting are the lobby's team members (placed as they arrive, with `placed`).
    public mutating func lobbyChanged(_ waiting: [Peer]) { teams?.keep(waiting) }

    /// The lobby, with the teams in team mode (and with `choose`, who has not chosen).
    public func lobbyMessage(_ status: LobbyStatus) -> TriviaServerMessage {
        var lobby = TriviaLobby(status)
        if let teams {
            lobby.teams = teams.lines
            lobby.teamPlacement = teams.plan.placement
            if teams.plan.placement == .choose { (lobby.choosing, lobby.stillChoosing) = teams.choosing }
        }
        return .lobby(lobby)
    }

    /// In team mode, the player's own team (the lobby's lines name only their first members).
    public func lobbyFacts(for id: PeerID) -> [Effect] {
        guard let teams else { return [] }
        return [.send(.yourTeam(YourTeam(team: teams.team(of: id))), to: [id])]
    }

    /// The game's players keep their teams, late joiners' included.
    public mutating func roundEnded(_ round: TriviaGame) {
        if let kept = round.teams, kept.plan == settings.teams { teams = kept }
    }

    /// A choice of team changes the lobby (everyone waiting hears who is on which team); any
    /// other message is refused, as ``refusedBetweenGames(_:from:)`` says.
    public mutating func receivedBetweenGames(_ message: TriviaClientMessage?, from id: PeerID, at moment: GameMoment) -> LobbyMove<Effect> {
        guard case .team(let choice)? = message else { return .answered(refusedBetweenGames(message, from: id)) }
        guard var roster = teams else { return .answered(Self.refused(choice, .noTeams, to: id)) }
        do {
            let changed = try roster.choose(choice.team, for: id)
            teams = roster
            return changed ? .changed([]) : .answered([])
        } catch {
            return .answered(Self.refused(choice, error, to: id, teams: error == .unknownTeam ? roster.plan.names : nil))
        }
    }

    public func nextWake(of round: Round) -> Int64? { round.nextWake }
    public func audience(of round: Round, at moment: RoundMoment) -> [PeerID] { round.playerIDs }
    public func isPaused(_ round: Round) -> Bool { round.isPaused }

    /// Over: the standings (when the game got that far) for its players, who play the next game.
    public func ending(of round: Round, at moment: RoundMoment) -> RoundEnding<ServerMessage>? {
        guard round.isOver else { return nil }
        var message: ServerMessage?
        var personal: [PeerID: ServerMessage] = [:]
        if case .over(let standings) = round.state {
            message = .gameOver(standings)
            for standing in BoardCut(round.finalBoard, question: nil).below { personal[standing.line.id] = .standing(standing) }
        }
        return RoundEnding(message: message, audience: round.playerIDs, players: round.peers, personal: personal)
    }

    // MARK: Events

    /// A player joining during a game plays from its next question, at zero points.
    public func arrived(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> Arrival<Effect> {
        .plays(round.playerJoined(peer).map(Self.lift))
    }

    public func left(_ peer: Peer, reason: ByeReason, round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.playerLeft(peer.id, now: moment.now).map(Self.lift)
    }

    /// No question waits for a player who is away; its points stay.
    public func away(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.playerAway(peer.id, now: moment.now).map(Self.lift)
    }

    /// A player back is told the game so far and the open question.
    public func back(_ peer: Peer, round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.playerBack(peer.id, now: moment.now).map(Self.lift)
    }

    /// An answer or a buzz (nil: not a valid trivia message, refused as `malformed`); a choice
    /// of team is refused: teams change in the lobby only.
    public func received(_ message: TriviaClientMessage?, from id: PeerID, arrivedAt: Int64, round: inout Round, at moment: RoundMoment) -> [Effect] {
        guard let message else { return Self.malformed(id) }
        let clock = moment.clocks[id]
        switch message {
        case .answer(let given): return round.answer(given, from: id, arrivedAt: arrivedAt, clock: clock).map(Self.lift)
        case .buzz(let pressed): return round.buzz(pressed, from: id, arrivedAt: arrivedAt, clock: clock).map(Self.lift)
        case .team(let choice): return Self.refused(choice, round.teams == nil ? .noTeams : .gameUnderWay, to: id)
        }
    }

    public func refusedBetweenGames(_ message: TriviaClientMessage?, from id: PeerID) -> [Effect] {
        guard let message else { return Self.malformed(id) }
        let (question, choice): (Int, Int?)
        switch message {
        case .answer(let given): (question, choice) = (given.question, given.choice)
        case .buzz(let pressed): (question, choice) = (pressed.question, nil)
        case .team(let chosen): return Self.refused(chosen, teams == nil ? .noTeams : .gameUnderWay, to: id)
        }
        return [.send(.rejected(AnswerRejected(question: question, choice: choice, reason: .noGame)), to: [id])]
    }

    public func woke(round: inout Round, at moment: RoundMoment) -> [Effect] {
        round.tick(now: moment.now, clocks: moment.clocks).map(Self.lift)
    }

    // MARK: Commands

    public func pause(round: inout Round, at moment: RoundMoment) -> [Effect] { round.pause(now: moment.now).map(Self.lift) }
    public func unpause(round: inout Round, at moment: RoundMoment) -> [Effect] { round.unpause(now: moment.now).map(Self.lift) }
    public func end(round: inout Round, at moment: RoundMoment) -> [Effect] { round.end().map(Self.lift) }

    /// The quiz's own command: `mark` (`right`: true or false) the answer the buzzer's winner
    /// gave aloud, `y` right and `x` wrong on the host's terminal (buzzer mode; in the other
    /// modes nothing awaits a mark and it is refused `nothingToMark`).
    public static let markKeys = [
        GameCommandKey(key: "y", word: "right", label: "right", command: mark(right: true)),
        GameCommandKey(key: "x", word: "wrong", label: "wrong", command: mark(right: false)),
    ]

    /// `{"command":"mark","right":true}`: right scores and ends the question; wrong locks that
    /// player out of it and reopens the buzzers.
    public static func mark(right: Bool) -> GameCommand { GameCommand("mark", ["right": .bool(right)]) }

    /// The host page's choice of the next quiz (``NextQuiz``): no key, no footer entry.
    public static let nextQuizKey = GameCommandKey(key: nil, word: "next-quiz", label: "next quiz", command: GameCommand(NextQuiz.command))

    public var commandKeys: [GameCommandKey] { Self.markKeys + [Self.nextQuizKey] }

    /// Between games: `nextQuiz` replaces the bank and the settings from the next game on
    /// (its summary to the host's eyes); a plan that is not one is refused `badArgument`.
    public mutating func commandBetweenGames(_ command: GameCommand, at moment: GameMoment) -> [Effect] {
        guard command.name == NextQuiz.command else { return [.refused(CommandRefusal(.game(command), .noGame))] }
        do {
            let plan = try NextQuiz(command)
            (bank, settings, title) = (plan.bank, plan.settings, plan.title)
            settings.quizTitle = plan.title
            replanTeams()
            let chosen = NextQuizChosen(title: plan.title, questions: Deck.count(settings.rounds, of: bank), mode: settings.mode, teams: settings.teams)
            return [.note(.nextQuiz(chosen))]
        } catch {
            return [.refused(CommandRefusal(.game(command), .badArgument(error.description)))]
        }
    }

    /// Skip closes the open question (or cuts the result short); mark judges the buzzer
    /// winner's answer (its `right` must be true or false).
    public func command(_ command: HostCommand, round: inout Round, at moment: RoundMoment) -> [Effect] {
        func refuse(_ reason: CommandRefusal.Reason) -> [Effect] { [.refused(CommandRefusal(command, reason))] }
        switch command {
        case .game(let own) where own.name == NextQuiz.command:
            return refuse(.gameUnderWay)
        case .game(let own):
            guard case .bool(let right) = own.arguments["right"], own.arguments.count == 1 else {
                return refuse(.badArgument("right: true or false"))
            }
            guard round.awaitsMark else { return refuse(.nothingToMark) }
            guard !round.isPaused else { return refuse(.paused) }
            return round.mark(right: right, now: moment.now).map(Self.lift)
        default:
            guard !round.isPaused else { return refuse(.paused) }
            return round.skip(now: moment.now, clocks: moment.clocks).map(Self.lift)
        }
    }

    // MARK: Helpers

    /// The settings' teams from now on: players keep a team of the same name.
    private mutating func replanTeams() {
        guard let plan = settings.teams else {
            teams = nil
            return
        }
        guard var roster = teams else {
            teams = TeamRoster(plan: plan)
            return
        }
        roster.replan(plan)
        teams = roster
    }

    /// A choice of team refused for `reason`, to its sender (with the teams' names to choose from).
    private static func refused(_ choice: TeamChoice, _ reason: RejectReason, to id: PeerID, teams: [String]? = nil) -> [Effect] {
        [.send(.rejected(AnswerRejected(question: nil, choice: nil, reason: reason, team: choice.team, teams: teams)), to: [id])]
    }

    private static func malformed(_ id: PeerID) -> [Effect] {
        [.send(.rejected(AnswerRejected(question: nil, choice: nil, reason: .malformed)), to: [id])]
    }

    private static func lift(_ action: TriviaGame.Action) -> Effect {
        switch action {
        case .announce(let message, let to): .announce(message, to: to)
        case .send(let message, let to): .send(message, to: to)
        case .retell(let message, let to): .retell(message, to: to)
        case .note(let note): .note(note)
        }
    }
}
