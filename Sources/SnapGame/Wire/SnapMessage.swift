import GameRuntime
import Vocabulary

/// What the Snap! host sends to players, as app message bodies: a JSON object whose `kind`
/// names the case, with the payload's fields beside it (``KindCoding``; docs/SNAP.md).
public enum SnapServerMessage: Hashable, Sendable, LobbyTelling {
    /// `lobby`: waiting for players.
    case lobby(LobbyStatus)
    /// `table`: the table after an event (the deal, a flip, a snap, a leave).
    case table(TableState)
    /// `refused`: your flip or snap was refused.
    case refused(Refused)
    /// `gameOver`: the winners and the final counts.
    case gameOver(SnapFinal)
    /// `pause`: the host paused the game, or it goes on.
    case pause(PauseStatus)
}

/// What a player sends to the Snap! host: `{"kind":"flip"}` or `{"kind":"snap","seq":7,"pressedAt":…}`.
public enum SnapClientMessage: Hashable, Sendable {
    /// `flip`: flip my top card.
    case flip
    /// `snap`: snap!
    case snap(SnapPress)
}

extension SnapServerMessage: Codable {
    public init(from decoder: any Decoder) throws {
        let kind = try KindCoding.kind(in: decoder)
        if kind == "table" {
            self = .table(try TableState(from: decoder))
        } else if kind == "refused" {
            self = .refused(try Refused(from: decoder))
        } else if kind == "lobby" {
            self = .lobby(try LobbyStatus(from: decoder))
        } else if kind == "gameOver" {
            self = .gameOver(try SnapFinal(from: decoder))
        } else if kind == "pause" {
            self = .pause(try PauseStatus(from: decoder))
        } else {
            throw KindCoding.unknown(kind, of: "snap", in: decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .table(let state): try KindCoding.encode("table", state, to: encoder)
        case .refused(let refused): try KindCoding.encode("refused", refused, to: encoder)
        case .lobby(let status): try KindCoding.encode("lobby", status, to: encoder)
        case .gameOver(let final): try KindCoding.encode("gameOver", final, to: encoder)
        case .pause(let status): try KindCoding.encode("pause", status, to: encoder)
        }
    }
}

extension SnapClientMessage: Codable {
    public init(from decoder: any Decoder) throws {
        switch try KindCoding.kind(in: decoder) {
        case "flip": self = .flip
        case "snap": self = .snap(try SnapPress(from: decoder))
        case let kind: throw KindCoding.unknown(kind, of: "snap", in: decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .flip: try KindCoding.encode("flip", to: encoder)
        case .snap(let press): try KindCoding.encode("snap", press, to: encoder)
        }
    }
}

extension GameName {
    /// The Snap! card game.
    public static let snap = GameName(rawValue: "snap")
}
