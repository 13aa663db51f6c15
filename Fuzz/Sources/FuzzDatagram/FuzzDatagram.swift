import Crypto
import Foundation
import FuzzKit
import Matchmaking
import NIOCore

/// The real-time channel's UDP datagrams: as they arrive (almost all fail the tag), and signed
/// with the link's key (the input's last 16 bytes replaced by the right tag), so that the
/// fields behind the tag are read too, then taken by a path the way the host takes them. A
/// datagram that opens must seal back to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    take(bytes)
    if bytes.count >= Datagram.tagBytes, bytes.count <= Datagram.maxBytes {
        let signed = Array(bytes.dropLast(Datagram.tagBytes))
        take(signed + Array(HMAC<SHA256>.authenticationCode(for: signed, using: key).prefix(Datagram.tagBytes)))
    }
    return 0
}

private let keyBytes = (0..<32).map { UInt8($0 &* 7 &+ 1) }
private let key = SymmetricKey(data: keyBytes)

private func take(_ bytes: [UInt8]) {
    _ = Datagram.claimedSender(bytes)
    switch Datagram.open(bytes, with: key) {
    case .failure: return
    case .success(let datagram):
        require(datagram.sealed(with: key) == bytes, "\(datagram) does not seal back to the bytes it came as")
        require(datagram.kind == .probe ? datagram.key.isEmpty && datagram.body.isEmpty : StateMessage.isValid(key: datagram.key),
            "\(datagram) has a key or body its kind cannot have")
        // As the host takes it: its path, then (a state) its body as JSON.
        var path = DatagramPath<Int>(key: keyBytes)
        let now = NIODeadline.uptimeNanoseconds(1_000_000_000)
        let opened = path.open(bytes, from: 1, expecting: datagram.sender, now: now)
        require((try? opened.get()) == datagram, "the path opened \(opened), not \(datagram)")
        if case .success = path.open(bytes, from: 1, expecting: datagram.sender, now: now) {
            require(false, "a replay of \(datagram) was taken")
        }
        if datagram.kind == .state, let body = try? RawJSON(parsing: Data(datagram.body)) {
            let isUTF8 = String(validating: body.bytes, as: UTF8.self) != nil
            require(isUTF8 && !body.bytes.contains(0) && !body.bytes.starts(with: [0xEF, 0xBB, 0xBF]), "a state body kept in another encoding")
        }
    }
}
