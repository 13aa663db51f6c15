import GameRuntime
import Vocabulary

/// What the Pong host sends to players, as app message bodies: a JSON object whose `kind` names
/// the case, with the payload's fields beside it (``KindCoding``; docs/GAMES.md, "Pong").
public enum PongServerMessage: Hashable, Sendable, LobbyTelling {
    /// `lobby`: waiting for players.
    case lobby(LobbyStatus)
    /// `roles`: who plays left and right (everyone else watches).
    case roles(Roles)
    /// `court`: the court at one tick, 60 times a second (latest wins).
    case court(CourtState)
    /// `point`: a point was scored.
    case point(PointScored)
    /// `gameOver`: the winner and the score.
    case gameOver(PongFinal)
    /// `pause`: the host paused the game, or it goes on.
    case pause(PauseStatus)
    /// `refused`: your message was refused.
    case refused(Refused)
}

/// What a player sends to the Pong host: `{"kind":"paddle","y":31.5}`.
public enum PongClientMessage: Hashable, Sendable {
    /// `paddle`: where I want my paddle.
    case paddle(PaddleIntent)
}

extension PongServerMessage: Codable {
    public init(from decoder: any Decoder) throws {
        switch try KindCoding.kind(in: decoder) {
        case "lobby": self = .lobby(try LobbyStatus(from: decoder))
        case "roles": self = .roles(try Roles(from: decoder))
        case "court": self = .court(try CourtState(from: decoder))
        case "point": self = .point(try PointScored(from: decoder))
        case "gameOver": self = .gameOver(try PongFinal(from: decoder))
        case "pause": self = .pause(try PauseStatus(from: decoder))
        case "refused": self = .refused(try Refused(from: decoder))
        case let kind: throw KindCoding.unknown(kind, of: "pong", in: decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .lobby(let status): try KindCoding.encode("lobby", status, to: encoder)
        case .roles(let roles): try KindCoding.encode("roles", roles, to: encoder)
        case .court(let court): try KindCoding.encode("court", court, to: encoder)
        case .point(let point): try KindCoding.encode("point", point, to: encoder)
        case .gameOver(let final): try KindCoding.encode("gameOver", final, to: encoder)
        case .pause(let status): try KindCoding.encode("pause", status, to: encoder)
        case .refused(let refused): try KindCoding.encode("refused", refused, to: encoder)
        }
    }
}

extension PongClientMessage: Codable {
    public init(from decoder: any Decoder) throws {
        switch try KindCoding.kind(in: decoder) {
        case "paddle": self = .paddle(try PaddleIntent(from: decoder))
        case let kind: throw KindCoding.unknown(kind, of: "pong", in: decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .paddle(let intent): try KindCoding.encode("paddle", intent, to: encoder)
        }
    }
}

extension GameName {
    /// Pong: two paddles, one ball, the host simulating at 60 Hz.
    public static let pong = GameName(rawValue: "pong")
}
