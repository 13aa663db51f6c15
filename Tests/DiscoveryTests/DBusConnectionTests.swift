import Foundation
import Logging
import Testing

@testable import Discovery

/// The libdbus layer against a real dbus-daemon (a private one per test): calls and replies between two of our
/// connections, error replies, reply timeouts, an idle loop that sleeps, and a lost bus.
@Suite(.serialized, .enabled(if: PrivateBus.available, "needs dbus-daemon (apt install dbus)"))
struct DBusConnectionTests {
    static let logger = Logger(label: "test.dbus")

    @Test func aCallIsAnsweredWithItsValuesAndAnErrorReplyIsThrown() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let server = try DBusBusConnection(address: bus.address, logger: Self.logger)
        let client = try DBusBusConnection(address: bus.address, logger: Self.logger)
        defer { server.close(); client.close() }
        server.export(path: "/test") { message in
            switch message.member {
            case "Echo": .values(message.arguments + [.uint32(7)])
            default: .error(name: "org.example.Error.Unknown", message: "no \(message.member)")
            }
        }
        let reply = try await client.call(
            destination: server.uniqueName, path: "/test", interface: "org.example.Test", method: "Echo", [.string("hello")])
        #expect(reply == [.string("hello"), .uint32(7)])
        await #expect(throws: DBusError(name: "org.example.Error.Unknown", message: "no Nope")) {
            try await client.call(destination: server.uniqueName, path: "/test", interface: "org.example.Test", method: "Nope")
        }
    }

    @Test func aCallWhoseReplyNeverComesFailsAtItsTimeout() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let server = try DBusBusConnection(address: bus.address, logger: Self.logger)
        let client = try DBusBusConnection(address: bus.address, logger: Self.logger)
        defer { server.close(); client.close() }
        server.export(path: "/test") { _ in .none }  // never answers
        let outcome = await firstOf(seconds: 10) {
            do throws(DBusError) {
                _ = try await client.call(
                    destination: server.uniqueName, path: "/test", interface: "org.example.Test", method: "Hang",
                    timeoutMilliseconds: 300)
                return "answered"
            } catch {
                return error.name
            }
        }
        #expect(outcome == "org.freedesktop.DBus.Error.NoReply")
    }

    @Test func anIdleConnectionSleeps() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let connection = try DBusBusConnection(address: bus.address, logger: Self.logger)
        defer { connection.close() }
        _ = try await connection.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", method: "GetId")
        let thread = connection.loopThreadID.load(ordering: .acquiring)
        #expect(thread > 0)
        let before = try contextSwitches(of: thread)
        try await Task.sleep(for: .seconds(1))  // the window measured, not a synchronisation
        let after = try contextSwitches(of: thread)
        // A loop on a 20 ms timer wakes ~50 times a second; one asleep in poll does not wake.
        #expect(after - before <= 2, "the idle D-Bus loop woke \(after - before) times in 1 s")
    }

    @Test func losingTheBusIsReported() async throws {
        let bus = try PrivateBus()
        let lost = AsyncStream.makeStream(of: Void.self)
        let connection = try DBusBusConnection(address: bus.address, logger: Self.logger, onDisconnect: { lost.continuation.yield() })
        defer { connection.close() }
        bus.stop()
        let reported = await firstOf(seconds: 10) { () async -> Bool in
            for await _ in lost.stream { return true }
            return false
        }
        #expect(reported == true)
    }

    private func contextSwitches(of thread: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/task/\(thread)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }!
        return Int(line.split(separator: "\t").last!.trimmingCharacters(in: .whitespaces))!
    }
}

/// The result of `operation`, or nil if it takes longer than `seconds`. The operation runs in a
/// task of its own that is not awaited past the deadline, so a call that never returns (the bug
/// a test looks for) fails the test instead of hanging it.
func firstOf<T: Sendable>(seconds: Double, _ operation: @escaping @Sendable () async -> T) async -> T? {
    let (results, sink) = AsyncStream.makeStream(of: T?.self)
    let worker = Task { sink.yield(await operation()) }
    let timer = Task {
        try? await Task.sleep(for: .seconds(seconds))
        sink.yield(nil)
    }
    for await result in results {
        worker.cancel()
        timer.cancel()
        return result
    }
    return nil
}

/// A dbus-daemon of our own with the session bus's open policy.
final class PrivateBus: @unchecked Sendable {
    static let daemon = "/usr/bin/dbus-daemon"
    static var available: Bool { FileManager.default.isExecutableFile(atPath: daemon) }

    private let process = Process()
    /// Where clients connect (`unix:path=...`).
    let address: String

    init() throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: Self.daemon)
        process.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        process.standardOutput = output
        try process.run()
        var address = Data()
        while !address.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw CocoaError(.fileReadUnknown) }
            address.append(chunk)
        }
        self.address = String(decoding: address, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Kills the daemon (SIGKILL: the test runner's threads block SIGTERM, and a child inherits
    /// that mask). Foundation reaps it; its clients see the bus socket close.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
    }
}
