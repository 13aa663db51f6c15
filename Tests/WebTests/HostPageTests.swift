import GameRuntime
import InMemoryLogging
import Logging
import Matchmaking
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Synchronization
import Testing

@testable import Web

/// The host page's socket in an EmbeddedChannel: the PIN first, then commands; what it sees.
@Suite struct HostPageTests {
    typealias Table = ScreenFeedTests.Table

    /// A host page for PIN 482913 whose commands and log lines are kept.
    final class Door: Sendable {
        let feed = ScreenFeedTests.feed()
        let commands = Kept<HostCommand>()
        let log = InMemoryLogHandler()
        let page: HostPage

        /// What was logged: `level message key=value …`.
        var logs: [String] {
            log.entries.map { entry in
                "\(entry.level) \(entry.message) " + entry.metadata.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
            }
        }

        init() {
            let (commands, log) = (self.commands, self.log)
            var handler = log
            handler.logLevel = .trace
            let logger = Logger(label: "test") { _ in handler }
            page = HostPage(pin: try! HostPIN("482913", joinCode: "tea"), feed: feed, logger: logger) { commands.append($0) }
        }

        /// A page's WebSocket from `address`.
        func open(from address: String = "10.0.0.9") throws -> EmbeddedChannel {
            let channel = EmbeddedChannel()
            try channel.pipeline.syncOperations.addHandler(HostPageLink(page: page))
            try channel.connect(to: SocketAddress(ipAddress: address, port: 5000)).wait()
            return channel
        }
    }

    /// Values kept from any thread.
    final class Kept<Value: Sendable>: Sendable {
        private let values = Mutex<[Value]>([])
        func append(_ value: Value) { values.withLock { $0.append(value) } }
        var all: [Value] { values.withLock { $0 } }
    }

    static func say(_ text: String, to channel: EmbeddedChannel) throws {
        try channel.writeInbound(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text)))
    }

    /// The text messages written to the page (a close frame as `close`).
    static func heard(_ channel: EmbeddedChannel) throws -> [String] {
        var lines: [String] = []
        while let frame = try channel.readOutbound(as: WebSocketFrame.self) {
            lines.append(frame.opcode == .connectionClose ? "close" : String(buffer: frame.data))
        }
        return lines
    }

    @Test func aWrongPINIsToldAndTheConnectionClosedAndNeitherPINIsLogged() throws {
        let door = Door()
        let page = try door.open()
        try Self.say(#"{"pin":"111222"}"#, to: page)
        #expect(try Self.heard(page) == [#"{"triesLeft":4,"type":"wrongPin"}"#, "close"])
        #expect(!page.isActive)
        #expect(door.commands.all.isEmpty)
        let logs = door.logs
        #expect(logs == ["warning wrong host PIN address=10.0.0.9 triesLeft=4"])
        #expect(!logs.joined().contains("111222") && !logs.joined().contains("482913"))
    }

    @Test func theRightPINUnlocksThePageWhichThenSeesTheHostAndSendsCommands() throws {
        let door = Door()
        let page = try door.open()
        try Self.say(#"{"pin":"482913"}"#, to: page)
        let heard = try Self.heard(page)
        #expect(heard.count == 2)
        #expect(heard[0].contains(#""type":"unlocked""#) && heard[0].contains(#""token":""#))
        // The hello lists the commands, carries no QR code, and never the PIN.
        #expect(heard[1].contains(#""type":"hello""#) && heard[1].contains(#""commands":[{"command":"startNow"},{"command":"skip"}"#))
        #expect(heard[1].contains(#""qr":"""#) && !heard[1].contains("482913"))
        try Self.say(#"{"command":"skip"}"#, to: page)
        try Self.say(#"{"command":"kick","peer":2}"#, to: page)
        #expect(door.commands.all == [.skip, .kick(PeerID(rawValue: 2))])
        #expect(try Self.heard(page).isEmpty)
        #expect(door.logs == ["notice host page unlocked address=10.0.0.9"])
    }

    @Test func aMessageThatIsNoCommandIsAnsweredInWords() throws {
        let door = Door()
        let page = try door.open()
        try Self.say(#"{"pin":"482913"}"#, to: page)
        _ = try Self.heard(page)
        for (message, answer) in [
            (#"{"command":""}"#, #"a command's name is 1 to 32 characters: startNow, skip, pause, unpause, end, rematch, kick, or the game's own"#),
            (#"{"command":"kick"}"#, #"kick needs the player's id: {\"command\":\"kick\",\"peer\":3}"#),
            ("not json", "a command is"),
        ] {
            try Self.say(message, to: page)
            let heard = try Self.heard(page)
            #expect(heard.count == 1 && heard[0].hasPrefix(#"{"text":""#) && heard[0].contains(#""type":"error""#))
            #expect(heard.first?.contains(answer) == true, "\(heard)")
        }
        #expect(door.commands.all.isEmpty)
        #expect(page.isActive)
        // A name that is no common command is the game's to know or refuse (`unknownCommand`).
        try Self.say(#"{"command":"jump","high":true}"#, to: page)
        #expect(try Self.heard(page).isEmpty)
        #expect(door.commands.all == [.game(GameCommand("jump", ["high": .bool(true)]))])
    }

    @Test func aTokenBringsAnUnlockedPageBackWithoutThePINAndAnUnknownOneAsksForIt() throws {
        let door = Door()
        let first = try door.open()
        try Self.say(#"{"pin":"482913"}"#, to: first)
        let unlocked = try Self.heard(first)[0]
        let token = try #require(unlocked.firstMatch(of: /"token":"([0-9a-f]{32})"/)?.1)
        let again = try door.open()
        try Self.say(#"{"token":"\#(token)"}"#, to: again)
        #expect(try Self.heard(again).first == #"{"token":"\#(token)","type":"unlocked"}"#)
        let stranger = try door.open(from: "10.0.0.66")
        try Self.say(#"{"token":"00000000000000000000000000000000"}"#, to: stranger)
        #expect(try Self.heard(stranger) == [#"{"type":"pinNeeded"}"#, "close"])
        #expect(!stranger.isActive)
    }

    @Test func fiveWrongPINsLockTheAddressAndTheRightOneIsRefusedMeanwhile() throws {
        let door = Door()
        var answers: [String] = []
        for pin in ["000001", "000002", "000003", "000004", "000005", "482913"] {
            let page = try door.open()
            try Self.say(#"{"pin":"\#(pin)"}"#, to: page)
            answers.append(try Self.heard(page)[0])
        }
        #expect(answers[3] == #"{"triesLeft":1,"type":"wrongPin"}"#)
        #expect(answers[4] == #"{"everyone":false,"retryInS":60,"type":"locked"}"#)
        #expect(answers[5].contains(#""type":"locked""#))
        // Another address is not locked out.
        let other = try door.open(from: "10.0.0.10")
        try Self.say(#"{"pin":"482913"}"#, to: other)
        #expect(try Self.heard(other)[0].contains(#""type":"unlocked""#))
        #expect(door.logs.contains("warning host page locked address=10.0.0.9 everyone=false seconds=60"))
    }

    @Test func aFirstMessageThatIsNoPINIsRefusedAndSilenceIsCutOff() throws {
        let door = Door()
        let page = try door.open()
        try Self.say(#"{"command":"skip"}"#, to: page)
        #expect(try Self.heard(page) == [#"{"text":"the first message is the host PIN: {\"pin\":\"123456\"}","type":"badRequest"}"#, "close"])
        #expect(door.commands.all.isEmpty)
        let silent = try door.open()
        silent.embeddedEventLoop.advanceTime(by: .seconds(9))
        #expect(silent.isActive)
        silent.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!silent.isActive)
    }

    @Test func onlyHostPagesHearTheCommandsOutcomes() throws {
        let door = Door()
        let page = try door.open()
        try Self.say(#"{"pin":"482913"}"#, to: page)
        _ = try Self.heard(page)
        let screen = try ScreenFeedTests.screen(door.feed, local: true)
        _ = try ScreenFeedTests.lines(screen)
        door.feed.publish(GameHostEvent<Table>.commanded(.kick(ScreenFeedTests.ann.id)))
        door.feed.publish(GameHostEvent<Table>.refused(CommandRefusal(.skip, .noGame)))
        door.feed.publish(GameHostEvent<Table>.joined(ScreenFeedTests.bob, roster: Roster([ScreenFeedTests.ann, ScreenFeedTests.bob])))
        let heard = try Self.heard(page)
        #expect(heard.count == 3)
        #expect(heard[0] == #"{"command":{"command":"kick","peer":1},"peer":{"id":1,"name":"Ann"},"type":"commanded"}"#)
        #expect(heard[1] == #"{"command":{"command":"skip"},"reason":"noGame","text":"nothing to skip: no game is under way","type":"refused"}"#)
        #expect(heard[2].contains(#""type":"joined""#))
        #expect(try ScreenFeedTests.lines(screen).count == 1)  // the TV: only the join
    }
}
