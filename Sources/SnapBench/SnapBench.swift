import Foundation
import NIOCore
import NIOPosix
import SecureLink

/// `snap-bench [all|roundtrip|handshake|fanout|memory] [--runs N]`: release-build benchmarks of
/// the matchmaking core on loopback, each against a baseline measured in the same run. Prints
/// Markdown for docs/BENCHMARKS.md.
///
/// The real-time channel's, in two processes (scripts/bench-realtime runs them across a lossy
/// link): `snap-bench realtime-host [--listen ADDRESS] [--port N] [--seconds S]` and
/// `snap-bench realtime-client --connect HOST:PORT [--seconds S] [--ways udp,link] [--watch]`
/// (``RealtimeBenchmark``).
///
/// TLS against clear text, from another process than the two hosts (scripts/bench-tls):
/// `snap-bench tls-client --tls HOST:PORT --fingerprint HEX --plain HOST:PORT` (``TLSBenchmark``).
@main
enum SnapBench {
    static func main() async throws {
        // Run Swift Concurrency on NIO's event loops, as snap-host does: a game task resumed by a
        // channel read runs on that channel's thread instead of waking another one.
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        raiseFileLimit()
        let arguments = CommandLine.arguments.dropFirst()
        let which = arguments.first { !$0.hasPrefix("--") && Int($0) == nil } ?? "all"
        let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 3
        func value(_ flag: String) -> String? { arguments.firstIndex(of: flag).map { arguments[$0 + 1] } }
        switch which {
        case "realtime-host":
            return try await RealtimeBenchmark.host(
                address: value("--listen") ?? "0.0.0.0", port: value("--port").flatMap(Int.init) ?? 0,
                seconds: value("--seconds").flatMap(Double.init))
        case "realtime-client":
            guard let target = value("--connect"), let colon = target.lastIndex(of: ":"), let port = Int(target[target.index(after: colon)...]) else {
                FileHandle.standardError.write(Data("snap-bench realtime-client: --connect HOST:PORT is required\n".utf8))
                exit(64)
            }
            let ways = try (value("--ways") ?? "udp,link").split(separator: ",").map { name in
                guard let way = RealtimeBenchmark.Way(rawValue: String(name)) else { throw RealtimeBenchmark.UnknownWay(name: String(name)) }
                return way
            }
            return try await RealtimeBenchmark.client(
                host: String(target[..<colon]), port: port, seconds: value("--seconds").flatMap(Double.init) ?? 10,
                ways: ways, watch: arguments.contains("--watch"))
        case "tls-client":
            guard let tls = value("--tls").flatMap(TLSBenchmark.Endpoint.init), let plain = value("--plain").flatMap(TLSBenchmark.Endpoint.init),
                let fingerprint = value("--fingerprint").flatMap(Fingerprint.init(hex:))
            else {
                FileHandle.standardError.write(Data("snap-bench tls-client: --tls HOST:PORT --fingerprint HEX --plain HOST:PORT are required\n".utf8))
                exit(64)
            }
            return try await TLSBenchmark.client(
                tls: tls, fingerprint: fingerprint, plain: plain, rounds: value("--rounds").flatMap(Int.init) ?? 2000,
                joins: value("--joins").flatMap(Int.init) ?? 200)
        default: break
        }
        print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; runs: \(runs)\n")
        if which == "codec" { try CodecBenchmark.run() }
        if which == "all" || which == "roundtrip" { try await roundTrip(runs: runs) }
        if which == "all" || which == "handshake" { try await handshake(runs: runs) }
        if which == "all" || which == "fanout" { try await fanOut(runs: runs) }
        if which == "all" || which == "memory" { try await memory(runs: runs) }
        if which == "bluetooth" {  // not in "all": it needs Bluetooth (the VM of scripts/testbed-bt)
            try await bluetooth(
                runs: runs, hostAdapter: value("--host-adapter") ?? "hci0", clientAdapter: value("--client-adapter") ?? "hci1",
                rctestKilobytesPerSecond: value("--rctest-kbps").flatMap(Double.init))
        }
    }

    /// `rctestKilobytesPerSecond`: rctest's throughput between the same controllers, measured by
    /// Tests/bluetooth/bench.sh in the same run (the throughput ratio's baseline).
    static func bluetooth(runs: Int, hostAdapter: String, clientAdapter: String, rctestKilobytesPerSecond: Double?) async throws {
        // Unbuffered: a run cut short by a timeout keeps the rows it finished.
        func emit(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        let host = try await BluetoothBenchmarks.startHost(adapter: hostAdapter)
        emit("### RFCOMM round trip of one small message (ms) and session throughput, \(clientAdapter) -> \(hostAdapter)\n")
        emit("Round trip, raw: 48 bytes echoed over raw RFCOMM sockets between the same controllers; session: a `Press` to the host's game, echoed back. Throughput: 2,000 messages of 512 bytes of text from client to host game (payload bytes), timed from the first send until the host's game has the last; raw: the same bytes over a raw RFCOMM socket, timed the same way; rctest: its steady rate, measured by Tests/bluetooth/bench.sh just before.\n")
        let baseline = rctestKilobytesPerSecond.map { String(format: "%.1f", $0) } ?? "n/a"
        emit("| run | raw RFCOMM p50 | raw p99 | session p50 | session p99 | ratio p50 | raw throughput kB/s | session throughput kB/s | session / raw | session / rctest (\(baseline) kB/s) |")
        emit("|---|---|---|---|---|---|---|---|---|---|")
        var ratios: [Double] = []
        var throughputRatios: [Double] = []
        var rawRatios: [Double] = []
        for run in 1...runs {
            let raw = Stats(try await NIOThreadPool.singleton.runIfActive {
                try BluetoothBenchmarks.rawRoundTrip(hostAdapter: hostAdapter, clientAdapter: clientAdapter, rounds: 300, size: 48)
            })
            let session = Stats(try await BluetoothBenchmarks.sessionRoundTrip(host, from: clientAdapter, rounds: 300))
            let rawThroughput = try await NIOThreadPool.singleton.runIfActive {
                try BluetoothBenchmarks.rawThroughput(hostAdapter: hostAdapter, clientAdapter: clientAdapter, count: 2000, size: 512)
            }
            let throughput = try await BluetoothBenchmarks.sessionThroughput(host, from: clientAdapter, count: 2000, size: 512)
            let ratio = Double(session.p50) / Double(raw.p50)
            ratios.append(ratio)
            func ms(_ ns: UInt64) -> String { String(format: "%.2f", Double(ns) / 1e6) }
            let versusRctest = rctestKilobytesPerSecond.map { throughput / 1024 / $0 }
            if let versusRctest { throughputRatios.append(versusRctest) }
            rawRatios.append(throughput / rawThroughput)
            let cells = [ms(raw.p50), ms(raw.p99), ms(session.p50), ms(session.p99), String(format: "%.2f", ratio),
                String(format: "%.1f", rawThroughput / 1024), String(format: "%.1f", throughput / 1024),
                String(format: "%.2f", throughput / rawThroughput), versusRctest.map { String(format: "%.2f", $0) } ?? "n/a"]
            emit("| \(run) | \(cells.joined(separator: " | ")) |")
        }
        func median(_ values: [Double]) -> String { values.isEmpty ? "n/a" : String(format: "%.2f", values.sorted()[values.count / 2]) }
        emit("\nmedian round-trip p50 ratio (session / raw RFCOMM): \(median(ratios)); median throughput ratio (session / raw RFCOMM): \(median(rawRatios)); (session / rctest): \(median(throughputRatios))\n")
        await BluetoothBenchmarks.stop(host)
    }

    static func roundTrip(runs: Int) async throws {
        print("### Round trip, 1 small message (µs)\n")
        print("Session: host and client on separate event loops (two threads, like the raw TCP baseline); \"one loop\": both on one.\n")
        print("| run | raw TCP p50 | raw TCP p99 | NIO echo p50 | NIO echo p99 | NIO echo via task p50 | session p50 | session p99 | ratio p50 | ratio p99 | one loop p50 | one loop p99 |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        var ratios: [Double] = []
        for run in 1...runs {
            let raw = Stats(RawPingPong.run(rounds: 20_000, size: 48))
            let nio = Stats(try await NIOEcho.run(rounds: 20_000))
            let nioTask = Stats(try await NIOEcho.run(rounds: 20_000, throughTask: true))
            let session = Stats(try await SessionBenchmarks.roundTrip(rounds: 20_000, placement: .separateLoops))
            let oneLoop = Stats(try await SessionBenchmarks.roundTrip(rounds: 20_000, placement: .oneLoop))
            let ratio50 = Double(session.p50) / Double(raw.p50)
            let ratio99 = Double(session.p99) / Double(raw.p99)
            ratios.append(ratio50)
            let cells = [raw.p50, raw.p99, nio.p50, nio.p99, nioTask.p50, session.p50, session.p99].map(Stats.micros)
                + [String(format: "%.2f", ratio50), String(format: "%.2f", ratio99), Stats.micros(oneLoop.p50), Stats.micros(oneLoop.p99)]
            print("| \(run) | \(cells.joined(separator: " | ")) |")
        }
        print("\nmedian p50 ratio: \(String(format: "%.2f", ratios.sorted()[ratios.count / 2])); worst: \(String(format: "%.2f", ratios.max()!)) (target ≤ 3)\n")
    }

    static func handshake(runs: Int) async throws {
        print("### Connect-to-welcome handshake, loopback (µs), 1,000 sequential joins\n")
        print("Each joiner leaves after its sample; \"resident\" players stay connected meanwhile (in this process, so their heartbeats load the same 2 cores).\n")
        print("| run | raw TCP connect+echo p50 | p99 | handshake p50 | handshake p99 | p99, 100 resident | p99, 1,000 resident (200 joins) |")
        print("|---|---|---|---|---|---|---|")
        for run in 1...runs {
            let raw = Stats(RawConnect.run(count: 1_000))
            let samples = Stats(try await SessionBenchmarks.handshake(count: 1_000, resident: 0))
            let loaded = Stats(try await SessionBenchmarks.handshake(count: 1_000, resident: 100))
            let heavy = Stats(try await SessionBenchmarks.handshake(count: 200, resident: 1_000))
            print("| \(run) | \(Stats.micros(raw.p50)) | \(Stats.micros(raw.p99)) | \(Stats.micros(samples.p50)) | \(Stats.micros(samples.p99)) | \(Stats.micros(loaded.p99)) | \(Stats.micros(heavy.p99)) |")
        }
        print("\ntarget: handshake p99 < 1000 µs\n")
    }

    static func fanOut(runs: Int) async throws {
        print("### One message to all clients: time until the last has it (ms)\n")
        print("| run | clients | p50 | max |")
        print("|---|---|---|---|")
        for clients in [100, 1_000] {
            for run in 1...runs {
                let samples = Stats(try await SessionBenchmarks.fanOut(clients: clients, rounds: 10))
                print("| \(run) | \(clients) | \(String(format: "%.2f", Double(samples.p50) / 1e6)) | \(String(format: "%.2f", Double(samples.sorted.last!) / 1e6)) |")
            }
        }
        print("")
    }

    static func memory(runs: Int) async throws {
        print("### Host resident memory (MiB), `snap-host serve` process\n")
        print("| run | idle, no clients | 1,000 idle clients | per client (KiB) | host CPU, 1,000 idle clients (% of a core) |")
        print("|---|---|---|---|---|")
        for run in 1...runs {
            let result = try await MemoryBenchmark.run(clients: 1_000)
            let perClient = Double(result.loadedKiB - result.idleKiB) / 1000
            print("| \(run) | \(String(format: "%.1f", Double(result.idleKiB) / 1024)) | \(String(format: "%.1f", Double(result.loadedKiB) / 1024)) | \(String(format: "%.1f", perClient)) | \(String(format: "%.1f", result.idleCPUPercent)) |")
        }
        print("\ntarget: under 50 MB with 1,000 clients\n")
    }
}
