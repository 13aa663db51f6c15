import CDBus

/// A D-Bus value as read from or written into a message: enough of the type system for BlueZ
/// (strings, paths, integers, booleans, byte arrays, arrays, dictionaries, variants, fds).
public indirect enum DBusValue: Hashable, Sendable {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case byte(UInt8)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    /// An `ay`.
    case bytes([UInt8])
    /// An array with its element signature (`as`: "s").
    case array(element: String, [DBusValue])
    /// A dictionary `a{kv}` with its key and value signatures, entries in order.
    case dict(key: String, value: String, [DBusEntry])
    case variant(DBusValue)
    /// A file descriptor (read: a dup that the reader owns).
    case fd(Int32)

    /// The D-Bus signature of this value.
    public var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .bool: "b"
        case .byte: "y"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .bytes: "ay"
        case .array(let element, _): "a" + element
        case .dict(let key, let value, _): "a{" + key + value + "}"
        case .variant: "v"
        case .fd: "h"
        }
    }

    /// An `a{sv}` from a Swift dictionary (keys sorted, for stable messages).
    public static func properties(_ values: [String: DBusValue]) -> DBusValue {
        .dict(key: "s", value: "v", values.keys.sorted().map { DBusEntry(key: .string($0), value: .variant(values[$0]!)) })
    }

    /// `as`.
    public static func strings(_ values: [String]) -> DBusValue { .array(element: "s", values.map { .string($0) }) }

    public var stringValue: String? {
        switch self {
        case .string(let s), .objectPath(let s): s
        case .variant(let v): v.stringValue
        default: nil
        }
    }

    public var boolValue: Bool? {
        switch self {
        case .bool(let b): b
        case .variant(let v): v.boolValue
        default: nil
        }
    }

    public var bytesValue: [UInt8]? {
        switch self {
        case .bytes(let b): b
        case .array(_, let items): items.compactMap { if case .byte(let b) = $0 { b } else { nil } }
        case .variant(let v): v.bytesValue
        default: nil
        }
    }

    public var arrayValue: [DBusValue]? {
        switch self {
        case .array(_, let items): items
        case .variant(let v): v.arrayValue
        default: nil
        }
    }

    /// A dictionary keyed by string (a{sv}, a{sa{sv}}, a{oa{...}}), variants unwrapped.
    public var dictValue: [String: DBusValue]? {
        switch self {
        case .dict(_, _, let entries):
            var result: [String: DBusValue] = [:]
            for entry in entries {
                guard let key = entry.key.stringValue else { continue }
                if case .variant(let inner) = entry.value { result[key] = inner } else { result[key] = entry.value }
            }
            return result
        case .variant(let v): return v.dictValue
        default: return nil
        }
    }
}

/// One entry of a ``DBusValue/dict(key:value:_:)``.
public struct DBusEntry: Hashable, Sendable {
    public var key: DBusValue
    public var value: DBusValue
    public init(key: DBusValue, value: DBusValue) {
        self.key = key
        self.value = value
    }
}

extension DBusValue {
    /// Appends this value at `iter`.
    func append(to iter: inout DBusMessageIter) {
        switch self {
        case .string(let s), .objectPath(let s):
            let type = if case .string = self { SNAP_DBUS_TYPE_STRING } else { SNAP_DBUS_TYPE_OBJECT_PATH }
            s.withCString { cString in
                var pointer: UnsafePointer<CChar>? = cString
                _ = dbus_message_iter_append_basic(&iter, type, &pointer)
            }
        case .bool(let b):
            var value: dbus_bool_t = b ? 1 : 0
            _ = dbus_message_iter_append_basic(&iter, SNAP_DBUS_TYPE_BOOLEAN, &value)
        case .byte(var v): _ = dbus_message_iter_append_basic(&iter, SNAP_DBUS_TYPE_BYTE, &v)
        case .int16(var v): _ = dbus_message_iter_append_basic(&iter, SNAP_DBUS_TYPE_INT16, &v)
        case .uint16(var v): _ = dbus_message_iter_append_basic(&iter, SNAP_DBUS_TYPE_UINT16, &v)
        case .int32(var v): _ = dbus_message_iter_append_basic(&iter, SNAP_DBUS_TYPE_INT32, &v)
        case .uint32(var v): _ = dbus_message_iter_append_basic(&iter, SNAP_DBUS_TYPE_UINT32, &v)
        case .fd(var v): _ = dbus_message_iter_append_basic(&iter, SNAP_DBUS_TYPE_UNIX_FD, &v)
        case .bytes(let bytes):
            var sub = DBusMessageIter()
            _ = dbus_message_iter_open_container(&iter, SNAP_DBUS_TYPE_ARRAY, "y", &sub)
            bytes.withUnsafeBufferPointer { buffer in
                var pointer = buffer.baseAddress
                _ = dbus_message_iter_append_fixed_array(&sub, SNAP_DBUS_TYPE_BYTE, &pointer, Int32(buffer.count))
            }
            _ = dbus_message_iter_close_container(&iter, &sub)
        case .array(let element, let items):
            var sub = DBusMessageIter()
            _ = dbus_message_iter_open_container(&iter, SNAP_DBUS_TYPE_ARRAY, element, &sub)
            for item in items { item.append(to: &sub) }
            _ = dbus_message_iter_close_container(&iter, &sub)
        case .dict(let key, let value, let entries):
            var sub = DBusMessageIter()
            _ = dbus_message_iter_open_container(&iter, SNAP_DBUS_TYPE_ARRAY, "{" + key + value + "}", &sub)
            for entry in entries {
                var pair = DBusMessageIter()
                _ = dbus_message_iter_open_container(&sub, SNAP_DBUS_TYPE_DICT_ENTRY, nil, &pair)
                entry.key.append(to: &pair)
                entry.value.append(to: &pair)
                _ = dbus_message_iter_close_container(&sub, &pair)
            }
            _ = dbus_message_iter_close_container(&iter, &sub)
        case .variant(let inner):
            var sub = DBusMessageIter()
            _ = dbus_message_iter_open_container(&iter, SNAP_DBUS_TYPE_VARIANT, inner.signature, &sub)
            inner.append(to: &sub)
            _ = dbus_message_iter_close_container(&iter, &sub)
        }
    }

    /// Reads the value at `iter` (which must not be at the end).
    static func read(_ iter: inout DBusMessageIter) -> DBusValue? {
        let type = dbus_message_iter_get_arg_type(&iter)
        switch type {
        case SNAP_DBUS_TYPE_STRING, SNAP_DBUS_TYPE_OBJECT_PATH, SNAP_DBUS_TYPE_SIGNATURE:
            var pointer: UnsafePointer<CChar>? = nil
            dbus_message_iter_get_basic(&iter, &pointer)
            let s = pointer.map { String(cString: $0) } ?? ""
            return type == SNAP_DBUS_TYPE_OBJECT_PATH ? .objectPath(s) : .string(s)
        case SNAP_DBUS_TYPE_BOOLEAN:
            var v: dbus_bool_t = 0
            dbus_message_iter_get_basic(&iter, &v)
            return .bool(v != 0)
        case SNAP_DBUS_TYPE_BYTE: var v: UInt8 = 0; dbus_message_iter_get_basic(&iter, &v); return .byte(v)
        case SNAP_DBUS_TYPE_INT16: var v: Int16 = 0; dbus_message_iter_get_basic(&iter, &v); return .int16(v)
        case SNAP_DBUS_TYPE_UINT16: var v: UInt16 = 0; dbus_message_iter_get_basic(&iter, &v); return .uint16(v)
        case SNAP_DBUS_TYPE_INT32: var v: Int32 = 0; dbus_message_iter_get_basic(&iter, &v); return .int32(v)
        case SNAP_DBUS_TYPE_UINT32: var v: UInt32 = 0; dbus_message_iter_get_basic(&iter, &v); return .uint32(v)
        case SNAP_DBUS_TYPE_UNIX_FD: var v: Int32 = -1; dbus_message_iter_get_basic(&iter, &v); return .fd(v)
        case SNAP_DBUS_TYPE_VARIANT:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return read(&sub).map { .variant($0) }
        case SNAP_DBUS_TYPE_ARRAY:
            let elementType = dbus_message_iter_get_element_type(&iter)
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            if elementType == SNAP_DBUS_TYPE_BYTE {
                var pointer: UnsafeMutableRawPointer? = nil
                var count: Int32 = 0
                dbus_message_iter_get_fixed_array(&sub, &pointer, &count)
                guard let pointer, count > 0 else { return .bytes([]) }
                return .bytes(Array(UnsafeRawBufferPointer(start: pointer, count: Int(count))))
            }
            if elementType == SNAP_DBUS_TYPE_DICT_ENTRY {
                var entries: [DBusEntry] = []
                while dbus_message_iter_get_arg_type(&sub) == SNAP_DBUS_TYPE_DICT_ENTRY {
                    var pair = DBusMessageIter()
                    dbus_message_iter_recurse(&sub, &pair)
                    if let key = read(&pair) {
                        _ = dbus_message_iter_next(&pair)
                        if let value = read(&pair) { entries.append(DBusEntry(key: key, value: value)) }
                    }
                    _ = dbus_message_iter_next(&sub)
                }
                return .dict(key: "s", value: "v", entries)
            }
            var items: [DBusValue] = []
            while dbus_message_iter_get_arg_type(&sub) != SNAP_DBUS_TYPE_INVALID {
                if let item = read(&sub) { items.append(item) }
                _ = dbus_message_iter_next(&sub)
            }
            return .array(element: "v", items)
        default:
            return nil
        }
    }
}
