import Crypto
import FoundationEssentials
import Glibc
import NIOSSL
import X509

/// The host's TLS key and self-signed certificate, made at its first start and kept in its state
/// directory (`tls-key.pem`, readable by the host's user only, and `tls-cert.pem`): players who
/// pinned or remembered its ``fingerprint`` know it again on every later run.
public struct HostIdentity: Sendable {
    /// The certificate's SHA-256.
    public let fingerprint: Fingerprint
    /// The certificate, for TLS.
    public let certificate: NIOSSLCertificate
    /// The private key, for TLS.
    public let privateKey: NIOSSLPrivateKey
    /// Whether this run made the key (the first start).
    public let isNew: Bool

    /// The key file's name in the state directory.
    public static let keyFile = "tls-key.pem"
    /// The certificate file's name in the state directory.
    public static let certificateFile = "tls-cert.pem"

    /// The identity kept in `directory` (made with its parents, mode 0700, when missing); made and
    /// written there on the first start. A key without its certificate, or either unreadable, is
    /// an error naming the file: the host never makes a new key over one it cannot read, which
    /// would change its fingerprint behind its players' backs. Two hosts starting at once in one
    /// directory take turns (a lock on the directory): the second loads the key the first made.
    public static func loadOrCreate(in directory: String) throws(HostIdentityError) -> HostIdentity {
        let keyPath = directory + "/" + keyFile
        let certificatePath = directory + "/" + certificateFile
        try makeDirectory(directory)
        let lock = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0, flock(lock, LOCK_EX) == 0 else {
            if lock >= 0 { close(lock) }
            throw .cannotCreate(directory, String(cString: strerror(errno)))
        }
        defer { close(lock) }  // and with it the lock
        let haveKey = access(keyPath, F_OK) == 0
        let haveCertificate = access(certificatePath, F_OK) == 0
        if !haveKey && !haveCertificate {
            try create(keyPath: keyPath, certificatePath: certificatePath)
            return try load(keyPath: keyPath, certificatePath: certificatePath, isNew: true)
        }
        guard haveKey else { throw .missing(keyPath, besides: certificatePath) }
        guard haveCertificate else { throw .missing(certificatePath, besides: keyPath) }
        return try load(keyPath: keyPath, certificatePath: certificatePath, isNew: false)
    }

    private static func load(keyPath: String, certificatePath: String, isNew: Bool) throws(HostIdentityError) -> HostIdentity {
        let certificate: NIOSSLCertificate
        let key: NIOSSLPrivateKey
        let der: [UInt8]
        do {
            guard let first = try NIOSSLCertificate.fromPEMFile(certificatePath).first else {
                throw HostIdentityError.unreadable(certificatePath, "no certificate in it")
            }
            certificate = first
            der = try certificate.toDERBytes()
        } catch { throw .unreadable(certificatePath, "\(error)") }
        do { key = try NIOSSLPrivateKey(file: keyPath, format: .pem) } catch { throw .unreadable(keyPath, "\(error)") }
        return HostIdentity(fingerprint: Fingerprint(certificateDER: der), certificate: certificate, privateKey: key, isNew: isNew)
    }

    /// A P-256 key and a certificate for it, signed by itself, valid from a day ago for 100 years
    /// (nobody checks dates: players trust the fingerprint, not a CA).
    private static func create(keyPath: String, certificatePath: String) throws(HostIdentityError) {
        let key = P256.Signing.PrivateKey()
        let certificatePEM: String
        do {
            let name = try DistinguishedName { CommonName("snap-host") }
            let now = Date()
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(),
                publicKey: .init(key.publicKey), notValidBefore: now - 86_400, notValidAfter: now + 100 * 365 * 86_400,
                issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions { Critical(BasicConstraints.notCertificateAuthority) },
                issuerPrivateKey: .init(key))
            certificatePEM = try certificate.serializeAsPEM().pemString
        } catch { throw .cannotCreate(certificatePath, "\(error)") }
        try write(key.pemRepresentation + "\n", to: keyPath, mode: 0o600)
        try write(certificatePEM + "\n", to: certificatePath, mode: 0o644)
    }

    /// Makes `directory` (and its parents) mode 0700 when missing.
    private static func makeDirectory(_ directory: String) throws(HostIdentityError) {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch { throw .cannotCreate(directory, "\(error)") }
    }

    /// Writes a new file (never over an existing one: two hosts starting at once must not
    /// swap keys under each other).
    private static func write(_ text: String, to path: String, mode: mode_t) throws(HostIdentityError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .cannotCreate(path, String(cString: strerror(errno))) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw .cannotCreate(path, String(cString: strerror(errno))) }
    }
}

/// Why the host's TLS identity cannot be used.
public enum HostIdentityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One of the two files is there without the other.
    case missing(String, besides: String)
    /// A file is there but cannot be read as a key or certificate.
    case unreadable(String, String)
    /// A new key or certificate could not be written.
    case cannotCreate(String, String)

    public var description: String {
        switch self {
        case .missing(let path, let other):
            "TLS identity: \(path) is missing beside \(other); restore it, or remove \(other) to make a new key (players will be told the key changed)"
        case .unreadable(let path, let why): "TLS identity: cannot read \(path): \(why)"
        case .cannotCreate(let path, let why): "TLS identity: cannot write \(path): \(why)"
        }
    }
}
