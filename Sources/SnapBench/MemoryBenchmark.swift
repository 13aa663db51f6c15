import Foundation
import Matchmaking

/// Resident memory of a real `snap-host serve` process before and after `clients` idle players
/// join (the players live in this process, so only the host's memory is measured).
enum MemoryBenchmark {
    struct Result {
        var idleKiB: Int
        var loadedKiB: Int
        /// Host CPU while the clients sit idle (heartbeats only), in % of one core.
        var idleCPUPercent: Double
    }

    static func run(clients: Int) async throws -> Result {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("snap-host")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--max-players", "\(clients)", "--no-dnssd", "--no-bluetooth", "--log-level", "warning"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        let line = try readLine(from: output.fileHandleForReading)
        guard let port = line.split(separator: ":").last.flatMap({ Int($0) }) else { throw BenchError("no port in \(line)") }
        try await Task.sleep(for: .seconds(1))
        let idle = try residentKiB(of: process.processIdentifier)
        var sessions: [PlayerSession] = []
        for index in 0..<clients { sessions.append(try await SessionBenchmarks.join(port, "M\(index)")) }
        try await Task.sleep(for: .seconds(3))  // heartbeats running: steady state
        let loaded = try residentKiB(of: process.processIdentifier)
        let cpuBefore = try cpuTicks(of: process.processIdentifier)
        try await Task.sleep(for: .seconds(5))
        let cpuAfter = try cpuTicks(of: process.processIdentifier)
        for session in sessions { _ = session }
        return Result(idleKiB: idle, loadedKiB: loaded, idleCPUPercent: Double(cpuAfter - cpuBefore) / 5)  // 100 ticks/s

    }

    /// utime + stime of a process, in clock ticks (1/100 s).
    static func cpuTicks(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.lastIndex(of: ")")!...].split(separator: " ")
        return Int(fields[12])! + Int(fields[13])!
    }

    static func residentKiB(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kib = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { throw BenchError("no VmRSS for \(pid)") }
        return kib
    }

    private static func readLine(from handle: FileHandle) throws -> String {
        var bytes: [UInt8] = []
        while true {
            let byte = handle.readData(ofLength: 1)
            guard let first = byte.first else { throw BenchError("snap-host exited before listening") }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
