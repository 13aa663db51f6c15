import FoundationEssentials

extension WireMessage: Codable {
    private enum TypeKey: String, CodingKey { case type }

    public init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: TypeKey.self).decode(String.self, forKey: .type)
        switch type {
        case "serverHello": self = .serverHello(try ServerHello(from: decoder))
        case "clientHello": self = .clientHello(try ClientHello(from: decoder))
        case "welcome": self = .welcome(try Welcome(from: decoder))
        case "deny": self = .deny(try Deny(from: decoder))
        case "joined": self = .joined(try Joined(from: decoder))
        case "left": self = .left(try Left(from: decoder))
        case "ping": self = .ping(try Ping(from: decoder))
        case "pong": self = .pong(try Pong(from: decoder))
        case "app": self = .app(try AppMessage(from: decoder))
        case "bye": self = .bye(try Bye(from: decoder))
        case "away": self = .away(try Away(from: decoder))
        case "back": self = .back(try Back(from: decoder))
        case "state": self = .state(try StateMessage(from: decoder))
        default: throw ProtocolViolation.unknownMessageType(String(type.prefix(40)))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TypeKey.self)
        try container.encode(typeName, forKey: .type)
        switch self {
        case .serverHello(let message): try message.encode(to: encoder)
        case .clientHello(let message): try message.encode(to: encoder)
        case .welcome(let message): try message.encode(to: encoder)
        case .deny(let message): try message.encode(to: encoder)
        case .joined(let message): try message.encode(to: encoder)
        case .left(let message): try message.encode(to: encoder)
        case .ping(let message): try message.encode(to: encoder)
        case .pong(let message): try message.encode(to: encoder)
        case .app(let message): try message.encode(to: encoder)
        case .bye(let message): try message.encode(to: encoder)
        case .away(let message): try message.encode(to: encoder)
        case .back(let message): try message.encode(to: encoder)
        case .state(let message): try message.encode(to: encoder)
        }
    }
}
