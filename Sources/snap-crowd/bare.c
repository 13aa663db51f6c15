/* snap-crowd bare-server: the floor for the host. Single-threaded epoll, no protocol state
 * machine, no game: it writes the frames the host would write, to the same sockets, and nothing
 * else. serverHello on accept; on the first frame (the clientHello) a `welcome` listing everyone
 * admitted and a `joined` to each of them, as the host does; a `pong` for each `ping`; an `app`
 * sent to "all" relayed as {"body":...,"from":ID,"type":"app"}; a `left` to the others when a
 * player's connection ends. It never pings and never times anyone out.
 *
 * It speaks protocol versions 1 and 4, as the player chooses. To a version 4 player, as the
 * host: the welcome names only the listed players (those admitted while fewer than
 * CROWD_LISTED_PLAYERS listed were present) and says how many there are; `joined` and `left`
 * of a player not listed go only to version 1 players.
 *
 * --websocket: the floor for the host's web port instead. Each connection first sends an HTTP
 * upgrade request for /ws; the answer is the 101 that SwiftNIO's upgrader writes, then the
 * serverHello; from then on every frame above is one unmasked WebSocket text frame (a 2-byte
 * header below 126 bytes, 4 bytes below 64 KiB), as the host's WebSocketLink writes them, and
 * the players' masked frames are unmasked. A close message ends the connection.
 *
 * --pages DIR (with --websocket): the floor for a phone's first visit too. Other GET requests on
 * the web port are answered with the response the host gave for that path, byte for byte, as
 * `snap-crowd storm --save-pages DIR` saved it (page.c), or a short 404; the connection stays
 * open for the next request. --game NAME: the serverHello's game (default lobby), so that a
 * storm's players ask for that game's page module as they do of the host. */
#define _GNU_SOURCE
#include "snap_crowd.h"

#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

struct peer {
    struct stream s;
    bool open;
    bool admitted;
    bool said_bye;
    bool upgraded;  /* --websocket: the 101 is written */
    long long id;
    char name[72];
    int slot;  /* position in bare.admitted */
    int version;  /* the protocol version the player chose: 1 or 4 */
    bool listed;  /* admitted while fewer than CROWD_LISTED_PLAYERS listed players were present */
};


struct bare {
    int epfd;
    int listener;
    const char *name;
    int capacity;
    long fd_limit;
    struct peer *peers;  /* indexed by fd */
    int *admitted;       /* fds in admission (id) order */
    int admitted_count;
    int listed_count;    /* admitted players who are listed */
    long long next_id;
    char server_id[40];
    uint64_t random;
    bool websocket;      /* --websocket: a web port's /ws (see the top) */
    const char *game;    /* the serverHello's game */
    struct saved_page *pages;  /* --pages: responses to replay */
    int page_count;
    struct bytes frame;  /* the frame being built, after FRAME_HEADROOM bytes for its header */
    size_t frame_start;  /* where the finished frame starts in `frame` (its header) */
};

/* ---- frames ---- */

/* Room for the longest header a frame gets: a WebSocket frame of 64 KiB or more (10 bytes). */
#define FRAME_HEADROOM 10

static void frame_begin(struct bytes *b)
{
    b->len = 0;
    bytes_append(b, "\0\0\0\0\0\0\0\0\0\0", FRAME_HEADROOM);
}

static void frame_add(struct bytes *b, const char *text) { bytes_append(b, text, strlen(text)); }

/* Puts the header in front of the payload built in b->frame: a length prefix, or an unmasked
 * WebSocket text frame's header. */
static bool frame_end(struct bare *b)
{
    struct bytes *f = &b->frame;
    if (f->len <= FRAME_HEADROOM) return false;  /* an append failed (out of memory) */
    size_t n = f->len - FRAME_HEADROOM;
    unsigned char header[14];
    size_t h = 4;
    if (b->websocket) {
        h = ws_frame_header(header, n, NULL);
    } else {
        header[0] = (unsigned char)(n >> 24);
        header[1] = (unsigned char)(n >> 16);
        header[2] = (unsigned char)(n >> 8);
        header[3] = (unsigned char)n;
    }
    b->frame_start = FRAME_HEADROOM - h;
    memcpy(f->data + b->frame_start, header, h);
    return true;
}

static void send_built(const struct bare *b, struct peer *p)
{
    stream_send_raw(&p->s, b->frame.data + b->frame_start, b->frame.len - b->frame_start);
}

/* The same frame to every admitted player but `except` (a failed write shows up as EOF); with
 * `version1_only`, only to those of version 1. */
static void send_to_some(struct bare *b, int except, bool version1_only)
{
    for (int i = 0; i < b->admitted_count; i++) {
        struct peer *to = &b->peers[b->admitted[i]];
        if (b->admitted[i] != except && (!version1_only || to->version < 4)) send_built(b, to);
    }
}

static void send_to_admitted(struct bare *b, int except) { send_to_some(b, except, false); }

static void add_peer_object(struct bytes *frame, const struct peer *p)
{
    char text[128];
    snprintf(text, sizeof text, "{\"id\":%lld,\"name\":\"%s\"}", p->id, p->name);
    frame_add(frame, text);
}

/* ---- what the host would write ---- */

static uint64_t next_random(struct bare *b)
{
    b->random ^= b->random << 13;
    b->random ^= b->random >> 7;
    b->random ^= b->random << 17;
    return b->random;
}

/* base64 of 16 random bytes, as the host's nonce (24 characters). */
static void make_nonce(struct bare *b, char out[25])
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    unsigned char bytes[18] = {0};
    uint64_t a = next_random(b), c = next_random(b);
    memcpy(bytes, &a, 8);
    memcpy(bytes + 8, &c, 8);
    for (int i = 0; i < 6; i++) {
        uint32_t v = (uint32_t)bytes[3 * i] << 16 | (uint32_t)bytes[3 * i + 1] << 8 | bytes[3 * i + 2];
        for (int j = 0; j < 4; j++) out[4 * i + j] = alphabet[(v >> (18 - 6 * j)) & 63];
    }
    out[22] = out[23] = '=';
    out[24] = '\0';
}

static void send_server_hello(struct bare *b, struct peer *p)
{
    char nonce[25], text[512];
    make_nonce(b, nonce);
    snprintf(text, sizeof text,
        "{\"capacity\":%d,\"game\":\"%s\",\"joinCodeRequired\":false,\"maxFrame\":%u,\"name\":\"%s\",\"nonce\":\"%s\","
        "\"players\":%d,\"serverId\":\"%s\",\"type\":\"serverHello\",\"versions\":[1,4]}",
        b->capacity, b->game, CROWD_DEFAULT_MAX_FRAME, b->name, nonce, b->admitted_count, b->server_id);
    stream_send_frame(&p->s, text, strlen(text));
}

static void announce(struct bare *b, const struct peer *p, const char *reason)
{
    frame_begin(&b->frame);
    frame_add(&b->frame, "{\"peer\":");
    add_peer_object(&b->frame, p);
    if (reason) {
        frame_add(&b->frame, ",\"reason\":\"");
        frame_add(&b->frame, reason);
        frame_add(&b->frame, "\",\"type\":\"left\"}");
    } else {
        frame_add(&b->frame, ",\"type\":\"joined\"}");
    }
    if (frame_end(b)) send_to_some(b, p->s.fd, !p->listed);
}

static void send_welcome(struct bare *b, struct peer *p)
{
    char text[256];
    frame_begin(&b->frame);
    snprintf(text, sizeof text, "{\"heartbeatIntervalMs\":1000,\"heartbeatTimeoutMs\":3000,\"host\":{\"id\":0,\"name\":\"%s\"},\"peers\":[",
        b->name);
    frame_add(&b->frame, text);
    bool first = true;
    for (int i = 0; i < b->admitted_count; i++) {
        const struct peer *other = &b->peers[b->admitted[i]];
        if (p->version >= 4 && !other->listed) continue;
        if (!first) frame_add(&b->frame, ",");
        first = false;
        add_peer_object(&b->frame, other);
    }
    if (p->version >= 4) {
        snprintf(text, sizeof text, "],\"players\":%d,\"type\":\"welcome\",\"version\":4,\"you\":", b->admitted_count + 1);
        frame_add(&b->frame, text);
    } else {
        frame_add(&b->frame, "],\"type\":\"welcome\",\"version\":1,\"you\":");
    }
    add_peer_object(&b->frame, p);
    frame_add(&b->frame, "}");
    if (frame_end(b)) send_built(b, p);
}

static bool admit(struct bare *b, struct peer *p, const char *hello, size_t n)
{
    if (!json_type_is(hello, n, "clientHello") || !json_string(hello, n, "name", p->name, sizeof p->name)) return false;
    long long version = 1;
    if (!json_int(hello, n, "version", &version) || (version != 1 && version != 4)) return false;
    p->version = (int)version;
    p->listed = b->listed_count < CROWD_LISTED_PLAYERS;
    p->id = ++b->next_id;
    /* Welcome first, then `joined` to the others. The host queues the `joined` first (so that
     * nothing the new player sends overtakes it); one thread gets that guarantee either way, as
     * it reads nothing from the new player until every `joined` is written. */
    send_welcome(b, p);
    announce(b, p, NULL);
    p->admitted = true;
    p->slot = b->admitted_count;
    b->admitted[b->admitted_count++] = p->s.fd;
    if (p->listed) b->listed_count++;
    return true;
}

static void pong(struct peer *p, const char *ping, size_t n)
{
    int64_t received = now_us();
    long long seq, sent;
    if (!json_int(ping, n, "seq", &seq) || !json_int(ping, n, "sent", &sent)) return;
    char text[160];
    snprintf(text, sizeof text, "{\"received\":%" PRId64 ",\"replied\":%" PRId64 ",\"sent\":%lld,\"seq\":%lld,\"type\":\"pong\"}",
        received, now_us(), sent, seq);
    stream_send_frame(&p->s, text, strlen(text));
}

/* `{"body":B,"to":"all","type":"app"}` becomes `{"body":B,"from":ID,"type":"app"}` for the others. */
static void relay(struct bare *b, struct peer *p, const char *app, size_t n)
{
    static const char head[] = "{\"body\":", tail[] = ",\"to\":\"all\",\"type\":\"app\"}";
    size_t h = sizeof head - 1, t = sizeof tail - 1;
    if (n < h + t || memcmp(app, head, h) != 0 || memcmp(app + n - t, tail, t) != 0) return;
    char from[48];
    snprintf(from, sizeof from, ",\"from\":%lld,\"type\":\"app\"}", p->id);
    frame_begin(&b->frame);
    bytes_append(&b->frame, app, n - t);
    frame_add(&b->frame, from);
    if (frame_end(b)) send_to_admitted(b, p->s.fd);
}

/* ---- connections ---- */

struct reading {
    struct bare *bare;
    struct peer *peer;
};

/* --pages: a GET that is not the upgrade gets the saved response for its path (or a 404). */
static bool serve_page(struct bare *b, struct peer *p, const char *head, size_t n)
{
    static const char missing[] = "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n";
    const char *space = n > 4 ? memchr(head + 4, ' ', n - 4) : NULL;
    if (memcmp(head, "GET ", 4) != 0 || !space) return false;
    size_t length = (size_t)(space - head - 4);
    for (int i = 0; i < b->page_count; i++) {
        const struct saved_page *page = &b->pages[i];
        if (strlen(page->path) == length && memcmp(page->path, head + 4, length) == 0)
            return stream_send_raw(&p->s, page->response.data, page->response.len) == 0;
    }
    return stream_send_raw(&p->s, missing, sizeof missing - 1) == 0;
}

/* --websocket: the upgrade request's head; the 101, then the serverHello. */
static bool upgrade(struct bare *b, struct peer *p, const char *head, size_t n)
{
    if (b->page_count > 0 && !(n > 8 && memcmp(head, "GET /ws ", 8) == 0)) return serve_page(b, p, head, n);
    char response[256];
    size_t length = ws_server_response(head, n, "/ws", response, sizeof response);
    if (length == 0 || stream_send_raw(&p->s, response, length) != 0) return false;
    p->s.framing = FRAMING_WS_SERVER;
    p->upgraded = true;
    send_server_hello(b, p);
    return true;
}

static bool on_frame(void *context, const char *payload, size_t n)
{
    struct reading *r = context;
    struct peer *p = r->peer;
    if (r->bare->websocket && !p->upgraded) return upgrade(r->bare, p, payload, n);
    if (!p->admitted) return admit(r->bare, p, payload, n);
    char type[16] = "";
    json_string(payload, n, "type", type, sizeof type);
    if (strcmp(type, "ping") == 0) pong(p, payload, n);
    else if (strcmp(type, "app") == 0) relay(r->bare, p, payload, n);
    else if (strcmp(type, "bye") == 0) p->said_bye = true;  /* the client closes next */
    return true;
}

static void drop(struct bare *b, struct peer *p)
{
    if (p->admitted) {
        memmove(&b->admitted[p->slot], &b->admitted[p->slot + 1], sizeof(int) * (size_t)(b->admitted_count - p->slot - 1));
        b->admitted_count--;
        if (p->listed) b->listed_count--;
        for (int i = p->slot; i < b->admitted_count; i++) b->peers[b->admitted[i]].slot = i;
        announce(b, p, p->said_bye ? "userQuit" : "connectionDropped");
    }
    if (p->upgraded) stream_send_close(&p->s);  /* as WebSocketLink answers a close */
    stream_close(&p->s);
    memset(p, 0, sizeof *p);
}

static void accept_all(struct bare *b)
{
    for (;;) {
        int fd = accept4(b->listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) return;  /* EAGAIN: all taken; anything else: the next event retries */
        if (fd >= b->fd_limit || stream_open(&b->peers[fd].s, fd, b->epfd, (uint64_t)fd) != 0) {
            close(fd);
            continue;
        }
        struct peer *p = &b->peers[fd];
        make_socket_fast(fd);
        p->open = true;
        if (b->websocket) p->s.framing = FRAMING_HTTP;  /* the upgrade request comes first */
        else send_server_hello(b, p);
    }
}

static void handle(struct bare *b, const struct epoll_event *event)
{
    int fd = (int)event->data.u64;
    if (fd == b->listener) {
        accept_all(b);
        return;
    }
    struct peer *p = &b->peers[fd];
    if (!p->open) return;
    if ((event->events & EPOLLOUT) && stream_flush(&p->s) != 0) {
        drop(b, p);
        return;
    }
    if (event->events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
        struct reading reading = {b, p};
        if (stream_read(&p->s, on_frame, &reading) != STREAM_OK) drop(b, p);
    }
}

/* ---- start ---- */

static int listen_on(const char *address, int port)
{
    struct sockaddr_in where = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    if (inet_pton(AF_INET, address, &where.sin_addr) != 1) return -1;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int one = 1;
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0
        || bind(fd, (struct sockaddr *)&where, sizeof where) != 0 || listen(fd, 512) != 0) {
        if (fd >= 0) close(fd);
        return -1;
    }
    return fd;
}

static int bound_port(int fd)
{
    struct sockaddr_in where;
    socklen_t size = sizeof where;
    return getsockname(fd, (struct sockaddr *)&where, &size) == 0 ? ntohs(where.sin_port) : -1;
}

static bool set_up(struct bare *b)
{
    long limit = raise_fd_limit();
    b->fd_limit = limit > 0 && limit < 65536 ? limit : 65536;  /* the peer table is indexed by fd */
    b->peers = calloc((size_t)b->fd_limit, sizeof *b->peers);
    b->admitted = calloc((size_t)b->fd_limit, sizeof *b->admitted);
    b->epfd = epoll_create1(EPOLL_CLOEXEC);
    b->random = now_ns() | 1;
    snprintf(b->server_id, sizeof b->server_id, "%08" PRIX32 "-%04" PRIX32 "-4%03" PRIX32 "-A%03" PRIX32 "-%012" PRIX64,
        (uint32_t)next_random(b), (uint32_t)next_random(b) & 0xFFFF, (uint32_t)next_random(b) & 0xFFF,
        (uint32_t)next_random(b) & 0xFFF, (uint64_t)(next_random(b) & 0xFFFFFFFFFFFFull));
    struct epoll_event event = {.events = EPOLLIN, .data.u64 = (uint64_t)b->listener};
    return b->peers && b->admitted && b->epfd >= 0 && epoll_ctl(b->epfd, EPOLL_CTL_ADD, b->listener, &event) == 0;
}

int bare_server_main(int argc, char **argv)
{
    static struct bare b;
    const char *address = "127.0.0.1";
    int port = 0;
    const char *pages = NULL;
    b.name = "crowd";
    b.game = "lobby";
    b.capacity = 10000;
    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i];
        if (strcmp(flag, "--websocket") == 0) {
            b.websocket = true;
            continue;
        }
        const char *value = i + 1 < argc ? argv[++i] : NULL;
        if (value && strcmp(flag, "--host") == 0) address = value;
        else if (value && strcmp(flag, "--port") == 0) port = atoi(value);
        else if (value && strcmp(flag, "--name") == 0) b.name = value;
        else if (value && strcmp(flag, "--max-players") == 0) b.capacity = atoi(value);
        else if (value && strcmp(flag, "--game") == 0) b.game = value;
        else if (value && strcmp(flag, "--pages") == 0) pages = value;
        else {
            fprintf(stderr, "usage: snap-crowd bare-server [--host 127.0.0.1] [--port 0] [--name crowd] [--max-players N]"
                            " [--websocket [--pages DIR] [--game NAME]]\n");
            return 2;
        }
    }
    if (pages) {
        static struct saved_page saved[64];
        b.pages = saved;
        b.page_count = page_load_saved(pages, saved, 64);
        if (b.page_count <= 0 || !b.websocket) {
            fprintf(stderr, "snap-crowd bare-server: --pages needs --websocket and DIR/index naming saved responses (%s)\n", pages);
            return 2;
        }
    }
    b.listener = listen_on(address, port);
    if (b.listener < 0 || !set_up(&b)) {
        perror("snap-crowd bare-server");
        return 1;
    }
    /* As snap-host serve prints its TCP port, and its web port. */
    printf("%s on %s:%d\n", b.websocket ? "web" : "listening", address, bound_port(b.listener));
    fflush(stdout);
    struct epoll_event events[512];
    for (;;) {
        int n = epoll_wait(b.epfd, events, 512, -1);
        for (int i = 0; i < n; i++) handle(&b, &events[i]);
    }
}
