/// A time of day to the minute, as the host's clock shows it (`serve --start-at HH:MM`): when a
/// scheduled first game starts (``StartRule/at(_:)``).
public struct ClockTime: Hashable, Sendable, CustomStringConvertible {
    /// 0-23.
    public let hour: Int
    /// 0-59.
    public let minute: Int

    /// The time `hour`:`minute`; nil unless 00:00-23:59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Reads `HH:MM` on a 24-hour clock: `20:00`, `07:30` (or `7:30`), `00:10`. Anything else
    /// (`25:00`, `7pm`, `20.00`) throws an error naming the expected form.
    public init(parsing text: String) throws(ClockTimeError) {
        guard let match = text.wholeMatch(of: /([0-9]{1,2}):([0-9]{2})/),
            let hour = Int(match.output.1), let minute = Int(match.output.2),
            let time = ClockTime(hour: hour, minute: minute)
        else { throw ClockTimeError(text: text) }
        self = time
    }

    /// `20:00`, `07:30`.
    public var description: String { (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)" }

    /// Microseconds from `now` until the clock next shows this time: 0 up to (not including)
    /// 24 h. At 23:50, `00:10` is 20 minutes away (tomorrow); at 20:00:30, `20:00` is tomorrow.
    /// Counted on the wall clock of the day (a change to or from summer time in between is
    /// ``LocalTime/wait(until:)``'s business).
    public func wait(from now: LocalTime) -> Int64 {
        let day: Int64 = 86_400_000_000
        let target = Int64(hour * 3600 + minute * 60) * 1_000_000
        let wait = target - now.microsecondOfDay
        return wait < 0 ? wait + day : wait
    }
}

/// A `--start-at` value that is not a time of day.
public struct ClockTimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was given.
    public var text: String

    /// `25:00: expected a time of day as HH:MM on a 24-hour clock (00:00 to 23:59), e.g. 20:00 or 07:30`.
    public var description: String {
        "\(text): expected a time of day as HH:MM on a 24-hour clock (00:00 to 23:59), e.g. 20:00 or 07:30"
    }
}
