import GameRuntime
import Glibc
import Synchronization

/// SIGINT and SIGTERM, handled without races.
///
/// Dispatch signal sources cannot do this on Linux for a program with an async `main`: the main
/// thread waits in `sigsuspend` with every signal unblocked, so a SIGTERM that arrives before a
/// source is armed takes its default action (the process dies) and one that arrives between
/// `signal(SIG_IGN)` and arming is lost. Instead ``install()`` runs first in `main` and installs
/// a handler that only writes the signal number to a pipe; a reader thread runs the registered
/// actions, and remembers a signal that came before any action was registered.
enum TerminationSignals {
    nonisolated(unsafe) private static var pipeWriteEnd: Int32 = -1
    private static let state = Mutex<(actions: [@Sendable () -> Void], pending: Int)>(([], 0))

    /// Installs the handlers; call once, first thing in `main`.
    static func install() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        pipeWriteEnd = ends[1]
        let readEnd = ends[0]
        let handler: @convention(c) (Int32) -> Void = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(TerminationSignals.pipeWriteEnd, &byte, 1)  // async-signal-safe
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        POSIX.detachThread(name: "signals") {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) == 1 {
                let actions = state.withLock { state -> [@Sendable () -> Void] in
                    if state.actions.isEmpty { state.pending += 1 }
                    return state.actions
                }
                for action in actions { action() }
            }
        }
    }

    /// Runs `action` on each SIGINT/SIGTERM from now on, and at once if one already arrived.
    static func onSignal(_ action: @escaping @Sendable () -> Void) {
        let missed = state.withLock { state -> Int in
            state.actions.append(action)
            defer { state.pending = 0 }
            return state.pending
        }
        if missed > 0 { action() }
    }

    /// Waits for the first SIGINT or SIGTERM.
    static func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = OnceFlag()
            onSignal { if once.take() { continuation.resume() } }
        }
    }
}

/// True the first time only.
final class OnceFlag: Sendable {
    private let taken = Mutex(false)
    func take() -> Bool {
        taken.withLock { wasTaken in
            defer { wasTaken = true }
            return !wasTaken
        }
    }
}
