import FoundationEssentials
import Glibc

/// Where the host remembers its players' Bluetooth devices between runs (``BlueZHost/PlayerKeys``
/// `played`): one device object path a line, oldest first, readable by the host's user only. A
/// later run (or the same run after a bluetoothd restart) then knows a key such a device has as
/// one from playing, not as the user's pairing, and forgets it (docs/BLUETOOTH.md).
public struct PlayedDevicesFile: Sendable, Equatable {
    /// The file's path.
    public let path: String

    /// The file at `path`.
    public init(path: String) { self.path = path }

    /// The file's name in the host's state directory (`StateDirectory.host` of GameRuntime).
    public static let name = "bluetooth-players"

    /// The devices in `text`: lines that are BlueZ device object paths, in order (anything else
    /// is skipped, so a damaged file costs only its damaged lines).
    static func devices(in text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map(String.init).filter(isDevicePath)
    }

    /// `/org/bluez/hciN/dev_AA_BB_CC_DD_EE_FF`.
    static func isDevicePath(_ line: String) -> Bool {
        let parts = line.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "org", parts[2] == "bluez",
            parts[3].hasPrefix("hci"), parts[3].count > 3, parts[3].dropFirst(3).allSatisfy(\.isASCIIDigit),
            parts[4].hasPrefix("dev_")
        else { return false }
        let address = parts[4].dropFirst(4).split(separator: "_", omittingEmptySubsequences: false)
        return address.count == 6 && address.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isHexDigit) }
    }

    /// The devices remembered; none when the file is missing or unreadable.
    public func load() -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return Self.devices(in: String(decoding: data, as: UTF8.self))
    }

    /// Replaces the file with `devices` (written beside it, then renamed: a reader sees the old
    /// list or the new one), mode 0600; its directory is made (0700) when missing.
    public func save(_ devices: [String]) throws(PlayedDevicesFile.SaveError) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SaveError(path: path, errno: errno) }
        let bytes = Array(devices.map { $0 + "\n" }.joined().utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else {
                let code = errno
                close(fd)
                unlink(temporary)
                throw SaveError(path: path, errno: code)
            }
            written += result
        }
        fchmod(fd, 0o600)
        close(fd)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw SaveError(path: path, errno: code)
        }
    }

    /// The file could not be written.
    public struct SaveError: Error, CustomStringConvertible, Equatable {
        /// The file's path.
        public let path: String
        /// What the failing call set.
        public let errno: Int32
        public var description: String { "cannot write \(path): \(String(cString: strerror(errno)))" }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
