import NIOCore

/// The messages a host writes most (`ping`, `pong`, `joined`, `left`, and `welcome`, whose list
/// of players grows with the room) written straight into a buffer, byte for byte what the
/// `Codable` encoder writes (sorted keys, no white space, `/` unescaped, non-ASCII as UTF-8), at
/// a fraction of its cost. Every other message goes through `JSONEncoder`.
extension WireCodec {
    static func fastEncode(_ message: WireMessage) -> ByteBuffer? {
        var out = ByteBuffer()
        switch message {
        case .ping(let ping):
            out.writeStaticString(#"{"sent":"#)
            out.writeDecimal(ping.sent)
            out.writeStaticString(#","seq":"#)
            out.writeDecimal(ping.seq)
            out.writeStaticString(#","type":"ping"}"#)
        case .pong(let pong):
            out.writeStaticString(#"{"received":"#)
            out.writeDecimal(pong.received)
            out.writeStaticString(#","replied":"#)
            out.writeDecimal(pong.replied)
            out.writeStaticString(#","sent":"#)
            out.writeDecimal(pong.sent)
            out.writeStaticString(#","seq":"#)
            out.writeDecimal(pong.seq)
            out.writeStaticString(#","type":"pong"}"#)
        case .joined(let joined):
            out.writeStaticString(#"{"peer":"#)
            out.writePeer(joined.peer)
            out.writeStaticString(#","type":"joined"}"#)
        case .left(let left):
            out.writeStaticString(#"{"peer":"#)
            out.writePeer(left.peer)
            out.writeStaticString(#","reason":""#)
            out.writeString(left.reason.rawValue)
            out.writeStaticString(#"","type":"left"}"#)
        case .welcome(let welcome):
            out.reserveCapacity(160 + welcome.peers.count * 32)
            out.writeStaticString("{")
            if let offer = welcome.datagram {
                out.writeStaticString(#""datagram":{"key":"#)
                out.writeJSONString(offer.key)
                out.writeStaticString(#","port":"#)
                out.writeDecimal(offer.port)
                out.writeStaticString("},")
            }
            out.writeStaticString(#""heartbeatIntervalMs":"#)
            out.writeDecimal(welcome.heartbeatIntervalMs)
            out.writeStaticString(#","heartbeatTimeoutMs":"#)
            out.writeDecimal(welcome.heartbeatTimeoutMs)
            out.writeStaticString(#","host":"#)
            out.writePeer(welcome.host)
            out.writeStaticString(#","peers":["#)
            for (index, peer) in welcome.peers.enumerated() {
                if index > 0 { out.writeStaticString(",") }
                out.writePeer(peer)
            }
            out.writeStaticString("]")
            if let players = welcome.players {
                out.writeStaticString(#","players":"#)
                out.writeDecimal(players)
            }
            if let token = welcome.resumeToken {
                out.writeStaticString(#","resumeToken":"#)
                out.writeJSONString(token)
            }
            if let resumed = welcome.resumed { out.writeStaticString(resumed ? #","resumed":true"# : #","resumed":false"#) }
            out.writeStaticString(#","type":"welcome","version":"#)
            out.writeDecimal(welcome.version)
            out.writeStaticString(#","you":"#)
            out.writePeer(welcome.you)
            out.writeStaticString("}")
        case .serverHello, .clientHello, .deny, .app, .bye, .away, .back, .state:
            return nil
        }
        return out
    }
}

extension ByteBuffer {
    /// `{"id":N,"name":"…"}`
    fileprivate mutating func writePeer(_ peer: Peer) {
        writeStaticString(#"{"id":"#)
        writeDecimal(peer.id.rawValue)
        writeStaticString(#","name":"#)
        writeJSONString(peer.name)
        writeStaticString("}")
    }

    /// The integer in decimal, written digit by digit (no `String` in between).
    fileprivate mutating func writeDecimal<Value: BinaryInteger>(_ value: Value) {
        var magnitude = value.magnitude
        if value < 0 { writeInteger(UInt8(ascii: "-")) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            writeBytes(UnsafeRawBufferPointer(rebasing: buffer[(20 - count)...]))
        }
    }

    /// A JSON string as `JSONEncoder` writes it with `.withoutEscapingSlashes`: `"` and `\`
    /// escaped, control characters as `\b \f \n \r \t` or `\u00xx`, everything else as UTF-8.
    fileprivate mutating func writeJSONString(_ text: String) {
        writeStaticString("\"")
        var pending = text.utf8.startIndex
        let utf8 = text.utf8
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            writeBytes(utf8[pending..<index])
            pending = utf8.index(after: index)
            switch byte {
            case UInt8(ascii: "\""): writeStaticString(#"\""#)
            case UInt8(ascii: "\\"): writeStaticString(#"\\"#)
            case 0x08: writeStaticString(#"\b"#)
            case 0x0C: writeStaticString(#"\f"#)
            case 0x0A: writeStaticString(#"\n"#)
            case 0x0D: writeStaticString(#"\r"#)
            case 0x09: writeStaticString(#"\t"#)
            default:
                let hex = Array("0123456789abcdef".utf8)
                writeStaticString(#"\u00"#)
                writeInteger(hex[Int(byte >> 4)])
                writeInteger(hex[Int(byte & 0x0F)])
            }
        }
        writeBytes(utf8[pending...])
        writeStaticString("\"")
    }
}
