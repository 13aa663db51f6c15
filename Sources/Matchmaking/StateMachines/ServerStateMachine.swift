/// Admission on the host: who is in, who is refused and why. Pure: the runner
/// (``MatchmakingServer``) feeds it events and performs the returned actions.
///
/// `idle -> acceptingConnections -> ignoringNewConnections -> acceptingConnections ... -> idle`
public struct ServerStateMachine: Sendable {
    /// The admission rules.
    public struct Configuration: Hashable, Sendable {
        /// Most players admitted at once.
        public var capacity: Int
        /// Protocol versions the host speaks.
        public var versions: [Int]
        /// Creates a configuration.
        public init(capacity: Int, versions: [Int] = WireCodec.supportedVersions) {
            precondition(capacity > 0, "capacity must be positive")
            self.capacity = capacity
            self.versions = versions
        }
    }

    /// What the runner learned from a client's hello before asking for admission.
    public struct HelloCheck: Hashable, Sendable {
        /// The join-code proof, as verified by the runner.
        public enum Proof: Hashable, Sendable {
            /// The host has no join code.
            case notRequired
            /// The proof matches the code.
            case valid
            /// The proof is well-formed but wrong.
            case wrong
            /// A code is required and no proof came.
            case missing
            /// The proof is not base64 of 32 bytes.
            case malformed
        }
        /// The version the client chose.
        public var version: Int
        /// The trimmed name, or what is wrong with it.
        public var name: Result<String, PlayerName.Problem>
        /// The proof verdict.
        public var proof: Proof
        /// Creates a check.
        public init(version: Int, name: Result<String, PlayerName.Problem>, proof: Proof) {
            self.version = version
            self.name = name
            self.proof = proof
        }
    }

    /// The players admitted.
    public struct Roster: Hashable, Sendable {
        /// Admitted players by id.
        public fileprivate(set) var peers: [PeerID: Peer] = [:]
        /// Admitted players in order of admission.
        public var ordered: [Peer] { peers.values.sorted { $0.id < $1.id } }
    }

    /// Where the host is in its life.
    public enum State: Hashable, Sendable {
        /// Not listening; nobody is admitted.
        case idle
        /// Listening; admits players up to the capacity (lobby, or a game that takes late joiners).
        case acceptingConnections(Roster)
        /// A game that takes no late joiners is running: new players are denied `inProgress`.
        case ignoringNewConnections(Roster)
    }

    /// What the runner must do.
    public enum Action: Hashable, Sendable {
        /// Nothing.
        case none
        /// Start listening for connections.
        case startListening
        /// Welcome `peer`; tell `others` (already admitted) that it joined.
        case admit(Peer, others: [Peer])
        /// Send a `deny` with this reason and detail, then close.
        case deny(DenyReason, detail: String)
        /// Tell `remaining` players that `peer` left.
        case announceLeft(Peer, reason: ByeReason, remaining: [Peer])
        /// Say `bye serverQuit` to every player, close every connection, stop listening.
        case disconnectAll([Peer])
    }

    /// The rules.
    public let configuration: Configuration
    /// The current state.
    public private(set) var state: State = .idle
    /// The next id to hand out: ids are unique for the life of the machine, across restarts.
    private var nextID: UInt32 = 1

    /// Creates an idle machine.
    public init(configuration: Configuration) { self.configuration = configuration }

    /// Players admitted now.
    public var players: [Peer] {
        switch state {
        case .idle: []
        case .acceptingConnections(let roster), .ignoringNewConnections(let roster): roster.ordered
        }
    }

    /// `idle -> acceptingConnections`.
    public mutating func start() -> Action {
        switch state {
        case .idle:
            state = .acceptingConnections(Roster())
            return .startListening
        case .acceptingConnections, .ignoringNewConnections:
            preconditionFailure("start() called twice")
        }
    }

    /// Decides on a client's hello: admit, or deny with the first reason that applies (in the
    /// order versionMismatch, badHello, wrongJoinCode, inProgress, full, nameTaken).
    public mutating func helloReceived(_ check: HelloCheck) -> Action {
        switch state {
        case .idle:
            return .deny(.inProgress, detail: "the host is shutting down")
        case .ignoringNewConnections:
            if let denial = Self.credentialDenial(check, configuration) { return denial }
            return .deny(.inProgress, detail: "a game is in progress and takes no late joiners")
        case .acceptingConnections(var roster):
            if let denial = Self.credentialDenial(check, configuration) { return denial }
            guard roster.peers.count < configuration.capacity else {
                return .deny(.full, detail: "the game is full (\(roster.peers.count) of \(configuration.capacity) players)")
            }
            guard case .success(let name) = check.name else { preconditionFailure("checked by credentialDenial") }
            let key = PlayerName.uniquenessKey(name)
            guard !roster.peers.values.contains(where: { PlayerName.uniquenessKey($0.name) == key }) else {
                return .deny(.nameTaken, detail: "another player is already called \(name)")
            }
            let peer = Peer(id: PeerID(rawValue: nextID), name: name)
            let others = roster.ordered
            nextID += 1
            roster.peers[peer.id] = peer
            state = .acceptingConnections(roster)
            return .admit(peer, others: others)
        }
    }

    /// An admitted player left (bye, dropped, or broke the protocol); its slot is free at once.
    public mutating func peerLeft(_ id: PeerID, reason: ByeReason) -> Action {
        switch state {
        case .idle:
            return .none
        case .acceptingConnections(var roster):
            guard let peer = roster.peers.removeValue(forKey: id) else { return .none }
            state = .acceptingConnections(roster)
            return .announceLeft(peer, reason: reason, remaining: roster.ordered)
        case .ignoringNewConnections(var roster):
            guard let peer = roster.peers.removeValue(forKey: id) else { return .none }
            state = .ignoringNewConnections(roster)
            return .announceLeft(peer, reason: reason, remaining: roster.ordered)
        }
    }

    /// A game started. Without late joiners: `acceptingConnections -> ignoringNewConnections`.
    public mutating func gameStarted(lateJoinersAllowed: Bool) -> Action {
        switch state {
        case .idle:
            preconditionFailure("gameStarted() while idle")
        case .acceptingConnections(let roster):
            if !lateJoinersAllowed { state = .ignoringNewConnections(roster) }
            return .none
        case .ignoringNewConnections:
            preconditionFailure("gameStarted() while a game is running")
        }
    }

    /// The game ended: `ignoringNewConnections -> acceptingConnections`.
    public mutating func gameEnded() -> Action {
        switch state {
        case .idle, .acceptingConnections:
            return .none
        case .ignoringNewConnections(let roster):
            state = .acceptingConnections(roster)
            return .none
        }
    }

    /// The host shuts down: `-> idle`, everybody is told `serverQuit`.
    public mutating func stop() -> Action {
        switch state {
        case .idle:
            return .none
        case .acceptingConnections(let roster), .ignoringNewConnections(let roster):
            state = .idle
            return .disconnectAll(roster.ordered)
        }
    }

    private static func credentialDenial(_ check: HelloCheck, _ configuration: Configuration) -> Action? {
        guard configuration.versions.contains(check.version) else {
            let spoken = configuration.versions.map(String.init).joined(separator: ", ")
            return .deny(.versionMismatch, detail: "version \(check.version) is not spoken here (\(spoken))")
        }
        if case .failure(let problem) = check.name { return .deny(.badHello, detail: problem.description) }
        switch check.proof {
        case .notRequired, .valid: return nil
        case .malformed: return .deny(.badHello, detail: "proof: must be base64 of 32 bytes")
        case .missing: return .deny(.wrongJoinCode, detail: "this host needs a join code")
        case .wrong: return .deny(.wrongJoinCode, detail: "the join code is wrong")
        }
    }
}
