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

    @Test func aKeyGotByPlayingIsNotKeptAfterABluetoothdRestart() {
        var keys = BlueZHost.PlayerKeys()
        keys.connected(player)
        _ = keys.disconnected(player)
        keys.keep(player)  // the new bluetoothd loaded the key: Paired, but from playing
        #expect(keys.kept.isEmpty)
        #expect(keys.stale(paired: [player, keyboard], connected: []) == [player])
    }

    @Test func staleKeysSkipConnectedKeptAndUnpairedDevices() {
        var keys = BlueZHost.PlayerKeys()
        keys.keep(keyboard)
        keys.connected(keyboard)
        keys.connected(player)
        let other = "/org/bluez/hci0/dev_00_AA_01_01_00_03"
        keys.connected(other)
        #expect(keys.stale(paired: [player, keyboard, other], connected: [player]) == [other])
        #expect(keys.stale(paired: [keyboard], connected: []).isEmpty)  // no key, nothing to forget
    }
}
