import GameRuntime
import NIOCore
import NIOHTTP1
import NIOPosix
import Vocabulary

/// What the web port needs to reach the running game's ``GameDesk``: the desk, and whether a
/// host page's token is one the host gave (``HostPage/accepts(token:)``).
struct DeskAccess: Sendable {
    let desk: any GameDesk
    let accepts: @Sendable (String) -> Bool
}

/// A game's desk requests on a web connection: the head decides (the token, the body's limit),
/// the body is read up to the limit, the desk answers on a thread of NIO's pool (it may block).
extension PageHandler {
    /// The first answer to a desk request's head: read its body (``Pending/desk``), serve a file,
    /// or refuse it at once (the connection closes when a body was announced, unread).
    func begin(_ route: DeskRoute, head: HTTPRequestHead, context: ChannelHandlerContext) -> Pending {
        let announced = Self.declaresBody(head)
        // A refusal: at the request's end; with a body announced, at once, and the connection
        // closes (the body is never read).
        func refuse(_ status: HTTPResponseStatus, _ sentence: String, headers: [(String, String)] = []) -> Pending {
            let response = Self.problem(status, sentence, close: announced, headers: headers)
            guard announced else { return .page(head, response) }
            write(response, for: head, context: context)
            return .answered
        }
        guard let desk else { return refuse(.notFound, "This game takes no requests of its own.") }
        switch route {
        case .malformed(let sentence):
            return refuse(.badRequest, sentence)
        case .file(let path):
            guard head.method == .GET || head.method == .HEAD else {
                return refuse(.methodNotAllowed, "Only GET and HEAD are allowed here.", headers: [("Allow", "GET, HEAD")])
            }
            guard !announced else { return refuse(.payloadTooLarge, "Requests here carry no body.") }
            return .file(head, path)
        case .api(let request, let token):
            guard let token, desk.accepts(token) else {
                return refuse(.unauthorized, "Unlock the host page with the host PIN first (the host may have restarted).")
            }
            let limit = desk.desk.bodyLimit(for: request)
            if let length = head.headers["content-length"].first.flatMap(Int.init), length > limit {
                return refuse(.payloadTooLarge, Self.tooLarge(limit, announced: length))
            }
            if announced, limit == 0 { return refuse(.payloadTooLarge, "This request carries no body.") }
            return .desk(head, request, limit: limit)
        }
    }

    /// A chunk of a body: kept for a desk request under its limit; past it, refused and closed.
    func read(_ chunk: ByteBuffer, context: ChannelHandlerContext) {
        guard case .desk(let head, var request, let limit) = pending else { return }
        pending = nil  // no copy of the body while it grows
        guard request.body.count + chunk.readableBytes <= limit else {
            pending = .answered
            write(Self.problem(.payloadTooLarge, Self.tooLarge(limit), close: true), for: head, context: context)
            return
        }
        request.body += chunk.readableBytesView
        pending = .desk(head, request, limit: limit)
    }

    /// The desk's answer to a whole request, written when it comes.
    func answer(_ request: DeskRequest, head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard let desk = desk?.desk else { return }
        let answered = NIOThreadPool.singleton.runIfActive(eventLoop: context.eventLoop) { desk.answer(request) }
        answered.assumeIsolated().whenSuccess { response in
            self.write(Self.response(response), for: head, context: context)
            self.armDeadline(context: context)
        }
    }

    /// A public file of the desk, or `404`.
    func serveFile(_ path: [String], head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard let desk = desk?.desk else { return }
        let found = NIOThreadPool.singleton.runIfActive(eventLoop: context.eventLoop) { desk.file(at: path) }
        found.assumeIsolated().whenSuccess { response in
            let answer = response.map(Self.response) ?? Self.problem(.notFound, "No such file.")
            self.write(answer, for: head, context: context)
            self.armDeadline(context: context)
        }
    }

    /// A desk's response as the port writes it (not kept by a browser unless the desk says so).
    static func response(_ desk: DeskResponse) -> Response {
        var headers = desk.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        if desk.headers.keys.allSatisfy({ $0.lowercased() != "cache-control" }) { headers.append(("Cache-Control", "no-store")) }
        return Response(status: HTTPResponseStatus(statusCode: desk.status), body: desk.body, contentType: desk.contentType, headers: headers)
    }

    /// A refusal as a desk's would be: JSON `{"error": sentence}`.
    static func problem(_ status: HTTPResponseStatus, _ sentence: String, close: Bool = false, headers: [(String, String)] = []) -> Response {
        var response = Self.response(.problem(Int(status.code), sentence))
        response.close = close
        response.headers += headers
        return response
    }

    /// "The request is too large: at most 20 MB.", or with the size its head announced: "The
    /// request is too large (25.1 MB): at most 20 MB."
    static func tooLarge(_ limit: Int, announced: Int? = nil) -> String {
        guard limit > 0 else { return "This request carries no body." }
        let size = announced.map { " (\(ByteCount.text($0, roundingUp: true)))" } ?? ""
        return "The request is too large\(size): at most \(ByteCount.text(limit))."
    }
}
