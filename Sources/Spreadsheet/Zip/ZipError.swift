/// Why a zip file, or one of its entries, could not be read: what was wrong, in which entry,
/// and what is allowed.
struct ZipError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    enum Problem: Hashable, Sendable {
        /// No zip at all: the words say what the file looks like instead.
        case notAZip(String)
        /// The file ends early: the words say inside what.
        case truncated(String)
        /// ZIP64 (sizes, offsets or counts past 32 bits): not read.
        case zip64
        /// An archive split over several disks: not read.
        case multiDisk
        /// An encrypted entry: not read.
        case encrypted
        /// A compression method other than 0 (stored) and 8 (deflate).
        case unsupportedMethod(Int)
        /// A name that would leave the folder the archive is unpacked into: the words say how.
        case pathTraversal(String)
        /// A second entry of the same name (readers would disagree on which one counts).
        case duplicateName
        /// More entries than the limit.
        case tooManyEntries(count: Int, limit: Int)
        /// An entry larger, uncompressed, than the limit.
        case entryTooLarge(size: Int, limit: Int)
        /// The entries together larger, uncompressed, than the limit.
        case totalTooLarge(limit: Int)
        /// The entry's bytes do not have the checksum its directory record gives.
        case crcMismatch(expected: UInt32, actual: UInt32)
        /// The entry inflates to fewer bytes than its directory record gives.
        case sizeMismatch(declared: Int, actual: Int)
        /// A record that contradicts itself or the file: the words say how.
        case corrupt(String)
        /// The entry's deflate stream is broken, or inflates past its declared size.
        case inflate(InflateError)
    }

    /// The entry concerned, when the problem is in one.
    var entry: String?
    /// What was wrong.
    var problem: Problem

    init(_ problem: Problem, entry: String? = nil) {
        self.problem = problem
        self.entry = entry
    }

    var description: String { entry.map { "\($0): \(detail)" } ?? detail }

    /// What was wrong, without the entry's name.
    var detail: String {
        switch problem {
        case .notAZip(let why): "not a zip file: \(why)"
        case .truncated(let inside): "truncated: the file ends inside \(inside)"
        case .zip64: "a ZIP64 archive (over 4 GB or 65,535 entries), which is not read; only plain zip files are"
        case .multiDisk: "an archive split over several disks, which is not read; only single-file zips are"
        case .encrypted: "the entry is encrypted; only unencrypted entries are read (save the file without a password)"
        case .unsupportedMethod(let method):
            "compression method \(method)\(Self.methodNames[method].map { " (\($0))" } ?? ""); only 0 (stored) and 8 (deflate) are read"
        case .pathTraversal(let why): "path traversal: the name \(why); entry names must stay inside the archive's folder"
        case .duplicateName: "a second entry of the same name; each name may appear once"
        case .tooManyEntries(let count, let limit): "the zip holds \(Self.grouped(count)) entries; at most \(Self.grouped(limit)) are read"
        case .entryTooLarge(let size, let limit):
            "\(Self.grouped(size)) bytes uncompressed; an entry may hold at most \(Self.grouped(limit)) bytes"
        case .totalTooLarge(let limit):
            "the entries hold more than \(Self.grouped(limit)) bytes uncompressed in all; at most \(Self.grouped(limit)) bytes are read"
        case .crcMismatch(let expected, let actual):
            "corrupt: its CRC-32 is \(Self.hex(actual)), the zip directory says \(Self.hex(expected))"
        case .sizeMismatch(let declared, let actual): "corrupt: it inflates to \(actual) bytes, the zip directory says \(declared)"
        case .corrupt(let why): "corrupt: \(why)"
        case .inflate(let error):
            if case .tooLarge(let limit) = error.problem {
                "it inflates to more than the \(Self.grouped(limit)) bytes its zip directory record declares; stopped there (a zip bomb?)"
            } else {
                "corrupt deflate data, \(error)"
            }
        }
    }

    private static let methodNames = [1: "shrink", 6: "implode", 9: "deflate64", 12: "bzip2", 14: "LZMA", 93: "Zstandard", 95: "xz", 98: "PPMd", 99: "AES encryption"]

    /// `10,000`: a count as people read it.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
