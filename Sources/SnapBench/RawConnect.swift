import Foundation

/// Baseline for the handshake: a raw TCP connect plus one 48-byte echo on loopback.
enum RawConnect {
    static func run(count: Int) -> [UInt64] {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        listen(listener, 128)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(listener, $0, &length) } }
        let total = count + count / 10
        let server = Thread {
            var buffer = [UInt8](repeating: 0, count: 48)
            for _ in 0..<total {
                let connection = accept(listener, nil, nil)
                var got = 0
                while got < 48 { let n = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress! + got, 48 - got) }; if n <= 0 { break }; got += n }
                _ = buffer.withUnsafeBytes { write(connection, $0.baseAddress, 48) }
                close(connection)
            }
        }
        server.start()
        var samples: [UInt64] = []
        var message = [UInt8](repeating: 1, count: 48)
        for index in 0..<total {
            let start = now()
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            _ = message.withUnsafeBytes { write(client, $0.baseAddress, 48) }
            var got = 0
            while got < 48 { let n = message.withUnsafeMutableBytes { read(client, $0.baseAddress! + got, 48 - got) }; if n <= 0 { break }; got += n }
            if index >= count / 10 { samples.append(now() - start) }
            close(client)
        }
        close(listener)
        return samples
    }
}
