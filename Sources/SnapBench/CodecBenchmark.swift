import Foundation
import Matchmaking
import NIOCore

/// Where the session's time goes: the codec's share of a round trip, per operation.
enum CodecBenchmark {
    static func run() throws {
        let codec = WireCodec()
        let frame = ByteBuffer(string: #"{"body":{"at":0,"seq":12345},"from":3,"type":"app"}"#)
        let ping = ByteBuffer(string: #"{"sent":123456789,"seq":7,"type":"ping"}"#)
        func time(_ label: String, _ count: Int = 100_000, _ body: () throws -> Void) rethrows {
            let start = now()
            for _ in 0..<count { try body() }
            print("| \(label) | \(String(format: "%.2f", Double(now() - start) / Double(count) / 1000)) |")
        }
        print("| operation | µs each |\n|---|---|")
        try time("decode app frame (JSONValue body)") { _ = try codec.decode(frame) }
        try time("decode ping") { _ = try codec.decode(ping) }
        let message = try codec.decode(frame)
        time("encode app (WireCodec)") { _ = codec.encode(message) }
        try time("encode Press + splice (Session.send)") {
            _ = AppPayload.make(body: try JSONEncoder().encode(Press(seq: 1, at: 0)), from: .host, to: nil)
        }
        try time("JSONValue.decode(Press)") { _ = try JSONValue.object(["at": .integer(0), "seq": .integer(1)]).decode(Press.self) }
        try time("JSONSerialization parse of the frame") {
            _ = try frame.withUnsafeReadableBytes { try JSONSerialization.jsonObject(with: Data($0)) }
        }
    }
}
