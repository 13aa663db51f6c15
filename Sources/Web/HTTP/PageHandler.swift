import GameRuntime
import Matchmaking
import NIOCore
import NIOHTTP1

/// Answers the plain HTTP requests of a web connection: GET or HEAD of a known path gets the
/// embedded file (of the port's ``Site``: gzipped when the request accepts it); everything else a 4xx with a sentence saying what is allowed. A request with a
/// body is refused before any of the body is read, and the connection closed. A connection that
/// does not finish a request head within the timeout (slow headers) is closed; the timeout for
/// the next request moves on while the previous response is still on its way to the browser
/// (``nextRequestMayWait(_:extensions:timeout:)``).
///
/// WebSocket upgrades are taken by NIO's upgrader before this handler; an upgrade request that
/// reaches it was refused (a foreign `Origin`, or a WebSocket path fetched without upgrading).
final class PageHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Its name in the pipeline (the upgrader removes it once a WebSocket takes over).
    static let name = "pages"

    private let headTimeout: TimeAmount
    /// What the port serves: the pages and, beside them, the page module of the game this host runs.
    private let site: Site
    /// The running game's own requests (``GameDesk``), and whether a host page's token is good.
    let desk: DeskAccess?
    private var deadline: Scheduled<Void>?
    /// Counts the deadlines armed and cancelled: a reading of the socket that comes back after its
    /// deadline was cancelled or armed anew does nothing.
    private var deadlineGeneration = 0
    /// How many times the next request's deadline moves on while the previous response is still
    /// on its way (5: a minute in all by default).
    static let deadlineExtensions = 5
    /// The request being read; nil between requests.
    var pending: Pending?

    /// What the request being read will be answered.
    enum Pending {
        /// A page (or a refusal): this response, at the request's end.
        case page(HTTPRequestHead, Response)
        /// A desk request: its body is read up to `limit`, then the desk answers.
        case desk(HTTPRequestHead, DeskRequest, limit: Int)
        /// A public file of the desk.
        case file(HTTPRequestHead, [String])
        /// Answered already (a refusal that closes): the rest is ignored.
        case answered
    }

    init(headTimeout: TimeAmount, site: Site = .lobby, desk: DeskAccess? = nil) {
        self.headTimeout = headTimeout
        self.site = site
        self.desk = desk
    }

    /// An answer: status, body, extra headers, and whether the connection closes after it.
    struct Response {
        var status: HTTPResponseStatus
        var body: [UInt8]
        var contentType = "text/plain; charset=utf-8"
        var headers: [(String, String)] = []
        var close = false

        static func text(_ status: HTTPResponseStatus, _ sentence: String, close: Bool = false, headers: [(String, String)] = []) -> Response {
            Response(status: status, body: Array((sentence + "\n").utf8), headers: headers, close: close)
        }
    }

    func handlerAdded(context: ChannelHandlerContext) { armDeadline(context: context) }

    func handlerRemoved(context: ChannelHandlerContext) { cancelDeadline() }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            cancelDeadline()
            if let route = DeskRoute.of(head, game: site.game) {
                pending = begin(route, head: head, context: context)
                return
            }
            let response = Self.response(to: head, site: site)
            if response.close {  // refuse at once: a body is not waited for
                pending = .answered
                write(response, for: head, context: context)
                return
            }
            pending = .page(head, response)
        case .body(let chunk):
            read(chunk, context: context)
        case .end:
            let finished = pending
            pending = nil
            switch finished {
            case .page(let head, let response)?:
                write(response, for: head, context: context)
                armDeadline(context: context)
            case .desk(let head, let request, _)?:
                answer(request, head: head, context: context)
            case .file(let head, let path)?:
                serveFile(path, head: head, context: context)
            case .answered?, nil:
                break
            }
        }
    }

    /// Whether a request head's `Connection` names the `upgrade` token, as an upgrade must
    /// (RFC 6455, section 4.2.1), and as NIO's HTTP decoder needs to stop at the request.
    static func connectionUpgrades(_ head: HTTPRequestHead) -> Bool {
        head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "upgrade" }
    }

    /// Whether a request head announces a body (refused here, WebSocket upgrades included).
    static func declaresBody(_ head: HTTPRequestHead) -> Bool {
        head.headers["Transfer-Encoding"].first != nil || (head.headers["Content-Length"].first.flatMap { Int($0) } ?? 0) > 0
    }

    /// What to answer to a request head (pure), from `site`'s files.
    static func response(to head: HTTPRequestHead, site: Site = .lobby) -> Response {
        if declaresBody(head) {
            return .text(.payloadTooLarge, "Requests here carry no body.", close: true)
        }
        guard head.method == .GET || head.method == .HEAD else {
            return .text(.methodNotAllowed, "Only GET and HEAD are allowed here.", headers: [("Allow", "GET, HEAD")])
        }
        let path = Assets.path(of: head.uri)
        if Assets.sockets.contains(path) {
            if !OriginCheck.allows(head) { return .text(.forbidden, "WebSockets are open to this host's own pages only.", close: true) }
            return .text(.upgradeRequired, "\(path) is a WebSocket: open it with an Upgrade: websocket request.", headers: [("Upgrade", "websocket")])
        }
        if path == Assets.favicon { return Response(status: .noContent, body: []) }
        guard let entry = site.entry(at: path) else {
            return .text(.notFound, "No such page. The pages are / (to play), /screen (for the TV) and /host (for the host).")
        }
        return response(serving: entry, to: head)
    }

    /// A file's answer: the gzip representation when the request accepts it, else the plain
    /// bytes, and `304 Not Modified` without a body when the request names the chosen one's
    /// validator. `Vary: Accept-Encoding` on both, so a cache keeps them apart.
    static func response(serving entry: Site.Entry, to head: HTTPRequestHead) -> Response {
        let chosen = entry.file.representation(acceptingGzip: AcceptEncoding.acceptsGzip(head.headers["Accept-Encoding"]))
        // no-cache (a page, a plain name): a browser asks again each time, with the validator,
        // and gets 304 while the file is what it has (a reload costs headers, not the pages).
        // A hashed name is kept a year without asking.
        var headers = [("Cache-Control", entry.caching.cacheControl), ("ETag", chosen.etag), ("Vary", "Accept-Encoding")]
        let asked = head.headers["If-None-Match"]
        if !asked.isEmpty, chosen.matches(ifNoneMatch: asked.joined(separator: ",")) {
            return Response(status: .notModified, body: [], contentType: entry.file.contentType, headers: headers)
        }
        if let encoding = chosen.encoding { headers.append(("Content-Encoding", encoding)) }
        return Response(status: .ok, body: chosen.bytes, contentType: entry.file.contentType, headers: headers)
    }

    func write(_ response: Response, for request: HTTPRequestHead, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: response.contentType)
        if response.status != .noContent && response.status != .notModified { headers.add(name: "Content-Length", value: "\(response.body.count)") }
        for (name, value) in SecurityHeaders.headers(contentType: response.contentType) { headers.add(name: name, value: value) }
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        let close = response.close || !request.isKeepAlive
        if close { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: request.version, status: response.status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if request.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if close {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    func armDeadline(context: ChannelHandlerContext) { armDeadline(channel: context.channel, loop: context.eventLoop, extensions: 0) }

    /// Closes `channel` unless a request head arrives within the timeout. When the time comes
    /// the socket is read first: while the previous response is still on its way (on a crowded
    /// Wi-Fi it can take longer than the timeout, and a browser asks again only once it has it)
    /// the deadline moves on, at most ``deadlineExtensions`` times. Slow headers are unaffected:
    /// nothing of the host's is on its way to a client that has not finished asking.
    private func armDeadline(channel: any Channel, loop: any EventLoop, extensions: Int) {
        cancelDeadline()
        let generation = deadlineGeneration
        let timeout = headTimeout
        deadline = loop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            guard let socket = channel as? any SocketOptionProvider else {
                channel.close(promise: nil)
                return
            }
            socket.transportState().assumeIsolated().whenComplete { [self] reading in
                guard generation == deadlineGeneration else { return }
                let transport = try? reading.get()
                if Self.nextRequestMayWait(transport, extensions: extensions, timeout: timeout) {
                    armDeadline(channel: channel, loop: loop, extensions: extensions + 1)
                } else {
                    channel.close(promise: nil)
                }
            }
        }
    }

    /// Whether the deadline for a connection's next request moves on, given its socket at the
    /// deadline (nil: not known) and how often it moved on already: while the previous response
    /// is still being delivered (``/Matchmaking/TransportState/isDelivering(within:)``), up to
    /// ``deadlineExtensions`` times.
    static func nextRequestMayWait(_ transport: TransportState?, extensions: Int, timeout: TimeAmount) -> Bool {
        extensions < deadlineExtensions && transport?.isDelivering(within: timeout) == true
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
        deadlineGeneration += 1
    }
}
