import Matchmaking

/// What the Snap! host sends to players, as app message bodies: a JSON object whose `kind`
/// names the case, with the payload's fields beside it (docs/SNAP.md).
public enum SnapServerMessage: Hashable, Sendable {
    /// `lobby`: waiting for players.
    case lobby(SnapLobby)
    /// `table`: the table after an event (the deal, a flip, a snap, a leave).
    case table(TableState)
    /// `refused`: your flip or snap was refused.
    case refused(Refused)
    /// `gameOver`: the winners and the final counts.
    case gameOver(SnapFinal)
}

/// What a player sends to the Snap! host: `{"kind":"flip"}` or `{"kind":"snap","seq":7,"pressedAt":…}`.
public enum SnapClientMessage: Hashable, Sendable {
    /// `flip`: flip my top card.
    case flip
    /// `snap`: snap!
    case snap(SnapPress)
}

private enum KindKey: String, CodingKey { case kind }

private func unknownKind(_ kind: String, _ decoder: any Decoder) -> DecodingError {
    .dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown snap message kind \"\(kind)\""))
}

extension SnapServerMessage: Codable {
    public init(from decoder: any Decoder) throws {
        let kind = try decoder.container(keyedBy: KindKey.self).decode(String.self, forKey: .kind)
        switch kind {
        case "lobby": self = .lobby(try SnapLobby(from: decoder))
        case "table": self = .table(try TableState(from: decoder))
        case "refused": self = .refused(try Refused(from: decoder))
        case "gameOver": self = .gameOver(try SnapFinal(from: decoder))
        default: throw unknownKind(kind, decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: KindKey.self)
        switch self {
        case .lobby(let payload): try container.encode("lobby", forKey: .kind); try payload.encode(to: encoder)
        case .table(let payload): try container.encode("table", forKey: .kind); try payload.encode(to: encoder)
        case .refused(let payload): try container.encode("refused", forKey: .kind); try payload.encode(to: encoder)
        case .gameOver(let payload): try container.encode("gameOver", forKey: .kind); try payload.encode(to: encoder)
        }
    }
}

extension SnapClientMessage: Codable {
    public init(from decoder: any Decoder) throws {
        let kind = try decoder.container(keyedBy: KindKey.self).decode(String.self, forKey: .kind)
        switch kind {
        case "flip": self = .flip
        case "snap": self = .snap(try SnapPress(from: decoder))
        default: throw unknownKind(kind, decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: KindKey.self)
        switch self {
        case .flip: try container.encode("flip", forKey: .kind)
        case .snap(let payload): try container.encode("snap", forKey: .kind); try payload.encode(to: encoder)
        }
    }
}

extension GameName {
    /// The Snap! card game.
    public static let snap = GameName(rawValue: "snap")
}
