import CZlib

/// gzip (RFC 1952) by zlib, at its best compression: for bytes compressed once (the pages, when
/// the web port is made), never per request.
enum Gzip {
    /// `bytes` gzipped (deflate level 9, memLevel 9, gzip framing); nil if zlib fails, which it
    /// does only without memory.
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 16: a 32 KiB window with the gzip header and trailer (zlib.h).
        let made = deflateInit2_(&stream, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard made == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let finished: Int32 = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                return deflate(&stream, Z_FINISH)  // the bound holds it all: one call
            }
        }
        guard finished == Z_STREAM_END else { return nil }
        return Array(out.prefix(Int(stream.total_out)))
    }
}
