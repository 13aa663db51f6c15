import FuzzKit
import GameRuntime
import Logging
import Matchmaking
import NIOCore
import NIOEmbedded

@testable import Web

/// The web port's inputs: the bytes a browser (or anyone) sends to it, in chunks the input
/// chooses, through the pipeline ``WebServer`` gives each connection (NIO's HTTP/1 decoder,
/// the page handler, the WebSocket upgrader, then the player's, the screen's or the host page's
/// socket, and behind the player's the host's handshake), all on one EmbeddedEventLoop.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let chunk = Int(input.byte()) * 16 + 1
    let stream = Array(input.rest)
    let channel = EmbeddedChannel(loop: loop)
    do {
        try web.configure(channel)
        try channel.connect(to: SocketAddress(ipAddress: "10.0.0.9", port: 5000)).wait()
    } catch {
        require(false, "the pipeline did not open: \(error)")
    }
    var offset = 0
    while offset < stream.count, channel.isActive {
        let end = min(offset + chunk, stream.count)
        do {
            try channel.writeInbound(ByteBuffer(bytes: stream[offset..<end]))
        } catch {
            break  // an error the pipeline passed on: the connection is closed
        }
        loop.run()
        drain(channel)
        offset = end
    }
    _ = try? channel.finish()
    loop.run()
    reader.runAll()
    return 0
}

private let reader = InlineExecutor()
private let quiet = Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() }
private let loop = EmbeddedEventLoop()
private let web: WebServer = {
    let server = try! MatchmakingServer(configuration: ServerConfiguration(name: "Fuzz"), group: loop, logger: quiet)
    let feed = ScreenFeed(host: .init(name: "Fuzz", game: GameName(rawValue: "trivia"), capacity: 4), peers: { [] })
    let page = HostPage(pin: try! HostPIN("482913", joinCode: nil), feed: feed, logger: quiet) { _ in }
    // The game's end: what the host hears is read, as a game reads it. Left unread, the inputs
    // would pile up run after run, and LeakSanitizer cannot see the payloads of the enums queued
    // in the stream (Swift keeps an enum's case in the spare bits of its payload's pointer), so it
    // reports them as leaked.
    Task(executorPreference: reader) { for await _ in server.session.inputs {} }
    return try! WebServer(configuration: WebConfiguration(), server: server, feed: feed, hostPage: page, group: loop, logger: quiet)
}()

/// Reads what the port wrote (responses, WebSocket frames), as the peer would.
private func drain(_ channel: EmbeddedChannel) {
    while (try? channel.readOutbound(as: IOData.self)) != nil {}
    while (try? channel.readOutbound(as: ByteBuffer.self)) != nil {}
}

/// Runs the jobs given to it only when asked, on the asking thread: the task reading the host's
/// inputs reads everything queued before each run ends, so a run leaves nothing behind it.
private final class InlineExecutor: TaskExecutor, @unchecked Sendable {
    private var jobs: [UnownedJob] = []

    func enqueue(_ job: consuming ExecutorJob) { jobs.append(UnownedJob(job)) }

    /// Runs the queued jobs, and those they queue, until none is left.
    func runAll() {
        while !jobs.isEmpty {
            let job = jobs.removeFirst()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
