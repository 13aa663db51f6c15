/// Stops the run when a property of a parser does not hold: libFuzzer reports the crash and
/// saves the input as `crash-<sha1>`, the reproducer.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    fatalError("fuzz property broken: \(message())")
}

/// Reads a fuzz input from the front: a few bytes choose how to feed the rest.
public struct FuzzInput {
    public let bytes: [UInt8]
    public private(set) var index = 0

    public init(_ data: UnsafePointer<UInt8>, _ size: Int) { bytes = Array(UnsafeBufferPointer(start: data, count: size)) }

    /// The next byte (0 past the end).
    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// Everything not read yet.
    public var rest: ArraySlice<UInt8> { bytes[min(index, bytes.count)...] }
}
