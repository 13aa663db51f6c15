import FoundationEssentials
import Glibc
import FuzzKit
import GameRuntime
import Logging
import NIOHTTP1
import QuizLibrary
import Trivia

@testable import Web

/// The host page's requests to trivia's quiz library, as the web port hands them over: a request
/// head (`METHOD TARGET`, then `Name: value` header lines) and a body, separated by the first
/// NUL. The web port's route (strict percent-decoding) and body limit come first, then the
/// quiz library answers on a library in a temporary folder (uploads in every bank format,
/// `.xlsx` included, edits, pictures, the next game's plan). Properties: whatever the bytes, an
/// answer is a status the library means (never a 5xx but "not running yet"), a refusal says
/// something, and a desk never sees a path with an empty, `.` or `..` component.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let lines = String(decoding: bytes[..<split], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let body = split < bytes.count ? Array(bytes[(split + 1)...]) : []
    guard let first = lines.first else { return 0 }
    let words = first.split(separator: " ", maxSplits: 1)
    guard words.count == 2 else { return 0 }
    var headers = HTTPHeaders()
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let name = line[..<colon].trimmingPrefix(" "), value = line[line.index(after: colon)...].trimmingPrefix(" ")
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) else { continue }  // as NIO's decoder gives them
        headers.add(name: String(name), value: String(value.filter { $0 != "\r" }))
    }
    let head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: String(words[0])), uri: "/host/api/" + words[1], headers: headers)
    switch DeskRoute.of(head, game: "trivia") {
    case .api(var request, _)?:
        require(!request.path.contains { $0.isEmpty || $0 == "." || $0 == ".." || $0.contains("/" as Character) }, "a path that could fool the desk: \(request.path)")
        guard body.count <= desk.bodyLimit(for: request) else { return 0 }  // the port refuses it (413) before reading
        request.body = body
        let answer = desk.answer(request)
        let meant: Set<Int> = [200, 201, 202, 400, 404, 409, 413, 422, 428, 503]
        require(meant.contains(answer.status), "status \(answer.status): \(String(decoding: answer.body, as: UTF8.self))")
        if answer.status >= 400 {
            let text = String(decoding: answer.body, as: UTF8.self)
            require(text.hasPrefix(#"{"error":""#) && text.count > 12, "a refusal that says nothing: \(text)")
        }
    case .malformed(let sentence)?:
        require(!sentence.isEmpty, "an empty refusal")
    case .file?, nil:
        break
    }
    return 0
}

/// The library the requests reach: a folder emptied at each run's start (one folder, however
/// many runs: CI's machines keep their /tmp), kept to 32 quizzes. Every request that lists the
/// library reads each quiz's file, so with the usual cap of 1000 a run slowed down as its
/// library filled (to about 300 runs a second); at 32 the "library full" refusal comes within
/// seconds instead of hours, and a request costs what it does in a library of 32.
private let desk: QuizDesk = {
    let folder = "/tmp/snap-fuzz-upload"
    try? FileManager.default.removeItem(atPath: folder)
    mkdir(folder, 0o700)
    return try! QuizDesk.open(
        stateDirectory: folder, limits: QuizLimits(quizzes: 32), builtIn: QuestionBank.embedded(), questions: nil, logger: Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() })
}()
