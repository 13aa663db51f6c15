import Glibc

/// A plain POSIX thread running one closure, detached (Foundation is not needed for this).
final class DetachedThread: @unchecked Sendable {
    private let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    func start() {
        var handle = pthread_t()
        let box = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&handle, nil, { raw in
            let thread = Unmanaged<DetachedThread>.fromOpaque(raw!).takeRetainedValue()
            thread.body()
            return nil
        }, box)
        pthread_detach(handle)
    }
}
