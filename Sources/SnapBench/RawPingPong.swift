import Foundation

/// The baseline: a raw TCP ping-pong of `size`-byte messages between two blocking sockets on
/// loopback with TCP_NODELAY, one thread each — what the kernel alone costs.
enum RawPingPong {
    static func run(rounds: Int, size: Int) -> [UInt64] {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        listen(listener, 1)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(listener, $0, &length) } }

        let echo = Thread {
            let connection = accept(listener, nil, nil)
            noDelay(connection)
            var buffer = [UInt8](repeating: 0, count: size)
            while readFully(connection, &buffer) { _ = buffer.withUnsafeBytes { write(connection, $0.baseAddress, size) } }
            close(connection)
        }
        echo.start()

        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        noDelay(client)
        var message = [UInt8](repeating: 42, count: size)
        var samples: [UInt64] = []
        samples.reserveCapacity(rounds)
        for round in 0..<(rounds + rounds / 10) {
            let start = now()
            _ = message.withUnsafeBytes { write(client, $0.baseAddress, size) }
            _ = readFully(client, &message)
            if round >= rounds / 10 { samples.append(now() - start) }  // the first tenth warms up
        }
        close(client)
        close(listener)
        return samples
    }

    private static func noDelay(_ fd: Int32) {
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    private static func readFully(_ fd: Int32, _ buffer: inout [UInt8]) -> Bool {
        var got = 0
        let size = buffer.count
        while got < size {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, size - got) }
            if n <= 0 { return false }
            got += n
        }
        return true
    }
}
