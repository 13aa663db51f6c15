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
        try time("decode app frame (raw body, fast path)") { _ = try codec.decode(frame) }
        try time("decode ping") { _ = try codec.decode(ping) }
        let message = try codec.decode(frame)
        guard case .app(let app) = message else { fatalError("not an app frame") }
        time("encode app (WireCodec, body spliced)") { _ = codec.encode(message) }
        try time("encode Press + splice (HostSession.send)") {
            _ = AppPayload.make(body: try RawJSON(encoding: Press(seq: 1, at: 0)).bytes, from: .host, recipients: nil)
        }
        try time("decode Press from the body (SessionMessage.decode)") { _ = try app.body.decode(Press.self) }
        time("JSONDecoder() + JSONEncoder() creation") { _ = (JSONDecoder(), JSONEncoder()) }
        try time("full decoder of the frame (JSONDecoder, for comparison)") {
            _ = try frame.withUnsafeReadableBytes { try JSONDecoder().decode(WireMessage.self, from: Data($0)) }
        }
        try time("JSONSerialization parse of the frame (for comparison)") {
            _ = try frame.withUnsafeReadableBytes { try JSONSerialization.jsonObject(with: Data($0)) }
        }
    }
}
