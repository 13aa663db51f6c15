import NIOCore
import NIOWebSocket

/// The feed's writes and closes waiting for one event loop, in the order the machine returned
/// them. The runner (``ScreenFeed``) appends under its lock; whoever claimed the outbox performs
/// what waits, on the loop, with no lock held, until none waits: the loop's own thread right
/// after an event, or a task on the loop. Never two at once, never nested.
struct ScreenOutbox: Sendable {
    typealias Action = ScreenFeedMachine<WatchedChannel>.Action

    /// What waits, in order.
    private var queued: [Action] = []
    /// Someone performs this outbox now (or a task to do so is scheduled).
    private var isClaimed = false

    /// Adds an action.
    mutating func append(_ action: Action) { queued.append(action) }

    /// Claims the outbox; false when it was claimed already (its performer will take what waits).
    mutating func claim() -> Bool {
        defer { isClaimed = true }
        return !isClaimed
    }

    /// Gives the claim up (nothing waits).
    mutating func release() { isClaimed = false }

    /// Takes every queued action, in order.
    mutating func takeAll() -> [Action] {
        defer { queued = [] }
        return queued
    }

    /// Performs actions, on their channels' loop: each write's lines as WebSocket text frames,
    /// flushed once.
    static func perform(_ actions: [Action]) {
        for action in actions {
            switch action {
            case .write(let lines, let watcher):
                for line in lines {
                    watcher.channel.write(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: line)), promise: nil)
                }
                watcher.channel.flush()
            case .close(let watcher):
                watcher.channel.close(promise: nil)
            }
        }
    }
}

extension ScreenFeedMachine.Action {
    /// The watcher the action is for.
    var watcher: Handle {
        switch self {
        case .write(_, let watcher), .close(let watcher): watcher
        }
    }
}
