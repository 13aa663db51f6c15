/// The one place the version is written: `snap-host --version` prints it, and scripts/package and
/// scripts/release read it from this line to name the packages (`snap-host_VERSION_ARCH.deb`).
let snapHostVersion = "0.2.0"

/// The machine this binary was built for, in Debian's names (the package's architecture).
let snapHostArchitecture: String = {
    #if arch(x86_64)
    return "amd64"
    #elseif arch(arm64)
    return "arm64"
    #elseif arch(arm)
    return "armhf"
    #else
    return "unknown"
    #endif
}()
