extension Site {
    /// One file as served: its bytes as they are and, when smaller, gzipped, each representation
    /// with its own strong validator (RFC 9110: a validator names one representation). Made once
    /// (``Site``), never per request.
    struct File: Sendable {
        let contentType: String
        /// The bytes as they are, for a request that does not accept gzip.
        let plain: Representation
        /// The bytes gzipped (zlib's best), when that is smaller than ``plain``.
        let gzip: Representation?
        /// A hash of the plain bytes, 16 hex digits: the plain ``Representation/etag`` in its
        /// quotes, and the hash in the file's hashed name (`/dom.3f2a9c1e05b7d6a8.mjs`).
        let hash: String

        /// `source` as served: a module's or a stylesheet's without its comments (``SourceComments``).
        init(bytes source: [UInt8], contentType: String) {
            let bytes =
                switch contentType {
                case Assets.script: SourceComments.stripped(source, .script)
                case Assets.css: SourceComments.stripped(source, .stylesheet)
                default: source
                }
            self.contentType = contentType
            hash = Self.hash(of: bytes)
            plain = Representation(bytes: bytes, etag: "\"\(hash)\"", encoding: nil)
            if let packed = Gzip.compress(bytes), packed.count < bytes.count {
                gzip = Representation(bytes: packed, etag: "\"\(hash)-gz\"", encoding: "gzip")
            } else {
                gzip = nil
            }
        }

        /// The representation for a request that does (or does not) accept gzip.
        func representation(acceptingGzip: Bool) -> Representation {
            acceptingGzip ? gzip ?? plain : plain
        }

        /// FNV-1a (64 bits) of `bytes`, 16 hex digits: the files are few and made by the build,
        /// so a 64-bit hash tells their versions apart.
        static func hash(of bytes: [UInt8]) -> String {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            let hex = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
    }

    /// A file's bytes in one content coding, and their validator.
    struct Representation: Sendable {
        let bytes: [UInt8]
        /// Its strong validator, quoted: `"9c1e02ab77d031f4"` for the plain bytes,
        /// `"9c1e02ab77d031f4-gz"` for the gzip. A browser that has these bytes asks with
        /// `If-None-Match` and gets `304 Not Modified`.
        let etag: String
        /// Its `Content-Encoding` (`gzip`); nil for the bytes as they are.
        let encoding: String?

        /// Whether an `If-None-Match` value names these bytes (`*`, or this tag among those
        /// listed, weak or not: RFC 9110's weak comparison).
        func matches(ifNoneMatch value: String) -> Bool {
            value.split(separator: ",").contains { candidate in
                var tag = candidate.trimmingPrefix(" ")
                while tag.last == " " { tag = tag.dropLast() }
                if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
                return tag == "*" || tag == etag
            }
        }
    }
}
