import Foundation
import Testing

@testable import Discovery

@Suite struct PlayedDevicesFileTests {
    let player = "/org/bluez/hci0/dev_00_AA_01_01_00_01"

    @Test func onlyDevicePathsAreRead() {
        let text = "\(player)\n\ngarbage\n/org/bluez/hci0/dev_00_AA_01_01_00\n/org/bluez/hciX/dev_00_AA_01_01_00_02\n/org/bluez/hci1/dev_0a_bb_cc_dd_ee_ff\r\n/org/bluez/hci0/dev_00_AA_01_01_00_0G\n"
        #expect(PlayedDevicesFile.devices(in: text) == [player, "/org/bluez/hci1/dev_0a_bb_cc_dd_ee_ff"])
    }

    @Test func savedDevicesAreLoadedAgainFromAFileOnlyTheUserReads() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("played-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = PlayedDevicesFile(path: directory.path + "/state/bluetooth-players")
        #expect(file.load().isEmpty)  // missing: none
        let other = "/org/bluez/hci0/dev_00_AA_01_01_00_02"
        try file.save([player, other])
        #expect(file.load() == [player, other])
        try file.save([other])
        #expect(file.load() == [other])
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(!FileManager.default.fileExists(atPath: file.path + ".new"))
    }

    @Test func aFileThatCannotBeWrittenIsAClearError() {
        let file = PlayedDevicesFile(path: "/proc/snap-host-no-such-dir/bluetooth-players")
        #expect(throws: PlayedDevicesFile.SaveError.self) { try file.save([player]) }
    }
}
