import CDBus
import FuzzKit

#if canImport(Glibc)
import Glibc
#endif

@testable import Discovery

/// D-Bus value parsing: a marshalled message (as the bus delivers BlueZ's signals and replies)
/// checked by libdbus, its arguments read into ``DBusValue``s, and those read the way the
/// Bluetooth scanner reads `InterfacesAdded`, `PropertiesChanged` and `GetManagedObjects`.
///
/// The same bytes are also a recipe for arguments (``Recipe``): written with the project's own
/// ``DBusValue`` writer, marshalled, demarshalled and read back, they must come back as written
/// (in the reader's spelling of container signatures). libdbus is not instrumented, so mutated
/// messages rarely pass its checks; the recipe reaches every shape the reader handles.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    readMarshalled(data, size)
    var recipe = Recipe(FuzzInput(data, size))
    roundTrip(recipe.arguments())
    return 0
}

/// A marshalled message as the bus would deliver it.
private func readMarshalled(_ data: UnsafePointer<UInt8>, _ size: Int) {
    var error = CDBus.DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    let message = data.withMemoryRebound(to: CChar.self, capacity: size) {
        dbus_message_demarshal($0, Int32(clamping: size), &error)
    }
    guard let message else { return }
    defer { dbus_message_unref(message) }
    let read = DBusMessage(message)
    for argument in read.arguments { closeDescriptors(in: argument) }
    // InterfacesAdded (path, {interface: properties}) and PropertiesChanged (interface, changed).
    for argument in read.arguments {
        if let device = argument.dictValue?["org.bluez.Device1"]?.dictValue { see(device) }
        if let changed = argument.dictValue { see(changed) }
        // GetManagedObjects: {path: {interface: properties}}.
        for (_, interfaces) in argument.dictValue ?? [:] {
            if let device = interfaces.dictValue?["org.bluez.Device1"]?.dictValue { see(device) }
        }
    }
}

/// Writes `arguments` into a signal, marshals and demarshals it, and reads it back.
private func roundTrip(_ arguments: [DBusValue]) {
    guard let message = dbus_message_new_signal("/org/bluez/hci0", "org.freedesktop.DBus.Properties", "PropertiesChanged") else { return }
    defer { dbus_message_unref(message) }
    var iter = DBusMessageIter()
    dbus_message_iter_init_append(message, &iter)
    for argument in arguments { argument.append(to: &iter) }
    dbus_message_set_serial(message, 1)
    var bytes: UnsafeMutablePointer<CChar>?
    var length: Int32 = 0
    require(dbus_message_marshal(message, &bytes, &length) != 0, "libdbus could not marshal \(arguments)")
    defer { dbus_free(bytes) }
    var error = CDBus.DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    guard let parsed = dbus_message_demarshal(bytes, length, &error) else {
        require(false, "libdbus refused what the writer wrote for \(arguments)")
        return
    }
    defer { dbus_message_unref(parsed) }
    let read = DBusMessage(parsed).arguments
    let expected = arguments.map(Recipe.asRead)
    require(read == expected, "wrote \(expected), read \(read)")
}

/// A device's properties as the scanner reads them; a host read must describe itself sanely.
private func see(_ properties: [String: DBusValue]) {
    guard let host = BluetoothHost(device: properties, adapter: "hci0") else { return }
    require(host.address == host.address.uppercased(), "an address not upper-cased: \(host.address)")
    if let state = host.state {
        require(state.idPrefix.count == 4 && host.idPrefix.count == 8, "an id prefix of the wrong size: \(state)")
        require(AdvertisedState(bytes: state.bytes) == state, "\(state) does not read back from its bytes")
    }
}

/// A file descriptor read from a message is a dup the reader owns.
private func closeDescriptors(in value: DBusValue) {
    switch value {
    case .fd(let descriptor): if descriptor >= 0 { close(descriptor) }
    case .variant(let inner): closeDescriptors(in: inner)
    case .array(_, let items): items.forEach(closeDescriptors)
    case .dict(_, _, let entries):
        for entry in entries {
            closeDescriptors(in: entry.key)
            closeDescriptors(in: entry.value)
        }
    default: break
    }
}
