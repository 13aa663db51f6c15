import Foundation
import Logging
import Matchmaking
import NIOCore
import SecureLink

/// `snap-bench tls-client --tls HOST:PORT --fingerprint HEX --plain HOST:PORT [--rounds N] [--joins N]`:
/// the cost of TLS on the TCP link, measured from this process against two real `snap-host serve`
/// processes started by scripts/bench-tls (one with TLS, one with --no-tls), in turns:
///
/// - round trip: an app message to the player's own id, relayed back by the host (the host's
///   relay path: decode, route, encode, and TLS both ways on the TLS host);
/// - join: connection opened to welcome received (TCP, the TLS handshake with the key check,
///   the protocol's handshake), one player at a time, each leaving after its sample.
///
/// Prints one Markdown row: p50 and p99 of each, and the TLS / clear-text ratios.
enum TLSBenchmark {
    struct Endpoint {
        let host: String
        let port: Int

        init?(_ text: String) {
            guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]) else { return nil }
            host = String(text[..<colon])
            self.port = port
        }
    }

    static func client(tls: Endpoint, fingerprint: Fingerprint, plain: Endpoint, rounds: Int, joins: Int) async throws {
        var logger = Logger(label: "bench.tls")
        logger.logLevel = .error
        let secured = HostRoute.tls(host: tls.host, port: tls.port, trust: .pinned(fingerprint, source: "given"), logger: logger)
        let clear = HostRoute.tcp(host: plain.host, port: plain.port)
        func join(_ route: HostRoute, _ name: String) async throws -> PlayerSession {
            try await MatchmakingClient.join(route, configuration: .init(playerName: name), logger: logger)
        }
        // Round trips: both links open at once, taking turns in blocks of 100.
        let onTLS = try await join(secured, "TLS")
        let onTCP = try await join(clear, "TCP")
        var tlsRounds: [UInt64] = []
        var tcpRounds: [UInt64] = []
        for block in 0..<(rounds / 100 + 1) {
            let keep = block > 0  // the first block warms both up
            let a = try await selfRoundTrips(onTLS, rounds: 100)
            let b = try await selfRoundTrips(onTCP, rounds: 100)
            if keep { tlsRounds += a; tcpRounds += b }
        }
        _ = await onTLS.quit()
        _ = await onTCP.quit()
        // Joins: one at a time, alternating.
        var tlsJoins: [UInt64] = []
        var tcpJoins: [UInt64] = []
        for index in 0..<(joins + joins / 10) {
            for (route, samples) in [(secured, 0), (clear, 1)] {
                let start = now()
                let session = try await join(route, "J\(index)")
                let elapsed = now() - start
                if index >= joins / 10 { if samples == 0 { tlsJoins.append(elapsed) } else { tcpJoins.append(elapsed) } }
                _ = await session.quit()
            }
        }
        let rtt = (Stats(tlsRounds), Stats(tcpRounds))
        let joined = (Stats(tlsJoins), Stats(tcpJoins))
        func ms(_ ns: UInt64) -> String { String(format: "%.2f", Double(ns) / 1e6) }
        func ratio(_ a: UInt64, _ b: UInt64) -> String { String(format: "%.2f", Double(a) / Double(b)) }
        print("| \(Stats.micros(rtt.1.p50)) | \(Stats.micros(rtt.0.p50)) | **\(ratio(rtt.0.p50, rtt.1.p50))** | \(Stats.micros(rtt.1.p99)) | \(Stats.micros(rtt.0.p99)) | "
            + "\(ms(joined.1.p50)) | **\(ms(joined.0.p50))** | \(ratio(joined.0.p50, joined.1.p50)) | \(ms(joined.1.p99)) | \(ms(joined.0.p99)) |")
    }

    /// Round trips of an app message to the player's own id, relayed back by the host.
    static func selfRoundTrips(_ client: PlayerSession, rounds: Int) async throws -> [UInt64] {
        var replies = client.inputs.makeAsyncIterator()
        var samples: [UInt64] = []
        for round in 0..<rounds {
            let start = now()
            try client.send(Press(seq: round, at: 0), to: .peer(client.me.id))
            while let input = await replies.next(), input.message == nil {}
            samples.append(now() - start)
        }
        return samples
    }
}
