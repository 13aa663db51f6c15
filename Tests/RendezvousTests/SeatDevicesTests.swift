import Matchmaking
import Testing

@testable import Rendezvous

/// Which device holds each seat: what decides when the Bluetooth host keeps or forgets a
/// player's link key (docs/BLUETOOTH.md, "A seat keeps its key").
@Suite struct SeatDevicesTests {
    let ann = Peer(id: PeerID(rawValue: 1), name: "Ann")
    let bea = Peer(id: PeerID(rawValue: 2), name: "Bea")
    let annsPhone = "00:AA:01:01:00:01"

    @Test func anRFCOMMSeatIsItsDevicesUntilGivenUp() {
        var seats = SeatDevices()
        let effect1 = seats.apply(.held(ann, remote: SeatDevices.label(ofAddress: annsPhone)))
        #expect(effect1 == .init(held: annsPhone))
        let effect2 = seats.apply(.givenUp(ann, .connectionDropped))
        #expect(effect2 == .init(givenUp: annsPhone))
        #expect(seats.devices.isEmpty)
    }

    @Test func comingBackOverTheSameDeviceChangesNothing() {
        var seats = SeatDevices()
        _ = seats.apply(.held(ann, remote: "rfcomm \(annsPhone)"))
        let effect3 = seats.apply(.held(ann, remote: "rfcomm \(annsPhone)"))
        #expect(effect3 == .init())
        #expect(seats.devices == [ann.id: annsPhone])
    }

    @Test func comingBackOverTCPReleasesTheDevice() {
        var seats = SeatDevices()
        _ = seats.apply(.held(ann, remote: "rfcomm \(annsPhone)"))
        let effect4 = seats.apply(.held(ann, remote: "[IPv4]10.0.0.2/10.0.0.2:50000"))
        #expect(effect4 == .init(givenUp: annsPhone))
        let effect5 = seats.apply(.givenUp(ann, .userQuit))
        #expect(effect5 == .init())
    }

    @Test func otherLinksAreNoDevicesOfOurs() {
        var seats = SeatDevices()
        let effect6 = seats.apply(.held(bea, remote: "local"))
        #expect(effect6 == .init())
        let effect7 = seats.apply(.givenUp(bea, .kicked))
        #expect(effect7 == .init())
        #expect(SeatDevices.address(inLabel: "ws [IPv4]127.0.0.1/127.0.0.1:1") == nil)
    }
}
