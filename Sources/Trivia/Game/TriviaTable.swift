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
    private var rng: SplitMix64

    /// Quizzes drawn from `bank` by `settings`, shuffled with `rng`.
    public init(bank: QuestionBank, settings: TriviaSettings, rng: SplitMix64 = SplitMix64()) {
        self.bank = bank
        self.settings = settings
        self.rng = rng
    }

    public mutating func start(_ players: [Peer], number: Int, at moment: RoundMoment) -> (Round, [Effect]) {
        let questions = Deck.deal(
            settings.rounds, from: bank, shuffleQuestions: settings.shuffleQuestions, shuffleAnswers: settings.shuffleAnswers, using: &rng)
        var game = TriviaGame(questions: questions, players: players, settings: settings)
        let effects = game.start(now: moment.now, clocks: moment.clocks).map(Self.lift)
        return (game, effects)
    }

    public func nextWake(of round: Round) -> Int64? { round.nextWake }
    public func audience(of round: Round, at moment: RoundMoment) -> [PeerID] { round.playerIDs }
    public func isPaused(_ round: Round) -> Bool { round.isPaused }

    /// Over: the standings (when the game got that far) for its players, who play the next game.
    public func ending(of round: Round, at moment: RoundMoment) -> RoundEnding<ServerMessage>? {
        guard round.isOver else { return nil }
        var message: ServerMessage?
        if case .over(let standings) = round.state { message = .gameOver(standings) }
        return RoundEnding(message: message, audience: round.playerIDs, players: round.peers)
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

    /// An answer or a buzz (nil: not a valid trivia message, refused as `malformed`).
    public func received(_ message: TriviaClientMessage?, from id: PeerID, arrivedAt: Int64, round: inout Round, at moment: RoundMoment) -> [Effect] {
        guard let message else { return Self.malformed(id) }
        let clock = moment.clocks[id]
        let actions =
            switch message {
            case .answer(let given): round.answer(given, from: id, arrivedAt: arrivedAt, clock: clock)
            case .buzz(let pressed): round.buzz(pressed, from: id, arrivedAt: arrivedAt, clock: clock)
            }
        return actions.map(Self.lift)
    }

    public func refusedBetweenGames(_ message: TriviaClientMessage?, from id: PeerID) -> [Effect] {
        guard let message else { return Self.malformed(id) }
        let (question, choice): (Int, Int?) =
            switch message {
            case .answer(let given): (given.question, given.choice)
            case .buzz(let pressed): (pressed.question, nil)
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
            return [.note(.nextQuiz(NextQuizChosen(title: plan.title, questions: Deck.count(settings.rounds, of: bank), mode: settings.mode)))]
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
