import NIOCore

extension HostMachine {
    /// What admission makes of a hello: a denial with its reason, a seat held for this client
    /// given back, or a new seat.
    enum Verdict: Hashable, Sendable {
        case deny(DenyReason, detail: String, suggestion: String? = nil)
        case resume(PeerID)
        case admit(name: String)
    }

    /// Decides on a hello: the first reason that applies, in the order versionMismatch,
    /// badHello, wrongJoinCode; then a held seat whose resume token the hello carries (in any
    /// phase, however full); then inProgress, full, nameTaken; else a new seat. A token this host
    /// run does not hold (given up, or from another run) asks for a new seat. `nonce` and
    /// `binding` are the link's, for the join-code proof (``JoinProof``). Pure.
    func verdict(on hello: ClientHello, nonce: [UInt8], binding: [UInt8] = []) -> Verdict {
        guard configuration.supportedVersions.contains(hello.version) else {
            let spoken = configuration.supportedVersions.map(String.init).joined(separator: ", ")
            return .deny(.versionMismatch, detail: "version \(hello.version) is not spoken here (\(spoken))")
        }
        let name: String
        do { name = try PlayerName.validate(hello.name) } catch { return .deny(.badHello, detail: error.description) }
        if let code = configuration.joinCode {
            guard let proof = hello.proof else { return .deny(.wrongJoinCode, detail: "this host needs a join code") }
            guard let mac = Base64.decode(proof), mac.count == 32 else { return .deny(.badHello, detail: "proof: must be base64 of 32 bytes") }
            guard JoinProof.verify(proof: proof, code: code, nonce: nonce, binding: binding) else { return .deny(.wrongJoinCode, detail: "the join code is wrong") }
        }
        if hello.version >= WireCodec.resumeVersion, phase != .stopped, let token = hello.resume, let seat = seats.holder(ofToken: token) {
            return .resume(seat)
        }
        switch phase {
        case .stopped:
            return .deny(.inProgress, detail: "the host is shutting down")
        case .playing(lateJoinersAllowed: false):
            return .deny(.inProgress, detail: "a game is in progress and takes no late joiners")
        case .open, .playing(lateJoinersAllowed: true):
            break
        }
        guard seats.count < configuration.capacity else {
            return .deny(.full, detail: "the game is full (\(seats.count) of \(configuration.capacity) players)")
        }
        guard !seats.isNameTaken(name) else {
            let free = PlayerName.freeVariant(of: name, inUse: seats.count) { seats.isNameTaken($0) }
            return .deny(.nameTaken, detail: "another player is already called \(name); \"\(free)\" is free", suggestion: free)
        }
        return .admit(name: name)
    }

    /// A link's hello: deny and close, or seat the player. The new player's `welcome` is written
    /// first, listing everyone present; the others hear of it in the next roster batch.
    mutating func helloReceived(
        _ hello: ClientHello, nonce: [UInt8], binding: [UInt8], token: [UInt8], on id: LinkID, now: NIODeadline
    ) -> HostResult<Link> {
        switch verdict(on: hello, nonce: nonce, binding: binding) {
        case .deny(let reason, let detail, let suggestion):
            let deny = Deny(reason: reason, detail: detail, suggestion: suggestion)
            return close(id, farewell: .deny(deny), leaving: nil, reason: "denied \(reason)", now: now)
        case .resume(let peer):
            return resume(peer, version: hello.version, on: id, now: now)
        case .admit(let name):
            return admit(name: name, version: hello.version, token: token, on: id, now: now)
        }
    }

    private mutating func admit(name: String, version: Int, token: [UInt8], on id: LinkID, now: NIODeadline) -> HostResult<Link> {
        guard let entry = links[id] else { return HostResult() }
        var result = HostResult<Link>()
        let peer = Peer(id: seats.nextPeerID, name: name)
        let others = othersTold(version: version)
        let listed = seats.listed.count < configuration.listedPlayers
        pending -= 1
        links[id]?.stage = .admitted(peer.id)
        if let due = roster.add(.joined(Joined(peer: peer)), listed: listed, now: now, batch: configuration.rosterBatch) { result.wake = due }
        let keepsSeat = version >= WireCodec.resumeVersion && configuration.resumeGrace > .zero
        let resumeToken = keepsSeat ? Base64.encode(token) : nil
        seats.admit(
            peer, version: version, token: resumeToken, on: id, handle: entry.link,
            heartbeat: Heartbeat(configuration: configuration.heartbeat, now: now), rosterMark: roster.markNow,
            realtime: realtimePath(version: version, key: entry.datagramKey), listed: listed)
        welcome(peer, others: others, version: version, token: resumeToken, resumed: nil, on: entry.link, into: &result)
        result.inputs.append(.joined(peer))
        result.notes.append(.admitted(peer, on: entry.link))
        result.status = status
        return result
    }

    /// The players a player of `version` is told of in its `welcome`: from version 4 the listed
    /// ones, before it everyone.
    func othersTold(version: Int) -> [Peer] {
        version >= WireCodec.listedRosterVersion ? seats.listedPlayers : players
    }

    /// Writes a player's `welcome` listing `others` (as many as fit; the rest follow as `joined`);
    /// from version 4 it says how many players there are.
    mutating func welcome(
        _ peer: Peer, others: [Peer], version: Int, token: String?, resumed: Bool?, on link: Link, into result: inout HostResult<Link>
    ) {
        let (listed, following) = Self.split(others, budget: configuration.maxFrame - 512)
        result.send(.welcome(Welcome(
            version: version, you: peer, host: hostPeer, peers: listed,
            heartbeatIntervalMs: Int(configuration.heartbeat.interval.nanoseconds / 1_000_000),
            heartbeatTimeoutMs: Int(configuration.heartbeat.timeout.nanoseconds / 1_000_000),
            resumeToken: token, resumed: resumed, datagram: datagramOffer(for: peer.id),
            players: version >= WireCodec.listedRosterVersion ? seats.count : nil)), to: link)
        if !following.isEmpty {
            result.send(.messages(following.map { .joined(Joined(peer: $0)) }), to: [link])
        }
    }

    /// The players a `welcome` lists, and the rest, which follow it as `joined` notes: a welcome
    /// must fit in a frame even in a crowded room. The size of a listed peer is bounded from above
    /// (a name's bytes at most doubled by JSON escaping, plus the id and punctuation).
    static func split(_ peers: [Peer], budget: Int) -> (listed: [Peer], following: [Peer]) {
        var used = 0
        for (index, peer) in peers.enumerated() {
            used += 2 * peer.name.utf8.count + 32
            if used > budget { return (Array(peers[..<index]), Array(peers[index...])) }
        }
        return (peers, [])
    }
}
