import FuzzKit

@testable import Discovery

/// D-Bus arguments made from fuzz bytes: every type the reader handles, nested up to 4 levels,
/// arrays of one signature each, dictionaries keyed by string or `uint16` (as BlueZ's are).
struct Recipe {
    var input: FuzzInput

    init(_ input: FuzzInput) { self.input = input }

    /// One to four arguments.
    mutating func arguments() -> [DBusValue] {
        (0...(input.byte() % 4)).map { _ in value(depth: 0) }
    }

    private mutating func value(depth: Int) -> DBusValue {
        let kind = input.byte() % (depth < 4 ? 13 : 9)
        return kind < 9 ? basic(kind) : container(kind, depth: depth)
    }

    /// A basic value of kind 0-8 (8: an `ay`).
    private mutating func basic(_ kind: UInt8) -> DBusValue {
        switch kind {
        case 0: return .string(text())
        case 1: return .objectPath(["/", "/org/bluez", "/org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF"][Int(input.byte() % 3)])
        case 2: return .bool(input.byte() & 1 == 1)
        case 3: return .byte(input.byte())
        case 4: return .int16(Int16(bitPattern: word()))
        case 5: return .uint16(word())
        case 6: return .int32(Int32(bitPattern: UInt32(word()) << 16 | UInt32(word())))
        case 7: return .uint32(UInt32(word()) << 16 | UInt32(word()))
        default: return .bytes((0..<(input.byte() % 8)).map { _ in input.byte() })
        }
    }

    private mutating func container(_ kind: UInt8, depth: Int) -> DBusValue {
        let count = Int(input.byte() % 4)
        switch kind {
        case 9: return .variant(value(depth: depth + 1))
        case 10:  // an array of one basic type
            let element = input.byte() % 8
            let items = (0..<count).map { _ in basic(element) }
            return .array(element: Self.signature(ofBasic: element), items)
        case 11: return .array(element: "v", (0..<count).map { _ in .variant(value(depth: depth + 1)) })
        default:  // a{sv} or a{qv}
            let byNumber = input.byte() & 1 == 1
            let entries = (0..<count).map { _ in
                DBusEntry(key: byNumber ? .uint16(word()) : .string(text()), value: .variant(value(depth: depth + 1)))
            }
            return .dict(key: byNumber ? "q" : "s", value: "v", entries)
        }
    }

    private static func signature(ofBasic kind: UInt8) -> String { ["s", "o", "b", "y", "n", "q", "i", "u"][Int(kind)] }

    /// Up to 8 bytes of text, without NUL (a C string ends there).
    private mutating func text() -> String {
        let bytes = (0..<(input.byte() % 9)).map { _ in input.byte() }.filter { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func word() -> UInt16 { UInt16(input.byte()) << 8 | UInt16(input.byte()) }

    /// What the reader gives back for a value written: arrays say `v` for their elements,
    /// dictionaries `s` and `v` (the reader keeps no signatures), any `ay` is bytes.
    static func asRead(_ value: DBusValue) -> DBusValue {
        switch value {
        case .array("y", let items): .bytes(items.compactMap { if case .byte(let byte) = $0 { byte } else { nil } })
        case .array(_, let items): .array(element: "v", items.map(asRead))
        case .dict(_, _, let entries): .dict(key: "s", value: "v", entries.map { DBusEntry(key: asRead($0.key), value: asRead($0.value)) })
        case .variant(let inner): .variant(asRead(inner))
        default: value
        }
    }
}
