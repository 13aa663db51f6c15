import CAvahi
import CDBus

/// The versions of the system libraries Discovery is linked against, for `snap-host --version`
/// and bug reports.
public enum NativeLibraries {
    /// libdbus-1's runtime version, e.g. "1.14.10".
    public static var dbusVersion: String {
        var major: Int32 = 0, minor: Int32 = 0, micro: Int32 = 0
        dbus_get_version(&major, &minor, &micro)
        return "\(major).\(minor).\(micro)"
    }

    /// Avahi's message for one of its error codes, e.g. -26 "Daemon not running".
    public static func avahiErrorMessage(_ code: Int32) -> String {
        String(cString: avahi_strerror(code))
    }
}
