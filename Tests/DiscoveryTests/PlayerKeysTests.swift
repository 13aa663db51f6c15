import Testing

@testable import Discovery

@Suite struct PlayerKeysTests {
    let player = "/org/bluez/hci0/dev_00_AA_01_01_00_01"
    let keyboard = "/org/bluez/hci0/dev_00_AA_01_01_00_02"

    @Test func aPlayersKeyIsForgottenWheneverOneOfItsLinksGoesDown() {
        var keys = BlueZHost.PlayerKeys()
        let new = keys.connected(player)
        #expect(new)
        #expect(keys.forgets(player))
        // Its next link carries no player (a connect to another channel): still a player's device.
        #expect(keys.forgets(player))
        let again = keys.connected(player)
        #expect(!again)  // already remembered: nothing to save
    }

    @Test func aDevicePairedBeforeIsKept() {
        var keys = BlueZHost.PlayerKeys()
        _ = keys.note(paired: [keyboard], trusted: [])
        let new = keys.connected(keyboard)
        #expect(!new)
        #expect(!keys.forgets(keyboard))
        #expect(keys.played.isEmpty)  // not remembered as a player's: a later run keeps it too
    }

    @Test func aDeviceThatNeverPlayedIsLeftAlone() {
        let keys = BlueZHost.PlayerKeys()
        #expect(!keys.forgets(keyboard))
        #expect(keys.stale(paired: [keyboard], connected: []).isEmpty)
    }

    @Test func aKeyGotByPlayingIsNotKeptAfterABluetoothdRestart() {
        var keys = BlueZHost.PlayerKeys()
        _ = keys.connected(player)
        _ = keys.note(paired: [player, keyboard], trusted: [])  // the new bluetoothd loaded the key
        #expect(keys.kept == [keyboard])
        #expect(keys.stale(paired: [player, keyboard], connected: []) == [player])
    }

    /// The CI failure: bluetoothd restarted while a link of a player's device was up (a refused
    /// connect to another channel); the new bluetoothd loaded its key and showed it Connected.
    @Test func aPlayersDeviceConnectedAtARegistrationIsForgottenWhenThatLinkGoesDown() {
        var keys = BlueZHost.PlayerKeys()
        _ = keys.connected(player)
        _ = keys.note(paired: [player], trusted: [])
        #expect(keys.stale(paired: [player], connected: [player]).isEmpty)
        #expect(keys.forgets(player))
    }

    @Test func aLaterRunKnowsAnEarlierRunsPlayers() {
        var keys = BlueZHost.PlayerKeys(played: [player])
        let changed = keys.note(paired: [player, keyboard], trusted: [])
        #expect(!changed)
        #expect(keys.kept == [keyboard])
        #expect(keys.stale(paired: [player, keyboard], connected: []) == [player])
        #expect(keys.forgets(player))
    }

    @Test func aTrustedDeviceIsTheUsersEvenIfItPlayed() {
        var keys = BlueZHost.PlayerKeys(played: [player])
        let changed = keys.note(paired: [player], trusted: [player])
        #expect(changed)  // no longer remembered as a player's
        #expect(keys.played.isEmpty)
        #expect(!keys.forgets(player))
        #expect(keys.stale(paired: [player], connected: []).isEmpty)
    }

    @Test func staleKeysSkipConnectedKeptAndUnpairedDevices() {
        var keys = BlueZHost.PlayerKeys()
        _ = keys.note(paired: [keyboard], trusted: [])
        _ = keys.connected(keyboard)
        _ = keys.connected(player)
        let other = "/org/bluez/hci0/dev_00_AA_01_01_00_03"
        _ = keys.connected(other)
        #expect(keys.stale(paired: [player, keyboard, other], connected: [player]) == [other])
        #expect(keys.stale(paired: [keyboard], connected: []).isEmpty)  // no key, nothing to forget
    }

    @Test func theOldestPlayersAreDroppedPastTheLimit() {
        var keys = BlueZHost.PlayerKeys(played: [player, player])
        #expect(keys.played == [player])  // duplicates in a file count once
        let devices = (1...BlueZHost.PlayerKeys.limit).map { "/org/bluez/hci0/dev_00_00_00_00_\(String($0 / 256, radix: 16))_\(String($0 % 256, radix: 16))" }
        for device in devices { _ = keys.connected(device) }
        #expect(keys.played.count == BlueZHost.PlayerKeys.limit)
        #expect(keys.played.first == devices.first)
        #expect(!keys.forgets(player))
    }

    /// The emulator refused a player's first channel ("Encryption key size") after the pairing
    /// hci0 kept a key of: its link never reached the profile, yet its key must go.
    @Test func aDeviceThatPairedWhileTheHostServedIsAPlayers() {
        var keys = BlueZHost.PlayerKeys()
        let new = keys.paired(player)
        #expect(new)
        #expect(keys.forgets(player))
    }

    @Test func aDevicePairedBeforeStaysTheUsersWhenItPairsAgain() {
        var keys = BlueZHost.PlayerKeys()
        _ = keys.note(paired: [keyboard], trusted: [])
        let new = keys.paired(keyboard)
        #expect(!new)
        #expect(!keys.forgets(keyboard))
    }

    @Test func aDeviceTrustedMeanwhileIsTheUsers() {
        var keys = BlueZHost.PlayerKeys()
        _ = keys.paired(keyboard)  // the user paired it while the host served...
        let changed = keys.trusted(keyboard)  // ...and trusted it
        #expect(changed)
        #expect(!keys.forgets(keyboard))
        #expect(keys.played.isEmpty)
        let again = keys.connected(keyboard)
        #expect(!again)
    }
}

/// A seat keeps its key (issue 27): while a player's device holds a seat, seated or away for the
/// resume grace, its link going down forgets nothing; the seat given up forgets it.
@Suite struct PlayerKeysSeatTests {
    let player = "/org/bluez/hci0/dev_00_AA_01_01_00_01"
    let other = "/org/bluez/hci0/dev_00_AA_01_02_00_02"

    @Test func aHeldSeatKeepsTheKeyAcrossALinkDrop() {
        var keys = BlueZHost.PlayerKeys()
        let new = keys.seatHeld(by: player)
        #expect(new)  // a player's device, to be saved
        #expect(!keys.forgets(player), "its link dropped: the player is away, its seat and key kept")
        #expect(keys.stale(paired: [player], connected: []).isEmpty, "nor at a registration while it is held")
    }

    @Test func theSeatGivenUpForgetsTheKey() {
        var keys = BlueZHost.PlayerKeys()
        _ = keys.seatHeld(by: player)
        let forget = keys.seatGivenUp(by: player)
        #expect(forget, "grace over, kicked, left: forgotten (now, or at its link's end)")
        #expect(keys.forgets(player))
        #expect(keys.stale(paired: [player], connected: []) == [player])
    }

    @Test func aDeviceWithTwoSeatsKeepsItsKeyUntilBothAreGivenUp() {
        var keys = BlueZHost.PlayerKeys()
        _ = keys.seatHeld(by: player)
        _ = keys.seatHeld(by: player)  // came back as a new player while the first seat waits
        let first = keys.seatGivenUp(by: player)
        #expect(!first)
        #expect(!keys.forgets(player))
        let second = keys.seatGivenUp(by: player)
        #expect(second)
    }

    @Test func aSeatGivenUpThatWasNeverHeldForgetsNothing() {
        var keys = BlueZHost.PlayerKeys()
        _ = keys.connected(other)
        let forget = keys.seatGivenUp(by: other)
        #expect(!forget)
        #expect(keys.forgets(other), "its link's end still forgets it")
    }

    @Test func theUsersDeviceIsNeverForgottenEvenWithASeat() {
        var keys = BlueZHost.PlayerKeys()
        _ = keys.note(paired: [other], trusted: [])
        _ = keys.seatHeld(by: other)
        let forget = keys.seatGivenUp(by: other)
        #expect(!forget)
        #expect(!keys.forgets(other))
    }
}
