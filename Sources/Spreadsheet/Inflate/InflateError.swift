/// Why a raw DEFLATE stream (RFC 1951) could not be inflated: what was wrong and at which byte of
/// the stream, e.g. `at byte 12 of the deflate stream: distance 300 reaches back before the
/// start of the output (only 40 bytes written)`.
struct InflateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    enum Problem: Hashable, Sendable {
        /// The output would pass the caller's cap (a zip bomb stops here, without allocating more).
        case tooLarge(limit: Int)
        /// The stream ends before its last block does.
        case truncated
        /// Block type 3, which RFC 1951 reserves.
        case reservedBlockType
        /// A stored block whose length and its one's complement disagree.
        case storedLengthMismatch(length: Int, complement: Int)
        /// A dynamic block's code lengths do not make a usable Huffman code (the reason says how).
        case badCodeLengths(String)
        /// The bits read are no code of the tree, or a code for a symbol that RFC 1951 does not define.
        case invalidSymbol(String)
        /// A back-reference reaching before the first byte written.
        case distanceTooFar(distance: Int, available: Int)
    }

    /// What was wrong.
    var problem: Problem
    /// The byte of the stream being read when it was found (0-based, from the stream's start).
    var offset: Int

    var description: String {
        let detail: String
        switch problem {
        case .tooLarge(let limit): detail = "inflates to more than \(limit) bytes, the most allowed"
        case .truncated: detail = "the stream ends before its last block"
        case .reservedBlockType: detail = "block type 3 is reserved (only 0 stored, 1 fixed and 2 dynamic Huffman exist)"
        case .storedLengthMismatch(let length, let complement):
            detail = "a stored block's length \(length) does not match its complement \(complement)"
        case .badCodeLengths(let why): detail = "bad Huffman code lengths: \(why)"
        case .invalidSymbol(let why): detail = why
        case .distanceTooFar(let distance, let available):
            detail = "distance \(distance) reaches back before the start of the output (only \(available) bytes written)"
        }
        return "at byte \(offset) of the deflate stream: \(detail)"
    }
}
