import Foundation
import FuzzKit
import NIOCore

@testable import Matchmaking
@testable import Vocabulary
@testable import Trivia

/// The project's JSON readers against Foundation's `JSONSerialization` (docs/FUZZING.md, "The
/// JSON differential"): the frame scanner (``JSONScanner``, the fast path of hot frames), the
/// full decoder's ``JSONValue`` (`RawJSON(parsing:)`), and the bank reader (``LocatedJSON``).
/// Each input is tried as it is, and as the body of an `app` frame (so the fast path sees it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    compareReaders(bytes)
    compareFastPath(bytes)
    compareFastPath(Array(#"{"type":"app","from":7,"body":"#.utf8) + bytes + Array("}".utf8))
    return 0
}

/// Accept, reject, and the values read, for one JSON text.
private func compareReaders(_ bytes: [UInt8]) {
    let rules = Rules(bytes)
    let reference: Tree?
    if rules.hasNUL {
        reference = nil  // JSONSerialization may read it as UTF-16 or UTF-32; no JSON text has a NUL
    } else {
        reference = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])).map(Tree.init(foundation:))
    }

    // The scanner: whatever it accepts (and the caller's UTF-8 check passes) is JSON.
    let scanned = bytes.withUnsafeBytes { buffer -> Bool in
        var scanner = JSONScanner(buffer)
        guard scanner.skipValue() else { return false }
        scanner.skipWhitespace()
        return scanner.isAtEnd && (!scanner.sawNonASCII || String(validating: buffer, as: UTF8.self) != nil)
    }
    if scanned {
        require(!rules.hasNUL && !rules.hasBOM, "the scanner accepted a NUL or a byte-order mark")
        require(reference != nil, "the scanner accepted what JSONSerialization refuses")
    }

    // The full decoder's value (RawJSON, JSONValue: every app body and state). It takes UTF-8
    // only, without a byte-order mark (JSONSerialization skips one).
    let raw = try? RawJSON(parsing: Data(bytes))
    if let raw {  // what it keeps is strict JSON (relayed as it is, to browsers too)
        let strict = Result { () throws(BankProblem) in try LocatedJSON.parse(BankText(utf8: raw.bytes)) }
        if case .failure(let refusal) = strict {
            require(refusal.problem.contains("appears twice") || refusal.problem.contains("nested deeper"),
                "RawJSON kept bytes that are not strict JSON: \(refusal.problem)")
        }
    }
    let decoded = (try? raw?.value).flatMap { $0 }.map(Tree.init(value:))
    if scanned { require(decoded != nil, "the scanner accepted what the full decoder refuses") }
    compare(decoded, reference, rules, name: "JSONValue", mayRefuse: rules.depth > 512 || rules.hasBOM)

    // The bank reader: it refuses duplicate member names (Foundation keeps the last one) and
    // nesting deeper than its limit, and skips a leading byte-order mark.
    var refusal = ""
    let located: Tree?
    do throws(BankProblem) {
        located = Tree(located: try LocatedJSON.parse(BankText(utf8: bytes)))
    } catch {
        located = nil
        refusal = error.problem
    }
    // A second byte-order mark after the first: the bank reader skips one (RFC 8259 lets a reader
    // ignore one), Foundation skips any number.
    let secondBOM = rules.hasBOM && bytes.dropFirst(3).starts(with: [0xEF, 0xBB, 0xBF])
    let mayRefuse = refusal.contains("appears twice in one object") || refusal.contains("nested deeper than")
        || rules.hasTrailingComma || secondBOM
    if rules.hasBOM, !rules.hasNUL {
        let withoutBOM = (try? JSONSerialization.jsonObject(with: Data(bytes.dropFirst(3)), options: [.fragmentsAllowed])).map(Tree.init(foundation:))
        compare(located, withoutBOM, rules, name: "LocatedJSON", mayRefuse: mayRefuse)
    } else {
        compare(located, reference, rules, name: "LocatedJSON", mayRefuse: mayRefuse)
    }
}

/// The fast path of hot frames decides nothing: what it decodes, the full decoder decodes the same.
private func compareFastPath(_ bytes: [UInt8]) {
    let payload = ByteBuffer(bytes: bytes)
    guard let fast = WireCodec.fastDecode(payload) else { return }
    let full = try? JSONDecoder().decode(WireMessage.self, from: Data(bytes))
    require(full != nil, "the fast path decoded a frame the full decoder refuses: \(fast)")
    require(full == fast, "fast path \(fast) but full decoder \(full!)")
    if case .app(let app) = fast {
        require((try? RawJSON(parsing: app.body.bytes)) != nil, "the fast path kept a body that is not JSON")
    }
}

/// One reader's answer against JSONSerialization's, with the legitimate differences allowed
/// (`mayRefuse`: a limit of this reader's that the text passes).
private func compare(_ ours: Tree?, _ reference: Tree?, _ rules: Rules, name: String, mayRefuse: Bool) {
    if rules.hasNUL {
        require(ours == nil, "\(name) accepted a text with a NUL byte")
        return
    }
    switch (ours, reference) {
    case (nil, nil): return
    case (let ours?, let reference?):
        // JSONSerialization rounds long numbers with an exponent a few units in the last place
        // off (1111223353582042977e30); the project's readers round them correctly.
        let close = ours.matches(reference) || (rules.hasExtremeNumber && ours.matches(reference, tolerance: 0x1p-40))
        require(close || rules.hasDuplicateName, "\(name) read \(ours), JSONSerialization \(reference)")
    case (nil, let reference?):
        require(mayRefuse || rules.hasExtremeNumber, "\(name) refused what JSONSerialization accepts: \(reference)")
    case (let ours?, nil):
        let mayAccept = rules.hasExtremeNumber || rules.hasSurrogateEscape
            || (name == "JSONValue" && (rules.hasTrailingComma || rules.hasDuplicateName))
        require(mayAccept, "\(name) accepted what JSONSerialization refuses: \(ours)")
    }
}
