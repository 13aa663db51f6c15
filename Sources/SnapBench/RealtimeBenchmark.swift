import Foundation
import Logging
import Matchmaking
import NIOCore
import NIOPosix
import Synchronization

/// The real-time channel's benchmark (issue 16), in two processes: `realtime-host` sends the
/// state `{"t": <host CLOCK_MONOTONIC µs>}` with key `court` to every player at 60 Hz;
/// `realtime-client` joins it once per way (UDP datagrams on; `datagrams = false`: the reliable
/// link) and samples, every millisecond, the age of the newest state each session holds
/// (now − t). Both processes read the same CLOCK_MONOTONIC: network namespaces share it (they
/// are not time namespaces), so the age needs no clock estimate. scripts/bench-realtime runs
/// them in the two namespaces of scripts/testbed-mdns with packet loss between them.
enum RealtimeBenchmark {
    /// The state the host sends: when it was sent, on the host's monotonic clock (µs).
    struct Court: Codable, Sendable {
        var t: Int64
    }

    /// The state's key.
    static let key = "court"
    /// The log level of host and clients: errors, unless `SNAP_BENCH_LOG` names another (on stderr).
    static var logLevel: Logger.Level { ProcessInfo.processInfo.environment["SNAP_BENCH_LOG"].flatMap(Logger.Level.init(rawValue:)) ?? .error }

    /// States per second: one per frame of a 60 Hz game.
    static let rate = 60.0

    /// How a client session receives the host's states.
    enum Way: String, CaseIterable, Sendable {
        /// Datagrams on: over UDP while the path works both ways, else over the link.
        case udp
        /// `datagrams = false`: always over the reliable link.
        case link
    }

    /// A `--ways` entry that names no way.
    struct UnknownWay: Error, CustomStringConvertible {
        let name: String
        var description: String { "unknown way \"\(name)\": use udp, link or both (udp,link)" }
    }

    /// `realtime-host`: listens on `address:port` and sends a state to all at 60 Hz, for
    /// `seconds` or until killed. Prints `listening on ADDRESS udp PORT` once players may join.
    static func host(address: String, port: Int, seconds: Double?) async throws {
        var configuration = ServerConfiguration(name: "Realtime Bench")
        configuration.host = address
        configuration.port = port
        configuration.capacity = 16
        var logger = Logger(label: "bench.realtime")
        logger.logLevel = logLevel
        let server = try MatchmakingServer(configuration: configuration, logger: logger)
        let bound = try await server.start()
        emit("listening on \(bound.ipAddress ?? address):\(bound.port ?? port) udp \(server.datagramPort.map(String.init) ?? "none")")
        let inputs = Task { for await _ in server.session.inputs {} }  // joins and leaves: not kept
        let period = UInt64(1e9 / rate)
        let start = now()
        var frame: UInt64 = 0
        while seconds.map({ Double(now() - start) / 1e9 < $0 }) ?? true {
            frame += 1
            let due = start + frame * period
            let current = now()
            if due > current { try await Task.sleep(for: .nanoseconds(Int64(due - current))) }
            try? server.session.sendState(Court(t: Int64(now() / 1000)), key: key, to: .all)
        }
        inputs.cancel()
        await server.shutdown()
    }

    /// One way's session and the newest `t` it holds (0: none yet).
    final class Receiver: Sendable {
        let way: Way
        let session: PlayerSession
        let newest = Atomic<Int64>(0)
        let count = Atomic<Int>(0)
        /// Why the session ended, if it did before the sampling did (the host dropped it).
        let ended: Mutex<EndReason?> = Mutex(nil)
        private let reader: Mutex<Task<Void, Never>?> = Mutex(nil)

        init(way: Way, session: PlayerSession) {
            self.way = way
            self.session = session
        }

        func start() {
            let task = Task {
                for await input in session.inputs {
                    guard let message = input.message, message.key == RealtimeBenchmark.key,
                          let court = try? message.decode(Court.self) else { continue }
                    newest.store(court.t, ordering: .relaxed)  // latest-wins: only newer states arrive
                    count.add(1, ordering: .relaxed)
                }
                let reason = await session.ended()
                ended.withLock { $0 = reason }
            }
            reader.withLock { $0 = task }
        }

        func stop() async {
            reader.withLock { $0 }?.cancel()
            _ = await session.quit()
        }
    }

    /// One way's samples: ages in µs, and how many samples saw the session using UDP.
    struct Samples: Sendable {
        var ages: [Int64] = []
        var usingUDP = 0
    }

    /// `realtime-client`: joins `host:port` once per way in `ways`, waits until the UDP session
    /// uses datagrams (at most 5 s) and every session has a state, then samples for `seconds`.
    /// Prints one JSON line per way. `watch` (for the system tests) waits for nothing: it says
    /// `{"joined": WAY}` per join, then every 100 ms per way whether it uses UDP, the age of its
    /// newest state and the worst age since the last report (null before the first state).
    static func client(host: String, port: Int, seconds: Double, ways: [Way], watch: Bool) async throws {
        var receivers: [Receiver] = []
        for way in ways {
            // A name of this run's own: at 20 % loss the last run's seats may still be held (a
            // lost bye leaves them to the heartbeat and the resume grace).
            var configuration = ClientConfiguration(playerName: "\(way.rawValue) \(getpid())")
            configuration.datagrams = way == .udp
            var logger = Logger(label: "bench.realtime")
            logger.logLevel = logLevel
            let session = try await join(host: host, port: port, configuration: configuration, logger: logger)
            let receiver = Receiver(way: way, session: session)
            receiver.start()
            receivers.append(receiver)
            if watch { emit("{\"joined\":\"\(way.rawValue)\",\"version\":\(session.version)}") }
        }
        if !watch {
            let deadline = now() + 5_000_000_000
            while now() < deadline, receivers.contains(where: { $0.newest.load(ordering: .relaxed) == 0 || ($0.way == .udp && !$0.session.usesDatagrams) }) {
                try await Task.sleep(for: .milliseconds(10))
            }
            try await Task.sleep(for: .milliseconds(500))  // the host trusts the path a probe later than we do
        }
        let samples = await sample(receivers, seconds: seconds, watch: watch)
        for (receiver, samples) in zip(receivers, samples) {
            // Ages below zero would mean the clocks differ: kept for min_ms, clamped for the percentiles.
            let stats = samples.ages.isEmpty ? nil : Stats(samples.ages.map { UInt64(max(0, $0)) })
            func ms(_ micros: Int64?) -> String { micros.map { String(format: "%.2f", Double($0) / 1000) } ?? "null" }
            let fields = [
                "\"way\":\"\(receiver.way.rawValue)\"", "\"samples\":\(samples.ages.count)",
                "\"states\":\(receiver.count.load(ordering: .relaxed))",
                "\"p50_ms\":\(ms(stats.map { Int64($0.p50) }))", "\"p99_ms\":\(ms(stats.map { Int64($0.p99) }))",
                "\"max_ms\":\(ms(samples.ages.max()))", "\"min_ms\":\(ms(samples.ages.min()))",
                "\"ended\":\(receiver.ended.withLock { $0 }.map { "\"\($0)\"" } ?? "null")",
                "\"udp_share\":\(String(format: "%.3f", Double(samples.usingUDP) / Double(max(1, samples.ages.count))))",
            ]
            emit("{\"summary\":true,\(fields.joined(separator: ","))}")
        }
        for receiver in receivers { await receiver.stop() }
    }

    /// Joins, trying up to 5 times: at 20 % loss a handshake may miss the host's 3 s deadline
    /// (a lost SYN alone waits 1 s).
    static func join(host: String, port: Int, configuration: ClientConfiguration, logger: Logger) async throws -> PlayerSession {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await MatchmakingClient.join(.tcp(host: host, port: port), configuration: configuration, logger: logger)
            } catch {
                guard attempt < 5 else { throw error }
            }
        }
    }

    /// Every millisecond for `seconds`, on a thread of its own (absolute sleeps on
    /// CLOCK_MONOTONIC: the cadence does not drift), each receiver's age of its newest state
    /// (none while it has none).
    static func sample(_ receivers: [Receiver], seconds: Double, watch: Bool) async -> [Samples] {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                var all = Array(repeating: Samples(), count: receivers.count)
                var worst: [Int64?] = Array(repeating: nil, count: receivers.count)
                let start = now()
                let count = Int(seconds * 1000)
                for tick in 1...max(1, count) {
                    let due = start + UInt64(tick) * 1_000_000
                    var time = timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
                    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
                    let micros = Int64(now() / 1000)
                    for (index, receiver) in receivers.enumerated() {
                        let newest = receiver.newest.load(ordering: .relaxed)
                        guard newest > 0 else { continue }
                        let age = micros - newest
                        all[index].ages.append(age)
                        worst[index] = max(worst[index] ?? age, age)
                        if receiver.session.usesDatagrams { all[index].usingUDP += 1 }
                    }
                    guard watch, tick % 100 == 0 else { continue }
                    func ms(_ micros: Int64?) -> String { micros.map { String(format: "%.2f", Double($0) / 1000) } ?? "null" }
                    for (index, receiver) in receivers.enumerated() {
                        let age = receiver.newest.load(ordering: .relaxed) > 0 ? all[index].ages.last : nil
                        emit("{\"elapsed_ms\":\(tick),\"way\":\"\(receiver.way.rawValue)\",\"udp\":\(receiver.session.usesDatagrams),"
                            + "\"age_ms\":\(ms(age)),\"worst_ms\":\(ms(worst[index])),\"states\":\(receiver.count.load(ordering: .relaxed))}")
                        worst[index] = nil
                    }
                }
                continuation.resume(returning: all)
            }
            thread.start()
        }
    }

    /// A line on stdout at once (a reader in another process waits for it).
    static func emit(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
}
