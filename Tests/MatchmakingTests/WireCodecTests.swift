import Foundation
import NIOCore
import Testing

@testable import Matchmaking

@Suite struct WireCodecTests {
    let codec = WireCodec()

    func decode(_ json: String) throws(ProtocolViolation) -> WireMessage {
        try codec.decode(ByteBuffer(string: json))
    }

    func object(_ message: WireMessage) throws -> [String: Any] {
        let payload = codec.encode(message)
        let json = try JSONSerialization.jsonObject(with: Data(payload.readableBytesView))
        return try #require(json as? [String: Any])
    }

    func string(_ message: WireMessage) -> String {
        String(buffer: codec.encode(message))
    }

    // MARK: round trips

    @Test func fixturesCoverEveryMessageType() {
        #expect(Set(Fixtures.messages.map(\.typeName)) == [
            "serverHello", "clientHello", "welcome", "deny", "joined", "left", "ping", "pong", "app", "bye",
        ])
    }

    @Test(arguments: Fixtures.messages)
    func roundTrips(message: WireMessage) throws {
        #expect(try codec.decode(codec.encode(message)) == message)
    }

    @Test(arguments: Fixtures.messages)
    func typeMemberIsPresent(message: WireMessage) throws {
        let object = try object(message)
        #expect(object["type"] as? String == message.typeName)
    }

    @Test func constants() {
        #expect(WireCodec.supportedVersions == [1, 2, 3, 4])
        #expect(WireCodec.defaultMaxFrame == 65_536)
    }

    // MARK: exact encodings

    @Test func pingEncoding() {
        #expect(string(.ping(Ping(seq: 1, sent: 5))) == #"{"sent":5,"seq":1,"type":"ping"}"#)
    }

    @Test func pongEncoding() {
        #expect(
            string(.pong(Pong(seq: 2, sent: 10, received: 20, replied: 30)))
                == #"{"received":20,"replied":30,"sent":10,"seq":2,"type":"pong"}"#)
    }

    @Test func byeEncodingOmitsAnAbsentDetail() {
        #expect(string(.bye(Bye(reason: .userQuit, detail: nil))) == #"{"reason":"userQuit","type":"bye"}"#)
        #expect(
            string(.bye(Bye(reason: .protocolError, detail: "a/b"))) == #"{"detail":"a/b","reason":"protocolError","type":"bye"}"#)
    }

    @Test func denyEncoding() {
        #expect(
            string(.deny(Deny(reason: .wrongJoinCode, detail: "the join code is wrong")))
                == #"{"detail":"the join code is wrong","reason":"wrongJoinCode","type":"deny"}"#)
        #expect(
            string(.deny(Deny(reason: .nameTaken, detail: "taken", suggestion: "Ada 2")))
                == #"{"detail":"taken","reason":"nameTaken","suggestion":"Ada 2","type":"deny"}"#)
    }

    @Test func aDenyDecodesWithOrWithoutASuggestion() throws {
        let codec = WireCodec()
        let old = ByteBuffer(string: #"{"type":"deny","reason":"nameTaken","detail":"taken"}"#)
        #expect(try codec.decode(old) == .deny(Deny(reason: .nameTaken, detail: "taken", suggestion: nil)))
        let new = ByteBuffer(string: #"{"type":"deny","reason":"nameTaken","detail":"taken","suggestion":"Ada 2"}"#)
        #expect(try codec.decode(new) == .deny(Deny(reason: .nameTaken, detail: "taken", suggestion: "Ada 2")))
        let null = ByteBuffer(string: #"{"type":"deny","reason":"full","detail":"full","suggestion":null}"#)
        #expect(try codec.decode(null) == .deny(Deny(reason: .full, detail: "full")))
        #expect(WireCodec.fastEncode(.deny(Deny(reason: .nameTaken, detail: "taken", suggestion: "Ada 2"))) == nil, "not a hot frame")
    }

    @Test func joinedAndLeftEncoding() {
        #expect(string(.joined(Joined(peer: Fixtures.ada))) == #"{"peer":{"id":1,"name":"Ada"},"type":"joined"}"#)
        #expect(
            string(.left(Left(peer: Fixtures.bob, reason: .connectionDropped)))
                == #"{"peer":{"id":2,"name":"Bob"},"reason":"connectionDropped","type":"left"}"#)
    }

    @Test func appEncoding() {
        #expect(string(.app(AppMessage(from: nil, to: nil, body: .integer(3)))) == #"{"body":3,"type":"app"}"#)
        #expect(
            string(.app(AppMessage(from: PeerID(rawValue: 4), to: .all, body: .null)))
                == #"{"body":null,"from":4,"to":"all","type":"app"}"#)
        #expect(
            string(.app(AppMessage(from: nil, to: .peers([.host, PeerID(rawValue: 2)]), body: .bool(false))))
                == #"{"body":false,"to":[0,2],"type":"app"}"#)
    }

    @Test func serverHelloEncoding() throws {
        let object = try object(.serverHello(Fixtures.serverHello()))
        #expect(Set(object.keys) == [
            "type", "versions", "serverId", "name", "game", "nonce", "joinCodeRequired", "players", "capacity", "maxFrame",
        ])
        #expect((object["serverId"] as? String)?.lowercased() == "5a1c0de0-0000-4000-8000-000000000001")
        #expect(object["nonce"] as? String == Fixtures.nonceBase64)
        #expect(object["versions"] as? [Int] == [1])
    }

    @Test func clientHelloWithoutProofOmitsIt() throws {
        let object = try object(.clientHello(ClientHello(version: 1, name: "Ada", proof: nil)))
        #expect(Set(object.keys) == ["type", "version", "name"])
    }

    // MARK: decoding what other clients send

    @Test func decodesAHandWrittenClientHello() throws {
        let message = try decode(#"{"name":"Zoë","version":1,"type":"clientHello","proof":"AAAA"}"#)
        #expect(message == .clientHello(ClientHello(version: 1, name: "Zoë", proof: "AAAA")))
    }

    @Test func unknownMembersAreIgnored() throws {
        #expect(try decode(#"{"type":"ping","seq":3,"sent":4,"extra":[1,2]}"#) == .ping(Ping(seq: 3, sent: 4)))
    }

    @Test func decodesALowercaseServerID() throws {
        let json = #"{"type":"serverHello","versions":[1],"serverId":"5a1c0de0-0000-4000-8000-000000000001","name":"n","game":"g","nonce":"x","joinCodeRequired":false,"players":0,"capacity":4,"maxFrame":1024}"#
        guard case .serverHello(let hello) = try decode(json) else {
            Issue.record("not a serverHello")
            return
        }
        #expect(hello.serverId == Fixtures.serverID)
    }

    @Test func decodesFromANonZeroReaderIndex() throws {
        var buffer = ByteBuffer(string: "JUNK")
        buffer.writeString(#"{"type":"ping","seq":1,"sent":2}"#)
        buffer.moveReaderIndex(forwardBy: 4)
        #expect(try codec.decode(buffer) == .ping(Ping(seq: 1, sent: 2)))
    }

    // MARK: violations

    @Test func invalidUTF8() {
        var buffer = ByteBuffer(string: #"{"type":"ping","seq":1,"sent":2,"x":""#)
        buffer.writeBytes([0xC3, 0x28])  // a broken two-byte sequence
        buffer.writeString(#""}"#)
        #expect(throws: ProtocolViolation.invalidUTF8) { try codec.decode(buffer) }
        #expect(throws: ProtocolViolation.invalidUTF8) { try codec.decode(ByteBuffer(bytes: [0xFF, 0xFE])) }
    }

    @Test func notJSON() {
        #expect(throws: ProtocolViolation.malformedMessage("not JSON")) { try decode("hello") }
        #expect(throws: ProtocolViolation.malformedMessage("not JSON")) { try decode(#"{"type":"ping","#) }
        #expect(throws: ProtocolViolation.malformedMessage("not JSON")) { try decode("") }
    }

    @Test func jsonThatIsNotAnObject() {
        #expect(throws: ProtocolViolation.malformedMessage("wrong type at the message")) { try decode("[1,2]") }
        #expect(throws: ProtocolViolation.malformedMessage("wrong type at the message")) { try decode(#""ping""#) }
        #expect(throws: ProtocolViolation.malformedMessage("wrong type at the message")) { try decode("42") }
    }

    @Test func missingType() {
        #expect(throws: ProtocolViolation.malformedMessage("missing type")) { try decode(#"{"seq":1,"sent":2}"#) }
        #expect(throws: ProtocolViolation.malformedMessage("missing type")) { try decode("{}") }
    }

    @Test func typeOfTheWrongType() {
        #expect(throws: ProtocolViolation.malformedMessage("wrong type at type")) { try decode(#"{"type":5}"#) }
    }

    @Test func missingFields() {
        #expect(throws: ProtocolViolation.malformedMessage("missing sent")) { try decode(#"{"type":"ping","seq":1}"#) }
        #expect(throws: ProtocolViolation.malformedMessage("missing body")) { try decode(#"{"type":"app","to":"all"}"#) }
        #expect(throws: ProtocolViolation.malformedMessage("missing name")) { try decode(#"{"type":"joined","peer":{"id":3}}"#) }
        #expect(throws: ProtocolViolation.malformedMessage("missing version")) { try decode(#"{"type":"clientHello","name":"Ada"}"#) }
        #expect(throws: ProtocolViolation.malformedMessage("missing reason")) { try decode(#"{"type":"bye"}"#) }
    }

    @Test func wrongFieldTypes() {
        #expect(throws: ProtocolViolation.malformedMessage("wrong type at seq")) { try decode(#"{"type":"ping","seq":"1","sent":2}"#) }
        #expect(throws: ProtocolViolation.malformedMessage("wrong type at peer.name")) {
            try decode(#"{"type":"joined","peer":{"id":3,"name":7}}"#)
        }
    }

    @Test func nullFields() {
        #expect(throws: ProtocolViolation.malformedMessage("null at seq")) { try decode(#"{"type":"ping","seq":null,"sent":2}"#) }
    }

    @Test(arguments: [
        #"{"type":"ping","seq":-1,"sent":2}"#,
        #"{"type":"ping","seq":4294967296,"sent":2}"#,
        #"{"type":"ping","seq":1.5,"sent":2}"#,
    ])
    func outOfRangeNumbersAreMalformed(json: String) {
        #expect {
            try decode(json)
        } throws: { error in
            guard case .malformedMessage = error as? ProtocolViolation else { return false }
            return true
        }
    }

    /// Foundation on Linux reports a number that does not fit with an empty coding path, so the
    /// summary cannot name the field; it must not claim the payload is not JSON.
    @Test
    func outOfRangeNumbersNameTheField() {
        #expect(throws: ProtocolViolation.malformedMessage("a value is out of range or of the wrong kind")) {
            try decode(#"{"type":"ping","seq":-1,"sent":2}"#)
        }
        #expect(throws: ProtocolViolation.malformedMessage("not JSON")) { try decode(#"{"type":"ping","#) }
        #expect(throws: ProtocolViolation.malformedMessage("wrong type at the message")) { try decode(#"[1,2]"#) }
    }

    @Test func unknownEnumValues() {
        #expect(throws: ProtocolViolation.malformedMessage("invalid value at reason")) {
            try decode(#"{"type":"deny","reason":"bored","detail":""}"#)
        }
        #expect(throws: ProtocolViolation.malformedMessage("invalid value at reason")) { try decode(#"{"type":"bye","reason":"sleepy"}"#) }
    }

    @Test func unknownType() {
        #expect(throws: ProtocolViolation.unknownMessageType("hello")) { try decode(#"{"type":"hello"}"#) }
        #expect(throws: ProtocolViolation.unknownMessageType("Ping")) { try decode(#"{"type":"Ping","seq":1,"sent":2}"#) }
        #expect(throws: ProtocolViolation.unknownMessageType("")) { try decode(#"{"type":""}"#) }
    }

    @Test func unknownTypeIsCutTo40Characters() {
        let long = String(repeating: "x", count: 100)
        #expect(throws: ProtocolViolation.unknownMessageType(String(repeating: "x", count: 40))) {
            try decode(#"{"type":"\#(long)"}"#)
        }
    }

    @Test func wrongToValue() {
        #expect(throws: ProtocolViolation.malformedMessage("invalid value at to")) { try decode(#"{"type":"app","to":"everyone","body":1}"#) }
        #expect(throws: ProtocolViolation.malformedMessage("invalid value at to")) { try decode(#"{"type":"app","to":"ALL","body":1}"#) }
        #expect(throws: ProtocolViolation.malformedMessage("wrong type at to")) { try decode(#"{"type":"app","to":5,"body":1}"#) }
        #expect(throws: ProtocolViolation.malformedMessage("wrong type at to")) { try decode(#"{"type":"app","to":{"all":true},"body":1}"#) }
        #expect(throws: ProtocolViolation.malformedMessage("wrong type at to.1")) { try decode(#"{"type":"app","to":[1,"x"],"body":1}"#) }
    }

    @Test func violationsDoNotEchoThePayload() {
        do {
            _ = try decode(#"{"type":"ping","seq":"SECRET","sent":2}"#)
            Issue.record("decoded")
        } catch {
            #expect(!String(describing: error).contains("SECRET"))
        }
    }

    // MARK: WireRecipients

    @Test func recipientsAll() throws {
        #expect(try JSONDecoder().decode(WireRecipients.self, from: Data(#""all""#.utf8)) == .all)
        #expect(String(decoding: try JSONEncoder().encode(WireRecipients.all), as: UTF8.self) == #""all""#)
    }

    @Test func recipientsList() throws {
        #expect(
            try JSONDecoder().decode(WireRecipients.self, from: Data("[0, 3, 7]".utf8))
                == .peers([.host, PeerID(rawValue: 3), PeerID(rawValue: 7)]))
        #expect(try JSONDecoder().decode(WireRecipients.self, from: Data("[]".utf8)) == .peers([]))
        #expect(String(decoding: try JSONEncoder().encode(WireRecipients.peers([PeerID(rawValue: 2), .host])), as: UTF8.self) == "[2,0]")
    }

    @Test func recipientsRejectOtherWords() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(WireRecipients.self, from: Data(#""none""#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(WireRecipients.self, from: Data("[-1]".utf8)) }
    }

    // MARK: JSONValue and PeerID

    @Test func jsonValueKinds() throws {
        let json = #"{"a":null,"b":true,"c":-12,"d":1.5,"e":"s","f":[1,"x",false],"g":{"h":{}}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        #expect(value == .object([
            "a": .null, "b": .bool(true), "c": .integer(-12), "d": .number(1.5), "e": .string("s"),
            "f": .array([.integer(1), .string("x"), .bool(false)]), "g": .object(["h": .object([:])]),
        ]))
    }

    @Test func jsonValueKeepsBoolsAndNumbersApart() throws {
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data("1".utf8)) == .integer(1))
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data("true".utf8)) == .bool(true))
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data("0".utf8)) == .integer(0))
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data("false".utf8)) == .bool(false))
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data("1e300".utf8)) == .number(1e300))
    }

    struct Answer: Codable, Equatable {
        var question: Int
        var choice: String
        var at: Double?
    }

    @Test func jsonValueBridgesGameTypes() throws {
        let answer = Answer(question: 3, choice: "B", at: 0.25)
        let value = try JSONValue(encoding: answer)
        #expect(value == .object(["question": .integer(3), "choice": .string("B"), "at": .number(0.25)]))
        #expect(try value.decode(Answer.self) == answer)
        #expect(throws: DecodingError.self) { try JSONValue.string("x").decode(Answer.self) }
    }

    @Test func peerIDCodingAndOrder() throws {
        #expect(String(decoding: try JSONEncoder().encode(PeerID(rawValue: 42)), as: UTF8.self) == "42")
        #expect(try JSONDecoder().decode(PeerID.self, from: Data("7".utf8)) == PeerID(rawValue: 7))
        #expect(PeerID.host.rawValue == 0)
        #expect(PeerID.host < PeerID(rawValue: 1))
        #expect(PeerID(rawValue: 9).description == "9")
    }

    @Test func violationDescriptions() {
        #expect(ProtocolViolation.frameTooLarge(length: 70_000, limit: 65_536).description == "frame of 70000 bytes exceeds the 65536-byte limit")
        #expect(ProtocolViolation.emptyFrame.description == "empty frame (length 0)")
        #expect(ProtocolViolation.truncatedFrame(expected: 14, received: 7).description == "connection closed inside a frame (7 of 14 bytes)")
        #expect(ProtocolViolation.unknownMessageType("x").description == #"unknown message type "x""#)
        #expect(ProtocolViolation.unexpectedMessage(type: "ping", state: "awaiting welcome").description == "ping is not allowed while awaiting welcome")
    }
}
