import Testing

import GameRuntime

@Suite struct GameOptionParserTests {
    static let rounds = GameOption("rounds", kind: .integer(1...Int.max), help: "Questions per game.")
    static let points = GameOption("points", kind: .integer(1...99), help: "Points that win.")
    static let time = GameOption("question-time", kind: .number(0.5...600, unit: "seconds"), help: "Seconds per question.")
    static let mode = GameOption("mode", kind: .choice(["first", "timed", "buzzer"]), help: "Scoring.")
    static let questions = GameOption("questions", kind: .text, valueName: "file", help: "The bank.")
    static let category = GameOption("category", kind: .repeatableText, valueName: "name", help: "A category.")
    static let fast = GameOption("fast", kind: .flag, help: "Go fast.")
    static let seed = GameOption("seed", kind: .seed, help: "The seed.")
    static let quiz = GameOptionParser(options: [rounds, time, mode, questions, category, fast, seed], title: "Trivia")

    private func refusal(_ arguments: [String], by parser: GameOptionParser = quiz) -> GameOptionError? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEachKindSpacedOrAttachedAndTheLastGivenWins() throws {
        let values = try Self.quiz.parse([
            "--rounds", "3", "--question-time=2.5", "--mode", "timed", "--questions", "/tmp/bank.csv", "--fast",
            "--seed", "18446744073709551615", "--rounds=5",
        ])
        #expect(values.integer(Self.rounds) == 5)
        #expect(values.number(Self.time) == 2.5)
        #expect(values.text(Self.mode) == "timed")
        #expect(values.text(Self.questions) == "/tmp/bank.csv")
        #expect(values.flag(Self.fast))
        #expect(values.seed(Self.seed) == UInt64.max)
        #expect(values.isGiven(Self.rounds) && !values.isGiven(Self.category))
    }

    @Test func aRepeatableOptionKeepsEveryValueInOrder() throws {
        let values = try Self.quiz.parse(["--category", "Science", "--category=Math, Space"])
        #expect(values.texts(Self.category) == ["Science", "Math, Space"])
    }

    @Test func nothingGivenReadsAsNothing() throws {
        let values = try Self.quiz.parse([])
        #expect(values.integer(Self.rounds) == nil && !values.flag(Self.fast) && values.texts(Self.category).isEmpty)
    }

    @Test func aChoiceReadsAsTheGamesOwnType() throws {
        enum Mode: String { case first, timed, buzzer }
        #expect(try Self.quiz.parse(["--mode", "buzzer"]).choice(Self.mode, as: Mode.self) == .buzzer)
    }

    @Test func anUnknownOptionListsTheGamesOptions() {
        let error = refusal(["--points", "3"])
        #expect(error == .unknownOption("--points", game: "Trivia", known: Self.quiz.options.map(\.flag)))
        #expect(error?.description == "Unknown option '--points': Trivia's options are --rounds, --question-time, --mode, --questions, --category, --fast and --seed")
        let lobby = GameOptionParser(options: [], title: "Lobby")
        #expect(refusal(["--mode", "timed"], by: lobby)?.description == "Unknown option '--mode': Lobby has no options of its own")
    }

    @Test func aMissingValueSaysWhatTheOptionTakes() {
        #expect(refusal(["--mode"])?.description == "--mode needs a value: first, timed or buzzer")
        #expect(refusal(["--rounds", "--fast"])?.description == "--rounds needs a value: a whole number, at least 1")
        #expect(refusal(["--questions"])?.description == "--questions needs a value: a file")
    }

    @Test func aValueOutOfRangeOrNotAllowedSaysWhatIsAllowed() {
        #expect(refusal(["--rounds", "0"])?.description == "--rounds 0: expected a whole number, at least 1")
        #expect(refusal(["--rounds", "many"])?.description == "--rounds many: expected a whole number, at least 1")
        #expect(refusal(["--question-time", "0.1"])?.description == "--question-time 0.1: expected a number of seconds from 0.5 to 600")
        #expect(refusal(["--question-time", "nan"]) != nil)
        #expect(refusal(["--mode", "fastest"])?.description == "--mode fastest: expected first, timed or buzzer")
        #expect(refusal(["--questions="])?.description == "--questions '': expected a file")
        #expect(refusal(["--seed", "-1"])?.description == "--seed -1: expected a whole number from 0 to 18446744073709551615")
        let pong = GameOptionParser(options: [Self.points], title: "Pong")
        #expect(refusal(["--points", "100"], by: pong)?.description == "--points 100: expected a whole number from 1 to 99")
    }

    @Test func aFlagGivenAValueIsRefused() {
        #expect(refusal(["--fast=yes"]) == .valueForFlag("--fast", value: "yes"))
        #expect(refusal(["--fast=yes"])?.description == "--fast is a flag: it takes no value (not 'yes')")
    }

    @Test func aWordThatIsNoOptionIsRefused() {
        #expect(refusal(["timed"]) == .unexpectedArgument("timed"))
        #expect(refusal(["--fast", "yes"]) == .unexpectedArgument("yes"))
    }

    @Test func splitMovesTheDeclaredOptionsWithTheirValuesAndKeepsTheRestInOrder() {
        let arguments = ["--name", "Quiz", "--mode", "timed", "--port", "0", "--fast", "--rounds=3", "--questions", "--no-web", "--no-dnssd"]
        let (rest, game) = GameOptionParser.split(arguments, declared: Self.quiz.options)
        #expect(rest == ["--name", "Quiz", "--port", "0", "--no-web", "--no-dnssd"])
        #expect(game == ["--mode", "timed", "--fast", "--rounds=3", "--questions"])
    }

    @Test func splitTakesEverythingAfterALoneDoubleDash() {
        let (rest, game) = GameOptionParser.split(["--port", "0", "--", "--odd", "value", "--port"], declared: Self.quiz.options)
        #expect(rest == ["--port", "0"])
        #expect(game == ["--odd", "value", "--port"])
    }
}
