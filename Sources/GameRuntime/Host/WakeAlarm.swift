import Vocabulary

/// The one pending wake-up of a ``GameHost``: set to the table's ``GameTable/nextWake`` after
/// every event, it calls `ring` with its number once that time (host monotonic microseconds)
/// has come. Setting another time replaces it (a ring already on its way from the replaced one
/// is then stale: ``rang(_:)`` says so); nil cancels it.
struct WakeAlarm {
    private let ring: @Sendable (Int) -> Void
    private var time: Int64?
    private var number = 0
    private var task: Task<Void, Never>?

    init(ring: @escaping @Sendable (Int) -> Void) { self.ring = ring }

    /// Rings at `time` (nil: never), unless it is already set for that time.
    mutating func set(_ time: Int64?) {
        guard time != self.time else { return }
        task?.cancel()
        number += 1
        self.time = time
        task = time.map { [ring, number] time in
            Task {
                let delay = time - MonotonicClock.now()
                if delay > 0 { try? await Task.sleep(for: .microseconds(delay)) }
                if !Task.isCancelled { ring(number) }
            }
        }
    }

    /// Ring `number` came: true when it is the pending one (then nothing is pending any more),
    /// false when it is stale.
    mutating func rang(_ number: Int) -> Bool {
        guard number == self.number, time != nil else { return false }
        time = nil
        task = nil
        return true
    }
}
