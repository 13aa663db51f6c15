import Glibc
import Testing

@testable import Discovery

/// The RFCOMM security level: what is required, and the typed error when the kernel will not set
/// it. (Setting it on a real RFCOMM socket needs Bluetooth: the VM suite, docs/BLUETOOTH.md.)
@Suite struct RFCOMMSecurityTests {
    @Test func encryptionIsRequiredButNotAnAuthenticatedKey() {
        #expect(RFCOMMSecurity.required == .medium)
        #expect(RFCOMMSecurity.required > .low && RFCOMMSecurity.required < .high)
        #expect(RFCOMMSecurity.allCases.map(\.rawValue) == [0, 1, 2, 3, 4])  // BT_SECURITY_SDP ... BT_SECURITY_FIPS
        #expect("\(RFCOMMSecurity.medium)" == "medium")
    }

    @Test func aSocketThatRefusesTheLevelIsATypedErrorInWords() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)  // no SOL_BLUETOOTH here: the kernel refuses
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(RFCOMMSecurity.of(fd) == nil)
        #expect(throws: BluetoothUnavailable.securityRefused(
            "the kernel refused RFCOMM security level medium (BT_SECURITY): \(String(cString: strerror(ENOPROTOOPT)))"
        )) {
            try RFCOMMSecurity.require(.medium, on: fd)
        }
        #expect(fcntl(fd, F_GETFD) >= 0, "the caller still owns the socket")
    }
}
