import Testing

@testable import Discovery

@Suite struct PlayerKeysTests {
    let player = "/org/bluez/hci0/dev_00_AA_01_01_00_01"
    let keyboard = "/org/bluez/hci0/dev_00_AA_01_01_00_02"

    @Test func aPlayersKeyIsForgottenWhenItsLinkGoesDown() {
        var keys = BlueZHost.PlayerKeys()
        keys.connected(player)
        let first = keys.disconnected(player)
        let second = keys.disconnected(player)
        #expect(first)
        #expect(!second)  // once
    }

    @Test func aDevicePairedBeforeIsKept() {
        var keys = BlueZHost.PlayerKeys()
        keys.keep(keyboard)
        keys.connected(keyboard)
        let forget = keys.disconnected(keyboard)
        #expect(!forget)
    }

    @Test func aDeviceThatNeverPlayedIsLeftAlone() {
        var keys = BlueZHost.PlayerKeys()
        let forget = keys.disconnected(keyboard)
        #expect(!forget)
    }
}
