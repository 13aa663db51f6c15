import Logging
import Matchmaking
import Testing

@testable import GameRuntime

/// The host's terminal, the lobby game on the runner, and the pieces every screen uses.
@Suite(.timeLimit(.minutes(1))) struct ScreenTests {
    @Test func theHostTerminalPrintsComingsGoingsAndChatAndNamesRecipients() {
        let screen = CapturedLines()
        let terminal = HostTerminal(screen: ToyHostScreen(writer: screen.writer), capacity: 4)
        terminal.show(.joined(ann, roster: Roster([ann])))
        terminal.show(.joined(bob, roster: Roster([ann, bob])))
        terminal.show(.chat(ChatLine(from: ann.id, name: "Ann", text: "hi")))
        terminal.show(.sent(ToyNews(news: "n"), to: [ann.id, bob.id]))
        terminal.show(.note("kept"))
        terminal.show(.left(bob, .connectionDropped, roster: Roster([ann])))
        terminal.show(.sent(ToyNews(news: "m"), to: [bob.id]))
        terminal.show(.sendFailed("too large"))
        #expect(screen.lines == [
            "joined: Ann (id 1) [1/4]", "joined: Bob (id 2) [2/4]", "chat Ann: hi", "sent n to Ann, Bob", "note: kept",
            "left: Bob (id 2) connectionDropped [1/4]", "sent m to #2", "error: a message could not be sent (too large)",
        ])
    }

    @Test func theLobbyIsATableOnTheSameRunner() async {
        let session = ScriptedHostSession()
        let screen = CapturedLines()
        let terminal = HostTerminal(screen: LobbyHostScreen(writer: screen.writer), capacity: 8)
        let lobby = GameHost(session: session, table: LobbyTable(), logger: Logger(label: "test.lobby"), observer: terminal.show)
        let task = Task { await lobby.run() }
        session.feed(
            .joined(ann), message(LobbyMessage.chat("hello"), from: ann), message(["marker": "m"], from: ann), .joined(bob),
            .left(ann, .userQuit))
        session.end()
        await task.value
        #expect(screen.lines == [
            "joined: Ann (id 1) [1/8]", "chat Ann: hello", "joined: Bob (id 2) [2/8]", "left: Ann (id 1) userQuit [1/8]",
        ])
        #expect(session.calls.value.isEmpty)
    }

    @Test func aLobbyPlayerChatsWhatIsTypedAndItsBotGreets() {
        let session = ScriptedPlayerSession()
        let player = GamePlayer<LobbyModel>(session: session)
        LobbyBot(player: player).begin()
        let screen = LobbyPlayerScreen(writer: CapturedLines().writer)
        screen.handle(.other("  spaced 1 "), player: player)
        screen.handle(.answer(0), player: player)  // never comes in text mode; ignored
        #expect(screen.inputMode == .text)
        #expect(screen.instructions.isEmpty)
        let chats = session.sent.value.compactMap { body, to in (try? body.decode(LobbyMessage.self)).map { ($0.text, to) } }
        #expect(chats.map(\.0) == ["hello from Ann", "  spaced 1 "])
        #expect(chats.map(\.1) == [.all, .all])
    }

    @Test func typedLinesMeanKeysOrTextByMode() {
        #expect(KeyInput.key(line: " 2 ", mode: .keys) == .answer(1))
        #expect(KeyInput.key(line: "0", mode: .keys) == .other("0"))
        #expect(KeyInput.key(line: " f ", mode: .keys) == .other("f"))
        #expect(KeyInput.key(line: "/quit", mode: .keys) == .quit)
        #expect(KeyInput.key(line: "   ", mode: .keys) == nil)
        #expect(KeyInput.key(line: " 2 ", mode: .text) == .other(" 2 "))
        #expect(KeyInput.key(line: "/quit", mode: .text) == .quit)
        #expect(KeyInput.key(line: " /quit", mode: .text) == .other(" /quit"))
        #expect(KeyInput.key(line: "", mode: .text) == nil)
    }

    @Test func theWriterClearsAnInPlaceCountdownBeforeTheNextLine() {
        let text = Box("")
        let writer = ScreenWriter(inPlace: true) { chunk in text.mutate { $0 += chunk } }
        let generation = writer.beginCountdown()
        writer.countdown("time left: 3 s", generation: generation)
        writer.line("result")
        writer.countdown("time left: 2 s", generation: generation - 1)  // an old countdown: dropped
        #expect(text.value == "\r\u{1B}[Ktime left: 3 s\r\u{1B}[Kresult\ntime left: 3 s")
        writer.beginCountdown()  // stopped: gone at the next line
        writer.line("next")
        #expect(text.value.hasSuffix("time left: 3 s\r\u{1B}[Knext\n"))
    }

    @Test func theFooterStaysOnTheLastLineBesideTheCountdownCutToTheWidth() {
        let text = Box("")
        let writer = ScreenWriter(inPlace: true, columns: { 30 }) { chunk in text.mutate { $0 += chunk } }
        writer.footer("keys: [s] start")
        writer.line("joined: Ann")
        let generation = writer.beginCountdown()
        writer.countdown("time left: 9 s", generation: generation)
        #expect(text.value == "\r\u{1B}[Kkeys: [s] start" + "\r\u{1B}[Kjoined: Ann\nkeys: [s] start" + "\r\u{1B}[Ktime left: 9 s   keys: [s] st")
        writer.footer(nil)
        #expect(text.value.hasSuffix("\r\u{1B}[Ktime left: 9 s"))
    }

    @Test func otherOutputMakesWayForTheStatusLineAndFinishTakesItAway() {
        let text = Box("")
        let writer = ScreenWriter(inPlace: true) { chunk in text.mutate { $0 += chunk } }
        writer.footer("keys")
        writer.interrupt { text.mutate { $0 += "a log line\n" } }
        #expect(text.value == "\r\u{1B}[Kkeys" + "\r\u{1B}[Ka log line\nkeys")
        writer.finish()
        writer.countdown("time left: 1 s", generation: writer.beginCountdown())
        writer.line("bye")
        #expect(text.value.hasSuffix("keys\r\u{1B}[K" + "\r\u{1B}[K" + "bye\n"))
    }

    @Test func withoutATerminalTheFooterIsOneLine() {
        let text = Box("")
        let writer = ScreenWriter(inPlace: false) { chunk in text.mutate { $0 += chunk } }
        writer.footer("keys: [s] start")
        writer.line("joined: Ann")
        #expect(text.value == "keys: [s] start\njoined: Ann\n")
    }
}

/// The `kind`-tagged messages every game uses.
@Suite struct KindCodingTests {
    enum Tagged: Codable, Hashable {
        case plain
        case with(ToyNews)

        init(from decoder: any Decoder) throws {
            switch try KindCoding.kind(in: decoder) {
            case "plain": self = .plain
            case "with": self = .with(try ToyNews(from: decoder))
            case let kind: throw KindCoding.unknown(kind, of: "toy", in: decoder)
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .plain: try KindCoding.encode("plain", to: encoder)
            case .with(let news): try KindCoding.encode("with", news, to: encoder)
            }
        }
    }

    @Test func theKindSitsBesideThePayloadsFields() throws {
        #expect(try JSONValue(encoding: Tagged.with(ToyNews(news: "x"))) == .object(["kind": .string("with"), "news": .string("x")]))
        #expect(try JSONValue(encoding: Tagged.plain) == .object(["kind": .string("plain")]))
        #expect(try JSONValue(encoding: Tagged.with(ToyNews(news: "x"))).decode(Tagged.self) == .with(ToyNews(news: "x")))
        #expect(throws: DecodingError.self) { try JSONValue.object(["kind": .string("odd")]).decode(Tagged.self) }
        #expect(throws: DecodingError.self) { try JSONValue.object(["kind": .string("chat"), "text": .string("hi")]).decode(NoMessage.self) }
    }
}
