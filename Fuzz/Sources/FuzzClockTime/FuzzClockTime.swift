import FuzzKit
import GameRuntime

/// `serve --start-at HH:MM`: any text to ``ClockTime/init(parsing:)``. A time read is on the
/// clock, prints as `HH:MM` and reads back from that; anything else is refused with its text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let time = try ClockTime(parsing: text)
        require((0...23).contains(time.hour) && (0...59).contains(time.minute), "\(time) is not on the clock")
        require(time.description.utf8.count == 5, "\(time) does not print as HH:MM")
        require((try? ClockTime(parsing: time.description)) == time, "\(time) does not read back")
    } catch {
        require(error.text == text, "the error names \(error.text), not the text given")
    }
    return 0
}
