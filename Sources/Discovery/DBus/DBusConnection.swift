import CDBus
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A D-Bus error reply or a failure to talk to the bus.
public struct DBusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The error name (`org.bluez.Error.Failed`), or "" for local failures.
    public var name: String
    public var message: String
    public var description: String { name.isEmpty ? message : "\(name): \(message)" }
}

/// A received message (call, signal or reply): its header and its arguments.
public struct DBusMessage: Sendable {
    public var type: Int32
    public var sender: String
    public var path: String
    public var interface: String
    public var member: String
    public var errorName: String
    public var arguments: [DBusValue]

    init(_ message: OpaquePointer) {
        type = dbus_message_get_type(message)
        func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
        sender = text(dbus_message_get_sender(message))
        path = text(dbus_message_get_path(message))
        interface = text(dbus_message_get_interface(message))
        member = text(dbus_message_get_member(message))
        errorName = text(dbus_message_get_error_name(message))
        var arguments: [DBusValue] = []
        var iter = DBusMessageIter()
        if dbus_message_iter_init(message, &iter) != 0 {
            repeat {
                if let value = DBusValue.read(&iter) { arguments.append(value) }
            } while dbus_message_iter_next(&iter) != 0
        }
        self.arguments = arguments
    }
}

/// How an exported object answers a method call: return values, an error, or nothing (for
/// methods that expect no reply).
public enum DBusReply: Sendable {
    case values([DBusValue])
    case error(name: String, message: String)
    case none
}

/// One connection to a bus, owned by one thread (reference/linux-apis.md §4). The thread sleeps
/// in `poll` on the bus socket and a job queue's eventfd (and wakes for the earliest reply
/// timeout), so an idle connection costs no wake-ups. Calls from any thread are jobs and never
/// block on the loop; calls that make the peer call back into us (RegisterAdvertisement,
/// RegisterProfile, ConnectProfile) are asynchronous, with the callbacks served on the same
/// thread meanwhile.
public final class DBusBusConnection: @unchecked Sendable {
    private let connection: OpaquePointer
    private let jobs = JobQueue()
    private let stopped = StopFlag()
    /// The loop thread's kernel id, once it runs (tests check that it sleeps when idle).
    let loopThreadID = Atomic<Int32>(0)
    private var handlers: [String: (DBusMessage) -> DBusReply] = [:]  // loop thread only
    private var signalHandler: ((DBusMessage) -> Void)?  // loop thread only
    private let logger: Logger
    /// Called on the loop thread when the bus connection is lost (the loop then ends).
    private let onDisconnect: @Sendable () -> Void

    /// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS` is honoured) and starts the thread.
    public convenience init(logger: Logger, onDisconnect: @escaping @Sendable () -> Void = {}) throws(DBusError) {
        try self.init(connecting: { error in dbus_bus_get_private(DBUS_BUS_SYSTEM, &error) }, logger: logger, onDisconnect: onDisconnect)
    }

    /// Connects to the bus at `address` (`unix:path=...`) and starts the thread. libdbus reads
    /// the system bus address once per process, so tests with a bus of their own use this.
    convenience init(address: String, logger: Logger, onDisconnect: @escaping @Sendable () -> Void = {}) throws(DBusError) {
        try self.init(connecting: { error in
            guard let connection = dbus_connection_open_private(address, &error) else { return nil }
            guard dbus_bus_register(connection, &error) != 0 else {
                dbus_connection_close(connection)
                dbus_connection_unref(connection)
                return nil
            }
            return connection
        }, logger: logger, onDisconnect: onDisconnect)
    }

    private init(
        connecting connect: (inout CDBus.DBusError) -> OpaquePointer?, logger: Logger, onDisconnect: @escaping @Sendable () -> Void
    ) throws(DBusError) {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        guard let connection = connect(&error) else {
            let failure = DBusError(name: error.name.map { String(cString: $0) } ?? "", message: error.message.map { String(cString: $0) } ?? "no system bus")
            dbus_error_free(&error)
            throw failure
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        self.connection = connection
        self.logger = logger
        self.onDisconnect = onDisconnect
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = dbus_connection_add_filter(connection, { _, message, context in
            let me = Unmanaged<DBusBusConnection>.fromOpaque(context!).takeUnretainedValue()
            guard let message, dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_SIGNAL else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            me.signalHandler?(DBusMessage(message))
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }, context, nil)
        DetachedThread { [self] in self.loop() }.start()
    }

    /// The bus name of this connection (`:1.42`).
    public var uniqueName: String { String(cString: dbus_bus_get_unique_name(connection)) }

    private func loop() {
        loopThreadID.store(snap_gettid(), ordering: .releasing)
        let timeouts = DBusTimeouts()
        timeouts.install(on: connection)
        var busFD: Int32 = -1
        _ = dbus_connection_get_unix_fd(connection, &busFD)
        while !stopped.value.load(ordering: .acquiring) {
            for job in jobs.take() { job() }
            timeouts.handleDue()  // a reply timeout queues its NoReply error: dispatched next
            while dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS {
                _ = dbus_connection_dispatch(connection)
            }
            guard dbus_connection_get_is_connected(connection) != 0 else {
                logger.info("D-Bus connection lost")
                onDisconnect()
                break
            }
            if stopped.value.load(ordering: .acquiring) { break }
            // Sleep until the bus socket or a job needs us, or the next reply timeout is due.
            let busEvents = Int16(POLLIN) | (dbus_connection_has_messages_to_send(connection) != 0 ? Int16(POLLOUT) : 0)
            var fds = [pollfd(fd: busFD, events: busEvents, revents: 0), pollfd(fd: jobs.wakeFD, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, timeouts.pollTimeout)
            if ready > 0, fds[0].revents != 0 {
                _ = dbus_connection_read_write(connection, 0)  // reads and writes what it can, without blocking
            }
        }
        for job in jobs.take() { job() }
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// Runs `job` on the loop thread.
    func perform(_ job: @escaping () -> Void) {
        jobs.add(job)
    }

    /// Stops the loop and closes the connection (bluetoothd then drops our registrations).
    public func close() {
        perform { [self] in stopped.value.store(true, ordering: .releasing) }
    }

    /// Sets the handler of every signal matched by ``addMatch(_:)`` (runs on the loop thread).
    public func onSignal(_ handler: @escaping @Sendable (DBusMessage) -> Void) {
        perform { [self] in signalHandler = handler }
    }

    /// Subscribes to signals matching `rule` (asynchronous: no reply awaited).
    public func addMatch(_ rule: String) {
        perform { [self] in dbus_bus_add_match(connection, rule, nil) }
    }

    /// Exports an object at `path`: every method call on it goes to `handler` (on the loop
    /// thread), whose answer is sent back.
    public func export(path: String, _ handler: @escaping (DBusMessage) -> DBusReply) {
        perform { [self] in
            handlers[path] = handler
            var vtable = DBusObjectPathVTable()
            vtable.message_function = { connection, message, context in
                let me = Unmanaged<DBusBusConnection>.fromOpaque(context!).takeUnretainedValue()
                return me.dispatch(connection!, message!)
            }
            var error = CDBus.DBusError()
            dbus_error_init(&error)
            if dbus_connection_try_register_object_path(connection, path, &vtable, Unmanaged.passUnretained(self).toOpaque(), &error) == 0 {
                logger.warning("D-Bus object not exported", metadata: ["path": "\(path)"])
                dbus_error_free(&error)
            }
        }
    }

    /// Removes an exported object.
    public func unexport(path: String) {
        perform { [self] in
            handlers[path] = nil
            _ = dbus_connection_unregister_object_path(connection, path)
        }
    }

    private func dispatch(_ connection: OpaquePointer, _ raw: OpaquePointer) -> DBusHandlerResult {
        let message = DBusMessage(raw)
        guard let handler = handlers[message.path] else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        let reply: OpaquePointer?
        switch handler(message) {
        case .none:
            return DBUS_HANDLER_RESULT_HANDLED
        case .values(let values):
            reply = dbus_message_new_method_return(raw)
            if let reply {
                var iter = DBusMessageIter()
                dbus_message_iter_init_append(reply, &iter)
                for value in values { value.append(to: &iter) }
            }
        case .error(let name, let text):
            reply = dbus_message_new_error(raw, name, text)
        }
        if let reply, dbus_message_get_no_reply(raw) == 0 {
            _ = dbus_connection_send(connection, reply, nil)
        }
        if let reply { dbus_message_unref(reply) }
        return DBUS_HANDLER_RESULT_HANDLED
    }

    /// Calls a method without blocking the loop; the reply (or error) arrives through a pending
    /// call's notify, set on the loop thread (it does not fire for an already-completed call).
    public func call(
        destination: String, path: String, interface: String, method: String, _ arguments: [DBusValue] = [],
        timeoutMilliseconds: Int32 = 25_000
    ) async throws(DBusError) -> [DBusValue] {
        let result: Result<[DBusValue], DBusError> = await withCheckedContinuation { continuation in
            perform { [self] in
                guard let message = dbus_message_new_method_call(destination, path, interface, method) else {
                    continuation.resume(returning: .failure(DBusError(name: "", message: "out of memory")))
                    return
                }
                var iter = DBusMessageIter()
                dbus_message_iter_init_append(message, &iter)
                for argument in arguments { argument.append(to: &iter) }
                var pending: OpaquePointer?
                let sent = dbus_connection_send_with_reply(connection, message, &pending, timeoutMilliseconds)
                dbus_message_unref(message)
                guard sent != 0, let pending else {
                    continuation.resume(returning: .failure(DBusError(name: "", message: "not connected to the bus")))
                    return
                }
                let box = Unmanaged.passRetained(ContinuationBox(continuation)).toOpaque()
                _ = dbus_pending_call_set_notify(pending, { pending, context in
                    let box = Unmanaged<ContinuationBox>.fromOpaque(context!).takeRetainedValue()
                    guard let reply = dbus_pending_call_steal_reply(pending) else {
                        box.continuation.resume(returning: .failure(DBusError(name: "", message: "no reply")))
                        return
                    }
                    let message = DBusMessage(reply)
                    dbus_message_unref(reply)
                    if message.type == DBUS_MESSAGE_TYPE_ERROR {
                        box.continuation.resume(returning: .failure(DBusError(
                            name: message.errorName, message: message.arguments.first?.stringValue ?? "")))
                    } else {
                        box.continuation.resume(returning: .success(message.arguments))
                    }
                }, box, nil)
                dbus_pending_call_unref(pending)
            }
        }
        return try result.get()
    }
}

private final class ContinuationBox {
    let continuation: CheckedContinuation<Result<[DBusValue], DBusError>, Never>
    init(_ continuation: CheckedContinuation<Result<[DBusValue], DBusError>, Never>) { self.continuation = continuation }
}
