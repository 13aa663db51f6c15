import Logging
import ServiceLifecycle

/// The game layer that runs until a real game is chosen: everyone sees who is present, and chat
/// lines go to everybody. On the host it prints the roster changes and the chat for whoever
/// watches its terminal (a TV, a log).
public struct LobbyHost: Service {
    private let session: HostSession
    private let output: @Sendable (String) -> Void

    /// Runs the lobby on `session`, printing each line with `output`.
    public init(session: HostSession, output: @escaping @Sendable (String) -> Void) {
        self.session = session
        self.output = output
    }

    /// Runs until the session ends or graceful shutdown begins (put it after the server in a
    /// `ServiceGroup`, so it stops first and the server then says goodbye to the players).
    public func run() async {
        let capacity = session.configuration.capacity
        await cancelWhenGracefulShutdown {
            for await input in session.inputs {
                let count = session.peers.count
                switch input {
                case .joined(let peer): output("joined: \(peer.name) (id \(peer.id)) [\(count)/\(capacity)]")
                case .left(let peer, let reason): output("left: \(peer.name) (id \(peer.id)) \(reason.rawValue) [\(count)/\(capacity)]")
                case .message(let message):
                    guard let chat = try? message.decode(LobbyMessage.self), chat.kind == "chat" else { continue }
                    output("chat \(message.senderName ?? "#\(message.from)"): \(chat.text)")
                }
            }
        }
    }
}
