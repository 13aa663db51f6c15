import CBlueZ
import Glibc

/// The security level of an RFCOMM socket (`BT_SECURITY` at `SOL_BLUETOOTH`,
/// `<bluetooth/bluetooth.h>`): what the kernel demands of the link before a channel opens on it.
/// A listener's level is inherited by every socket it accepts; a channel whose link does not
/// reach it is refused by the kernel, before any byte of ours crosses it.
public enum RFCOMMSecurity: UInt8, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// `BT_SECURITY_SDP`: nothing (service discovery only).
    case sdp = 0
    /// `BT_SECURITY_LOW`: no encryption demanded (a pre-2.1 device may connect in the clear; a
    /// Secure Simple Pairing link is paired and encrypted by the kernel even so).
    case low = 1
    /// `BT_SECURITY_MEDIUM`: an authenticated, encrypted link; a key from a "Just Works" pairing
    /// (no MITM protection) is enough.
    case medium = 2
    /// `BT_SECURITY_HIGH`: encrypted with a MITM-protected key (passkey or numeric comparison:
    /// both devices need a display or keyboard).
    case high = 3
    /// `BT_SECURITY_FIPS`: Secure Connections only; RFCOMM sockets refuse it.
    case fips = 4

    /// What every snap-host RFCOMM socket demands: ``medium``, encryption required. Not ``high``:
    /// players' devices and hosts pair "Just Works" (no agent, no display or keyboard asked; a
    /// Pi has neither), which gives an unauthenticated key that high refuses (docs/BLUETOOTH.md).
    public static let required = RFCOMMSecurity.medium

    public static func < (a: RFCOMMSecurity, b: RFCOMMSecurity) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .sdp: "sdp"
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        case .fips: "fips"
        }
    }

    /// Sets `level` on the RFCOMM socket `fd` (before its `listen` or `connect`) and reads it
    /// back; throws ``BluetoothUnavailable/securityRefused(_:)`` when the kernel refuses it or
    /// keeps a lower one. `fd` stays open either way (the caller owns it).
    public static func require(_ level: RFCOMMSecurity, on fd: Int32) throws(BluetoothUnavailable) {
        var wanted = bt_security(level: level.rawValue, key_size: 0)
        if setsockopt(fd, SOL_BLUETOOTH, BT_SECURITY, &wanted, socklen_t(MemoryLayout<bt_security>.size)) != 0 {
            let code = errno
            throw .securityRefused("the kernel refused RFCOMM security level \(level) (BT_SECURITY): \(String(cString: strerror(code)))")
        }
        switch read(fd) {
        case .success(let kept) where kept >= level: return
        case .success(let kept): throw .securityRefused("RFCOMM security level \(level) asked, \(kept) kept (BT_SECURITY)")
        case .failure(let error): throw .securityRefused("RFCOMM security level unreadable (BT_SECURITY): \(String(cString: strerror(error.code)))")
        }
    }

    /// The level of the RFCOMM socket `fd` (an accepted one's is its listener's), or nil when it
    /// cannot be read (not an RFCOMM socket, or an unknown level).
    public static func of(_ fd: Int32) -> RFCOMMSecurity? {
        if case .success(let level) = read(fd) { return level }
        return nil
    }

    /// An errno, as the error of ``read(_:)``.
    struct Errno: Error { let code: Int32 }

    private static func read(_ fd: Int32) -> Result<RFCOMMSecurity, Errno> {
        var got = bt_security(level: 0, key_size: 0)
        var size = socklen_t(MemoryLayout<bt_security>.size)
        guard getsockopt(fd, SOL_BLUETOOTH, BT_SECURITY, &got, &size) == 0 else { return .failure(Errno(code: errno)) }
        guard let level = RFCOMMSecurity(rawValue: got.level) else { return .failure(Errno(code: EPROTO)) }
        return .success(level)
    }
}
