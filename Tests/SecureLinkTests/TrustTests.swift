import Foundation
import Testing

@testable import SecureLink

@Suite struct FingerprintTests {
    @Test func readsHexAsPeopleCopyItAndWritesItLowerCase() throws {
        let hex = String(repeating: "3F9a", count: 16)
        let fingerprint = try #require(Fingerprint(hex: hex))
        #expect(fingerprint.hex == hex.lowercased())
        #expect(Fingerprint(hex: stride(from: 0, to: 64, by: 2).map { i in String(Array(hex)[i..<i + 2]) }.joined(separator: ":")) == fingerprint)
        #expect(fingerprint.short == "3f9a 3f9a 3f9a 3f9a")
        #expect(fingerprint.description.split(separator: " ").count == 16)
        #expect(Fingerprint(hex: String(hex.dropLast())) == nil)
        #expect(Fingerprint(hex: String(hex.dropLast()) + "g") == nil)
    }

    @Test func isTheSHA256OfTheCertificate() {
        // SHA-256 of "abc" (FIPS 180-2's example).
        #expect(Fingerprint(certificateDER: Array("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

@Suite struct HostTrustTests {
    let one = Fingerprint(hex: String(repeating: "11", count: 32))!
    let two = Fingerprint(hex: String(repeating: "22", count: 32))!

    func knownHosts() -> KnownHosts {
        KnownHosts(path: FileManager.default.temporaryDirectory.appendingPathComponent("kh-\(UUID())/deeper/known-hosts").path)
    }

    @Test func theFirstKeyIsRememberedAndAnotherIsRefusedWithWhatToDo() throws {
        let file = knownHosts()
        let trust = HostTrust.firstUse(file, endpoint: "10.0.0.5:7777")
        let day = Date(timeIntervalSince1970: 1_764_028_800)  // 2025-11-25
        #expect(trust.check(one, route: "10.0.0.5:7777", now: day) == .trusted(firstSeen: true))
        #expect(file.entry(for: "10.0.0.5:7777") == .init(fingerprint: one, since: "2025-11-25"))
        #expect(trust.check(one, route: "10.0.0.5:7777") == .trusted(firstSeen: false))
        guard case .refused(let sentence) = trust.check(two, route: "10.0.0.5:7777") else {
            Issue.record("a changed key was trusted")
            return
        }
        #expect(sentence.hasPrefix("10.0.0.5:7777 shows TLS key 2222 2222 2222 2222…, not the key remembered for it since 2025-11-25 (1111 1111 1111 1111…)."))
        #expect(sentence.contains("snap-host forget-host 10.0.0.5:7777"))
        // Another endpoint is its own first use; forgetting makes the next key the first again.
        #expect(HostTrust.firstUse(file, endpoint: "10.0.0.6:7777").check(two, route: "10.0.0.6:7777") == .trusted(firstSeen: true))
        #expect(try file.forget("10.0.0.5:7777"))
        #expect(try !file.forget("10.0.0.5:7777"))
        #expect(trust.check(two, route: "10.0.0.5:7777") == .trusted(firstSeen: true))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aKeyThatCannotBeRememberedIsTrustedForThisLinkAndSaysWhy() throws {
        // A file where the known-hosts folder should be: nothing can be written under it.
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("kh-\(UUID())").path
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: blocker))
        let file = KnownHosts(path: blocker + "/snap-host/known-hosts")
        let trust = HostTrust.firstUse(file, endpoint: "10.0.0.5:7777")
        guard case .trustedNotRemembered(let why) = trust.check(one, route: "10.0.0.5:7777") else {
            Issue.record("an unwritable known-hosts file was not told")
            return
        }
        #expect(why.contains(blocker), "\(why)")
        #expect(file.entry(for: "10.0.0.5:7777") == nil)
        // Nothing was remembered, so the next link is a first use again (any key).
        guard case .trustedNotRemembered = trust.check(two, route: "10.0.0.5:7777") else {
            Issue.record("the second key was not a first use")
            return
        }
    }

    @Test func aPinnedKeyIsTheOnlyOne() {
        let trust = HostTrust.pinned(one, source: "advertised on the LAN")
        #expect(trust.check(one, route: "h:1") == .trusted(firstSeen: false))
        #expect(trust.check(two, route: "h:1") == .refused(
            "h:1 shows TLS key 2222 2222 2222 2222…, not the key advertised on the LAN (1111 1111 1111 1111…): "
                + "something between you and the host may be reading along; not joining"))
    }

    @Test func aDamagedLineCostsOnlyItself() throws {
        let file = knownHosts()
        try file.remember(one, for: "a:1")
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        try (text + "garbage\nb:2 zz 2020-01-01\n").write(toFile: file.path, atomically: true, encoding: .utf8)
        #expect(file.entries().keys.sorted() == ["a:1"])
    }
}

@Suite struct HostIdentityTests {
    @Test func isMadeOnceKeptPrivateAndTheSameOnTheNextStart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("id-\(UUID())/state").path
        let first = try HostIdentity.loadOrCreate(in: directory)
        #expect(first.isNew)
        let again = try HostIdentity.loadOrCreate(in: directory)
        #expect(!again.isNew)
        #expect(again.fingerprint == first.fingerprint)
        #expect(try Fingerprint(certificateDER: again.certificate.toDERBytes()) == first.fingerprint)
        let key = try FileManager.default.attributesOfItem(atPath: directory + "/tls-key.pem")[.posixPermissions] as? Int
        #expect(key == 0o600)
        let other = try HostIdentity.loadOrCreate(in: directory + "-other")
        #expect(other.fingerprint != first.fingerprint)
    }

    /// Hosts starting at once in one fresh directory: one makes the key, the others load it
    /// (before, all but one failed to write it, or read a key whose certificate was not there yet).
    @Test func hostsStartingAtOnceShareTheOneKeyMade() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("id-\(UUID())/state").path
        let identities = try await withThrowingTaskGroup(of: HostIdentity.self) { group in
            for _ in 0..<8 { group.addTask { try HostIdentity.loadOrCreate(in: directory) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(identities.count == 8)
        #expect(Set(identities.map(\.fingerprint)).count == 1)
        #expect(identities.filter(\.isNew).count == 1)
    }

    @Test func aKeyWithoutItsCertificateIsNotReplaced() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("id-\(UUID())").path
        _ = try HostIdentity.loadOrCreate(in: directory)
        try FileManager.default.removeItem(atPath: directory + "/tls-cert.pem")
        #expect(throws: HostIdentityError.missing(directory + "/tls-cert.pem", besides: directory + "/tls-key.pem")) {
            try HostIdentity.loadOrCreate(in: directory)
        }
        try "not a key".write(toFile: directory + "/tls-cert.pem", atomically: true, encoding: .utf8)
        #expect(throws: HostIdentityError.self) { try HostIdentity.loadOrCreate(in: directory) }
    }
}
