extension BlueZHost {
    /// Which devices' link keys the host forgets, and when (docs/BLUETOOTH.md, "Permission denied
    /// on a later join", "A seat keeps its key"): the devices of players, in this run or an
    /// earlier one (``played``, kept in the host's state directory by ``PlayedDevicesFile``),
    /// unless they are the user's pairings (``kept``); not while the device holds a seat
    /// (``seats``: the seat outlives its link for the resume grace, and so does the key), but
    /// once it holds none and has no link. Pure; device object paths
    /// (`/org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF`).
    struct PlayerKeys: Sendable, Equatable {
        /// How many players' devices are remembered; the oldest go first.
        static let limit = 256

        /// The user's pairings: Trusted, or Paired when the host looked (at every registration)
        /// without having played. Never forgotten.
        private(set) var kept: Set<String> = []
        /// Devices that connected to the host's profile, or paired with its adapter while it
        /// served, and were not kept, oldest first: a key such a device has came from playing (a
        /// just-works pairing the host's kernel kept), even after a bluetoothd restart or in a
        /// later run of the host.
        private(set) var played: [String]
        /// How many seats each device holds (a player admitted, or back, over a link from it),
        /// seated or away; a device with none is not listed.
        private(set) var seats: [String: Int] = [:]

        /// `played`: what an earlier run remembered (``PlayedDevicesFile``).
        init(played: [String] = []) {
            var seen: Set<String> = []
            self.played = Array(played.filter { seen.insert($0).inserted }.suffix(Self.limit))
        }

        /// At a registration: the devices that are `paired` and `trusted` now. A trusted device
        /// is the user's, even one that played (it is no longer remembered as a player's); a
        /// paired one is the user's unless it played. True when ``played`` changed.
        mutating func note(paired: Set<String>, trusted: Set<String>) -> Bool {
            kept.formUnion(trusted)
            kept.formUnion(paired.subtracting(played))
            let before = played.count
            played.removeAll { trusted.contains($0) }
            return played.count != before
        }

        /// `device` connected to the host's profile. True when ``played`` changed (a new
        /// player's device, to be saved); a kept device is not a player's.
        mutating func connected(_ device: String) -> Bool {
            guard !kept.contains(device), !played.contains(device) else { return false }
            played.append(device)
            if played.count > Self.limit { played.removeFirst(played.count - Self.limit) }
            return true
        }

        /// `device` paired with the host's adapter while it served (Paired became true): a
        /// connecting device's just-works pairing, a player's even when its link never reached
        /// the profile (the emulator refused the channel, a connect to another channel); true
        /// when ``played`` changed. (One the user pairs meanwhile is told apart when its link
        /// goes down, by ``trusted(_:)``.)
        mutating func paired(_ device: String) -> Bool { connected(device) }

        /// `device` is Trusted: the user's, never forgotten. True when ``played`` changed.
        mutating func trusted(_ device: String) -> Bool {
            kept.insert(device)
            let before = played.count
            played.removeAll { $0 == device }
            return played.count != before
        }

        /// A link of `device` went down: true when its key is to be forgotten. Any link of a
        /// player's device, whatever it carried (a link that never reached the profile, a connect
        /// to another channel, an SDP lookup, or one that was up while bluetoothd restarted,
        /// leaves a key just as well), unless the device holds a seat: a player whose link dropped
        /// keeps its seat for the resume grace, and its key so that it comes back without pairing
        /// again.
        func forgets(_ device: String) -> Bool {
            !kept.contains(device) && played.contains(device) && seats[device] == nil
        }

        /// A seat is held over a link from `device` (a player admitted, or back). True when
        /// ``played`` changed (a new player's device, to be saved).
        mutating func seatHeld(by device: String) -> Bool {
            seats[device, default: 0] += 1
            return connected(device)
        }

        /// A seat held by `device` is given up (the player left, was kicked, its grace ran out,
        /// the host stopped): true when its key is now to be forgotten (it holds no other seat;
        /// whoever forgets it first checks that the device has no link, whose end forgets it).
        mutating func seatGivenUp(by device: String) -> Bool {
            guard let count = seats[device] else { return false }
            seats[device] = count > 1 ? count - 1 : nil
            return forgets(device)
        }

        /// At a registration: the players' devices that have a key (`paired`) and no link
        /// (`connected`): their keys are to be forgotten now (a link that went down while
        /// bluetoothd was away, whose key the new bluetoothd loaded again; a host that stopped
        /// while a player was connected; a forget that bluetoothd lost). A connected one's key
        /// is forgotten when its link goes down (``forgets(_:)``), one holding a seat when the
        /// seat is given up.
        func stale(paired: Set<String>, connected: Set<String>) -> [String] {
            played.filter { forgets($0) && paired.contains($0) && !connected.contains($0) }.sorted()
        }
    }
}
