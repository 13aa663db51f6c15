/* snap-crowd storm: a join storm of phones (issue 26, item 4). N players arrive spread evenly
 * over --arrive-within seconds; each does what a phone's browser does on a first visit (page.c):
 * GET / on one keep-alive connection, then every file the page, its modules and its style sheet
 * load (found in what is served, gunzipped), one request at a time, then /favicon.ico; then opens
 * the WebSocket on a new connection (the page's script has run; its person pressed Join), and on
 * the serverHello asks for the game's page module (/games/NAME.mjs) on the first connection,
 * as the page's game loader does. A player is in the lobby once it has the welcome and the
 * module. With --trivia it then answers the first question as soon as it has it (and the module).
 * Players speak the best protocol version both sides have, up to --protocol (default 4, as the
 * page); from version 2 a player whose connection was lost comes back with its resume token, as
 * the page does. See main.c for the options and the output. */
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
#include <unistd.h>

#define STORM_MAX_FILES 64          /* distinct paths a page may load (a bit each in `seen`) */
#define HTTP_ATTEMPTS 3             /* connections for one request before the page fails */
#define RETRY_DELAY_NS (1000000000ull)
#define SCAN_INTERVAL_NS (250000000ull)
#define SAMPLE_INTERVAL_NS (1000000000ull)

struct options {
    const char *address;
    const char *sources;  /* player i's connections come from this address + i (as phones have one each) */
    int port;             /* the host's web port */
    int pid;              /* the server, for /proc; 0: no memory or CPU figures */
    int players;
    double arrive_within; /* seconds over which the players' starts are spread */
    bool page;            /* fetch the page first (default; --no-page: WebSocket only) */
    bool trivia;          /* answer the first question, wait for its result */
    bool ping;            /* send pings of our own (default no: the page sends none) */
    int protocol;         /* the best protocol version the players speak (the page: 4) */
    const char *save_pages;     /* save each file's first response here (for bare-server --pages) */
    const char *module_format;  /* the game's page module, printf with the game's name */
    double join_limit;          /* seconds after the last arrival to wait for all in the lobby */
    double answer_limit;        /* seconds after all are in to wait for the result */
    double handshake_limit;     /* WebSocket connect() -> welcome, else give up and connect again */
    int attempts;               /* WebSocket connections per player */
};

enum http_phase { HTTP_CLOSED, HTTP_IDLE, HTTP_BUSY };
enum ws_phase { WS_NONE, WS_UPGRADE, WS_HELLO, WS_WELCOME, WS_ADMITTED, WS_RETRY, WS_FAILED };

struct player {
    uint64_t due;               /* when it arrives */
    uint64_t started;           /* its first request (or WebSocket) */
    /* the page connection */
    struct stream http;
    enum http_phase http_phase;
    int in_flight;              /* the file requested, while HTTP_BUSY */
    int http_attempts;          /* connections for the request in flight */
    uint8_t queue[STORM_MAX_FILES];
    int queue_head, queue_length;
    uint64_t seen;              /* files asked for (bit per file index) */
    uint64_t loaded;             /* files whose response came, by index */
    bool page_loaded;           /* the page and its static graph are here: the script runs */
    bool wants_icon;            /* the page names no icon: the browser asks for /favicon.ico */
    bool page_failed;
    int module;                 /* the game's module's file index, -1 before the serverHello */
    bool module_loaded;
    uint64_t page_bytes;        /* responses' bytes (heads and bodies as sent) */
    /* the WebSocket */
    struct stream ws;
    enum ws_phase ws_phase;
    char accept[29];
    int attempts;
    bool gave_up;
    char token[64];             /* version 2 on: the resume token of the seat held, "" before one */
    uint64_t ws_started, retry_at, welcomed, in_lobby;
    uint64_t ws_bytes_to_welcome;
    uint32_t ping_seq;
    uint64_t next_ping;
    uint64_t heartbeat_ns;
    /* the question */
    long long question;         /* the open question's number, 0: none */
    bool answered;
    uint64_t question_at, answered_at, accepted_at, result_at;
};

struct counts {
    long long joined, left, lobby, app, ping, pong, accepted, rejected, results, standings, standings_late, other;
    long long joined_bytes, left_bytes, lobby_bytes;  /* frames as sent: payload and WebSocket header */
    long long game_bytes, question_bytes, result_bytes, standing_bytes;
};

/* A server's unmasked text frame of n payload bytes, with its header. */
static long long frame_size(size_t n) { return (long long)n + (n < 126 ? 2 : n <= 0xFFFF ? 4 : 10); }

struct sample {
    uint64_t at;
    double server_cpu;
};

struct storm {
    struct options o;
    int epfd;
    struct sockaddr_in address;
    uint32_t source;                /* --sources, host order; 0: the kernel's choice */
    struct player *players;
    int arrived;                    /* players started so far */
    uint64_t t0;                    /* the first arrival */
    char files[STORM_MAX_FILES][CROWD_MAX_PATH];
    int file_count;
    char page[65536];               /* the first page served (/), as a browser reads it */
    size_t page_length;
    bool saved[STORM_MAX_FILES];
    /* tallies */
    long long http_requests, http_connections, http_errors, http_status_other, decode_errors, page_failures;
    long long http_down, http_up, ws_down, ws_up;
    long long ws_connections, refused, denied, dropped, timed_out, failed, resumed;
    long long unresolved;           /* references beyond STORM_MAX_FILES */
    struct counts count;
    char ended[32];                 /* the first result's `ended` */
    char deny_reason[32];           /* the first deny's reason */
    int in_lobby;                   /* players in the lobby now */
    double peak_cpu_pct;            /* the server's busiest second */
    struct sample last_sample;
    uint64_t next_scan;
};

/* ---- files ---- */

static int file_index(struct storm *k, const char *path)
{
    for (int i = 0; i < k->file_count; i++)
        if (strcmp(k->files[i], path) == 0) return i;
    if (k->file_count == STORM_MAX_FILES) return -1;
    snprintf(k->files[k->file_count], CROWD_MAX_PATH, "%s", path);
    return k->file_count++;
}

struct finding {
    struct storm *storm;
    struct player *player;
};

/* Queues a file the player has not asked for yet. */
static int want(struct storm *k, struct player *p, const char *path)
{
    int file = file_index(k, path);
    if (file < 0) {
        k->unresolved++;
        return -1;
    }
    if (p->seen & (1ull << file)) return file;
    p->seen |= 1ull << file;
    p->queue[(p->queue_head + p->queue_length++) % STORM_MAX_FILES] = (uint8_t)file;
    return file;
}

static void on_reference(void *context, const char *path)
{
    struct finding *f = context;
    want(f->storm, f->player, path);
}

/* ---- the page connection ---- */

static uint64_t tag(struct storm *k, const struct player *p, bool ws) { return (uint64_t)(p - k->players) * 2 + (ws ? 1 : 0); }

static int open_socket(struct storm *k, struct stream *s, uint64_t stream_tag)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    make_socket_fast(fd);
    if (k->source) {  /* the player's own address; the port is chosen at connect() */
        int one = 1;
        struct sockaddr_in from = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(k->source + (uint32_t)(stream_tag / 2))};
        setsockopt(fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
        if (bind(fd, (struct sockaddr *)&from, sizeof from) != 0) {
            close(fd);
            return -1;
        }
    }
    if ((connect(fd, (struct sockaddr *)&k->address, sizeof k->address) != 0 && errno != EINPROGRESS)
        || stream_open(s, fd, k->epfd, stream_tag) != 0) {
        close(fd);
        return -1;
    }
    return 0;
}

static void http_close(struct player *p)
{
    if (p->http_phase != HTTP_CLOSED) stream_close(&p->http);
    p->http_phase = HTTP_CLOSED;
}

static void ws_open(struct storm *k, struct player *p);
static void check_lobby(struct storm *k, struct player *p);
static void maybe_answer(struct storm *k, struct player *p);

/* Sends the next queued request, connecting first if needed; with nothing queued, the page is
 * loaded (the first time: the WebSocket opens). */
static void http_next(struct storm *k, struct player *p)
{
    if (p->http_phase == HTTP_BUSY || p->page_failed) return;
    if (p->queue_length == 0) {
        if (!p->page_loaded) {
            p->page_loaded = true;
            if (p->wants_icon) {
                p->wants_icon = false;
                want(k, p, "/favicon.ico");
            }
            ws_open(k, p);
            if (p->queue_length > 0) http_next(k, p);
        }
        return;
    }
    if (p->http_phase == HTTP_CLOSED) {
        if (open_socket(k, &p->http, tag(k, p, false)) != 0) {
            k->http_errors++;
            p->page_failed = true;
            k->page_failures++;
            return;
        }
        k->http_connections++;
        p->http_phase = HTTP_IDLE;
    }
    int file = p->queue[p->queue_head];
    p->queue_head = (p->queue_head + 1) % STORM_MAX_FILES;
    p->queue_length--;
    char request[1024];
    size_t n = http_get_request(request, sizeof request, k->o.address, k->o.port, k->files[file]);
    if (n == 0 || stream_send_raw(&p->http, request, n) != 0) {
        k->http_errors++;
        http_close(p);
        return;
    }
    k->http_requests++;
    k->http_up += (long long)n;
    p->in_flight = file;
    p->http_phase = HTTP_BUSY;
}

static void save_response(struct storm *k, int file, const char *response, size_t length)
{
    if (!k->o.save_pages || k->saved[file]) return;
    k->saved[file] = true;
    if (!page_save(k->o.save_pages, file, k->files[file], response, length))
        fprintf(stderr, "snap-crowd storm: cannot save %s in %s\n", k->files[file], k->o.save_pages);
}

static void on_response(struct storm *k, struct player *p, const struct http_response *r, const struct bytes *body)
{
    static struct bytes plain;
    int file = p->in_flight;
    p->http_phase = HTTP_IDLE;
    p->http_attempts = 0;
    p->page_bytes += r->size;
    p->loaded |= 1ull << file;
    save_response(k, file, p->http.in.data, r->size);
    if (r->status != 200) {
        if (r->status >= 400 && strcmp(k->files[file], "/favicon.ico") != 0) k->http_errors++;
        else if (r->status != 204 && r->status != 304) k->http_status_other++;
    } else if (r->encoded || (r->gzip && !http_gunzip(body->data, body->len, &plain))) {
        k->decode_errors++;
    } else {
        const char *text = r->gzip ? plain.data : body->data;
        size_t length = r->gzip ? plain.len : body->len;
        struct finding finding = {k, p};
        if (text) page_references(k->files[file], r->content_type, text, length, on_reference, &finding);
        if (file == 0 && text && page_asks_for_icon(r->content_type, text, length)) p->wants_icon = true;
        if (file == 0 && text && !k->page_length && length <= sizeof k->page) {
            memcpy(k->page, text, length);
            k->page_length = length;
        }
    }
    if (file == p->module) {
        p->module_loaded = true;
        check_lobby(k, p);
        maybe_answer(k, p);
    }
}

/* The connection ended under a request: ask again on a new one (HTTP_ATTEMPTS in all). */
static void http_lost(struct storm *k, struct player *p)
{
    bool busy = p->http_phase == HTTP_BUSY;
    http_close(p);
    if (!busy) return;
    k->http_errors++;
    if (++p->http_attempts >= HTTP_ATTEMPTS) {
        p->page_failed = true;
        k->page_failures++;
        return;
    }
    p->queue_head = (p->queue_head + STORM_MAX_FILES - 1) % STORM_MAX_FILES;
    p->queue[p->queue_head] = (uint8_t)p->in_flight;
    p->queue_length++;
    http_next(k, p);
}

static void http_readable(struct storm *k, struct player *p)
{
    static char scratch[65536];
    static struct bytes body;
    for (;;) {
        ssize_t got = read(p->http.fd, scratch, sizeof scratch);
        if (got < 0 && (errno == EAGAIN || errno == EINTR)) break;
        if (got <= 0) {
            http_lost(k, p);
            return;
        }
        k->http_down += got;
        if (!bytes_append(&p->http.in, scratch, (size_t)got)) {
            http_lost(k, p);
            return;
        }
    }
    while (p->http_phase == HTTP_BUSY && p->http.in.len > 0) {
        struct http_response r;
        int found = http_parse_response(p->http.in.data, p->http.in.len, &r, &body);
        if (found == 0) return;
        if (found < 0) {
            k->http_errors++;
            http_close(p);
            return;
        }
        on_response(k, p, &r, &body);
        bytes_consume(&p->http.in, r.size);
        if (r.close) http_close(p);
        http_next(k, p);
    }
}

/* ---- the WebSocket ---- */

static void send_ws(struct storm *k, struct player *p, const char *text)
{
    size_t n = strlen(text);
    k->ws_up += (long long)(n + 6 + (n >= 126 ? 2 : 0));
    stream_send_frame(&p->ws, text, n);
}

static void ws_open(struct storm *k, struct player *p)
{
    p->gave_up = false;
    p->attempts++;
    p->ws_started = now_ns();
    if (!p->started) p->started = p->ws_started;
    if (open_socket(k, &p->ws, tag(k, p, true)) != 0) {
        k->refused++;
        p->ws_phase = p->attempts < k->o.attempts ? WS_RETRY : WS_FAILED;
        p->retry_at = p->ws_started + RETRY_DELAY_NS;
        if (p->ws_phase == WS_FAILED) k->failed++;
        return;
    }
    k->ws_connections++;
    char request[512];
    size_t n = ws_client_request(request, sizeof request, k->o.address, k->o.port, "/ws", p->accept);
    p->ws.framing = FRAMING_HTTP;
    p->ws_phase = WS_UPGRADE;
    k->ws_up += (long long)n;
    if (n == 0 || stream_send_raw(&p->ws, request, n) != 0) {
        stream_close(&p->ws);
        k->refused++;
        p->ws_phase = WS_RETRY;
        p->retry_at = now_ns() + RETRY_DELAY_NS;
    }
}

/* The WebSocket ended (the server closed it, it broke, or this side gave up on a handshake). */
static void ws_lost(struct storm *k, struct player *p)
{
    k->ws_down += (long long)p->ws.delivered;
    stream_close(&p->ws);
    if (p->ws_phase == WS_ADMITTED) {
        k->dropped++;
        if (p->in_lobby) k->in_lobby--;
        p->in_lobby = 0;
        p->welcomed = 0;
    } else if (p->gave_up) {
        k->timed_out++;
    } else {
        k->refused++;
    }
    if (p->attempts < k->o.attempts) {
        p->ws_phase = WS_RETRY;
        p->retry_at = now_ns() + RETRY_DELAY_NS;
    } else {
        p->ws_phase = WS_FAILED;
        k->failed++;
    }
}

static void check_lobby(struct storm *k, struct player *p)
{
    if (p->in_lobby || p->ws_phase != WS_ADMITTED || (k->o.page && !p->module_loaded)) return;
    p->in_lobby = now_ns();
    k->in_lobby++;
}

static void maybe_answer(struct storm *k, struct player *p)
{
    if (!k->o.trivia || p->question == 0 || p->answered || p->ws_phase != WS_ADMITTED) return;
    if (k->o.page && !p->module_loaded) return;  /* the page shows the question once its module is here */
    char answer[160];
    long long index = p - k->players;
    snprintf(answer, sizeof answer,
        "{\"body\":{\"choice\":%lld,\"kind\":\"answer\",\"pressedAt\":%" PRId64 ",\"question\":%lld},\"type\":\"app\"}",
        index % 2, now_us(), p->question);
    send_ws(k, p, answer);
    p->answered = true;
    p->answered_at = now_ns();
}

/* Whether the serverHello's "versions" array holds `version`. */
static bool offers_version(const char *text, size_t n, int version)
{
    const char *list = memmem(text, n, "\"versions\":[", 12);
    if (!list) return false;
    const char *p = list + 12, *end = text + n;
    while (p < end && *p != ']') {
        int v = 0;
        while (p < end && *p >= '0' && *p <= '9') v = v * 10 + (*p++ - '0');
        if (v == version) return true;
        if (p < end && *p == ',') p++;
        else break;
    }
    return false;
}

static bool on_server_hello(struct storm *k, struct player *p, const char *text, size_t n)
{
    if (!json_type_is(text, n, "serverHello")) return false;
    char game[48] = "", path[CROWD_MAX_PATH];
    json_string(text, n, "game", game, sizeof game);
    if (k->o.page && p->module < 0 && game[0] && strcmp(game, "lobby") != 0) {
        /* The module the page names for this game, as the page's loader takes it (its hashed name,
         * already loaded by its modulepreload link); else the --module-path one. */
        if (!page_game_module(k->page, k->page_length, game, path, sizeof path)) snprintf(path, sizeof path, k->o.module_format, game);
        p->module = want(k, p, path);
        if (p->module >= 0 && (p->loaded & (1ull << p->module))) p->module_loaded = true;  /* preloaded */
        http_next(k, p);
    } else if (p->module < 0) {
        p->module_loaded = true;  /* no module: the lobby alone */
    }
    char hello[192];
    long long index = p - k->players;
    int version = 1;
    for (int v = k->o.protocol; v > 1 && version == 1; v--)
        if (offers_version(text, n, v)) version = v;
    if (version >= 2 && p->token[0])  /* the seat this player holds, back (the page keeps its token) */
        snprintf(hello, sizeof hello, "{\"name\":\"p%lld\",\"resume\":\"%s\",\"type\":\"clientHello\",\"version\":%d}", index, p->token, version);
    else if (p->attempts > 1)
        snprintf(hello, sizeof hello, "{\"type\":\"clientHello\",\"version\":%d,\"name\":\"p%lld-%d\"}", version, index, p->attempts);
    else snprintf(hello, sizeof hello, "{\"type\":\"clientHello\",\"version\":%d,\"name\":\"p%lld\"}", version, index);
    p->ws_phase = WS_WELCOME;
    send_ws(k, p, hello);
    return true;
}

static bool on_welcome(struct storm *k, struct player *p, const char *text, size_t n)
{
    if (json_type_is(text, n, "deny")) {
        k->denied++;
        if (!k->deny_reason[0]) json_string(text, n, "reason", k->deny_reason, sizeof k->deny_reason);
        return false;
    }
    if (!json_type_is(text, n, "welcome")) return false;
    long long interval_ms;
    p->welcomed = now_ns();
    p->ws_bytes_to_welcome = p->ws.delivered;
    p->ws_phase = WS_ADMITTED;
    if (json_int(text, n, "heartbeatIntervalMs", &interval_ms) && interval_ms > 0) p->heartbeat_ns = (uint64_t)interval_ms * 1000000u;
    if (json_string(text, n, "resumeToken", p->token, sizeof p->token)) {
        if (memmem(text, n, "\"resumed\":true", 15)) k->resumed++;  /* its seat, back after a lost connection */
    }
    p->next_ping = p->welcomed;
    check_lobby(k, p);
    return true;
}

static void on_app(struct storm *k, struct player *p, const char *text, size_t n)
{
    char kind[24] = "";
    const char *body = memmem(text, n, "\"body\":", 7);
    size_t rest = body ? n - (size_t)(body - text) : 0;
    if (body) json_string(body, rest, "kind", kind, sizeof kind);
    if (strcmp(kind, "lobby") == 0) {
        k->count.lobby++;
        k->count.lobby_bytes += frame_size(n);
    } else if (strcmp(kind, "question") == 0) {
        long long number;
        k->count.app++;
        k->count.question_bytes += frame_size(n);
        if (!p->question && json_int(body, rest, "number", &number)) {
            p->question = number;
            p->question_at = now_ns();
            maybe_answer(k, p);
        }
    } else if (strcmp(kind, "result") == 0) {
        k->count.results++;
        k->count.result_bytes += frame_size(n);
        if (!p->result_at) p->result_at = now_ns();
        if (!k->ended[0]) json_string(body, rest, "ended", k->ended, sizeof k->ended);
    } else if (strcmp(kind, "standing") == 0) {
        long long number;
        if (json_int(body, rest, "question", &number)) {  /* a result's (the final standings' have none) */
            k->count.standings++;
            k->count.standing_bytes += frame_size(n);
            if (p->result_at) k->count.standings_late++;  /* a player's own place comes before the result it belongs to */
        }
    } else if (strcmp(kind, "accepted") == 0) {
        k->count.accepted++;
        if (!p->accepted_at) p->accepted_at = now_ns();
    } else if (strcmp(kind, "rejected") == 0) {
        k->count.rejected++;
    } else {
        k->count.app++;
        if (strcmp(kind, "game") == 0) k->count.game_bytes += frame_size(n);
    }
}

static bool on_session_frame(struct storm *k, struct player *p, const char *text, size_t n)
{
    char type[16] = "";
    json_string(text, n, "type", type, sizeof type);
    if (strcmp(type, "app") == 0) {
        on_app(k, p, text, n);
    } else if (strcmp(type, "ping") == 0) {
        long long seq, sent;
        int64_t received = now_us();
        char pong[160];
        k->count.ping++;
        if (!json_int(text, n, "seq", &seq) || !json_int(text, n, "sent", &sent)) return false;
        snprintf(pong, sizeof pong, "{\"received\":%" PRId64 ",\"replied\":%" PRId64 ",\"sent\":%lld,\"seq\":%lld,\"type\":\"pong\"}",
            received, now_us(), sent, seq);
        send_ws(k, p, pong);
    } else if (strcmp(type, "pong") == 0) {
        k->count.pong++;
    } else if (strcmp(type, "joined") == 0) {
        k->count.joined++;
        k->count.joined_bytes += frame_size(n);
    } else if (strcmp(type, "left") == 0) {
        k->count.left++;
        k->count.left_bytes += frame_size(n);
    } else if (strcmp(type, "bye") == 0) {
        return false;
    } else {
        k->count.other++;
    }
    return true;
}

struct reading {
    struct storm *storm;
    struct player *player;
};

static bool on_frame(void *context, const char *text, size_t n)
{
    struct reading *r = context;
    struct player *p = r->player;
    switch (p->ws_phase) {
    case WS_UPGRADE:
        if (!ws_client_accepted(text, n, p->accept)) return false;
        p->ws.framing = FRAMING_WS_CLIENT;
        p->ws_phase = WS_HELLO;
        return true;
    case WS_HELLO: return on_server_hello(r->storm, p, text, n);
    case WS_WELCOME: return on_welcome(r->storm, p, text, n);
    case WS_ADMITTED: return on_session_frame(r->storm, p, text, n);
    default: return false;
    }
}

/* ---- the loop ---- */

static void handle(struct storm *k, const struct epoll_event *event)
{
    struct player *p = &k->players[event->data.u64 / 2];
    bool ws = event->data.u64 % 2 == 1;
    struct stream *s = ws ? &p->ws : &p->http;
    if (ws ? (p->ws_phase < WS_UPGRADE || p->ws_phase > WS_ADMITTED) : p->http_phase == HTTP_CLOSED) return;
    if ((event->events & EPOLLOUT) && stream_flush(s) != 0) {
        if (ws) ws_lost(k, p);
        else http_lost(k, p);
        return;
    }
    if (!(event->events & (EPOLLIN | EPOLLHUP | EPOLLERR))) return;
    if (!ws) {
        http_readable(k, p);
        return;
    }
    struct reading reading = {k, p};
    if (stream_read(s, on_frame, &reading) != STREAM_OK) ws_lost(k, p);
}

static void arrive(struct storm *k, struct player *p)
{
    p->started = now_ns();
    if (!k->o.page) {
        p->page_loaded = p->module_loaded = true;
        ws_open(k, p);
        return;
    }
    want(k, p, "/");
    http_next(k, p);
}

/* Handshakes past the limit, WebSockets due to connect again, pings due, the server's CPU. */
static void scan(struct storm *k, uint64_t now)
{
    for (int i = 0; i < k->arrived; i++) {
        struct player *p = &k->players[i];
        if (p->ws_phase >= WS_UPGRADE && p->ws_phase <= WS_WELCOME && now - p->ws_started > (uint64_t)(k->o.handshake_limit * 1e9)) {
            p->gave_up = true;
            ws_lost(k, p);
        } else if (p->ws_phase == WS_RETRY && now >= p->retry_at) {
            ws_open(k, p);
        } else if (k->o.ping && p->ws_phase == WS_ADMITTED && now >= p->next_ping) {
            char ping[96];
            snprintf(ping, sizeof ping, "{\"sent\":%" PRId64 ",\"seq\":%" PRIu32 ",\"type\":\"ping\"}", now_us(), p->ping_seq++);
            send_ws(k, p, ping);
            p->next_ping = now + (p->heartbeat_ns ? p->heartbeat_ns : 1000000000u);
        }
    }
    if (k->o.pid > 0 && now - k->last_sample.at >= SAMPLE_INTERVAL_NS) {
        struct sample s = {now, 0};
        if (proc_cpu_seconds(k->o.pid, &s.server_cpu)) {
            if (k->last_sample.at) {
                double pct = 100 * (s.server_cpu - k->last_sample.server_cpu) / ((double)(now - k->last_sample.at) / 1e9);
                if (pct > k->peak_cpu_pct) k->peak_cpu_pct = pct;
            }
            k->last_sample = s;
        }
    }
}

static void pump(struct storm *k)
{
    uint64_t now = now_ns();
    while (k->arrived < k->o.players && k->players[k->arrived].due <= now) arrive(k, &k->players[k->arrived++]);
    int timeout = k->arrived < k->o.players ? 2 : 20;
    struct epoll_event events[512];
    int n = epoll_wait(k->epfd, events, 512, timeout);
    for (int i = 0; i < n; i++) handle(k, &events[i]);
    now = now_ns();
    if (now >= k->next_scan) {
        scan(k, now);
        k->next_scan = now + (k->o.ping ? SCAN_INTERVAL_NS / 5 : SCAN_INTERVAL_NS);
    }
}

/* Every player in the lobby, or out of attempts. */
static bool gathered(const struct storm *k)
{
    if (k->arrived < k->o.players) return false;
    for (int i = 0; i < k->o.players; i++) {
        const struct player *p = &k->players[i];
        if (!p->in_lobby && p->ws_phase != WS_FAILED && !p->page_failed) return false;
    }
    return true;
}

/* Every player in the lobby has the question's result. */
static bool answered(const struct storm *k)
{
    for (int i = 0; i < k->o.players; i++) {
        const struct player *p = &k->players[i];
        if (p->ws_phase == WS_ADMITTED && !p->result_at) return false;
    }
    return true;
}

/* ---- figures ---- */

static double seconds(uint64_t from, uint64_t to) { return to > from ? (double)(to - from) / 1e9 : 0; }

struct spread {
    uint64_t first, last;
    size_t count;
};

/* The earliest and latest of one time stamp over the players (0s left out). */
static struct spread spread_of(const struct storm *k, size_t offset)
{
    struct spread s = {UINT64_MAX, 0, 0};
    for (int i = 0; i < k->o.players; i++) {
        uint64_t t;
        memcpy(&t, (const char *)&k->players[i] + offset, sizeof t);
        if (!t) continue;
        if (t < s.first) s.first = t;
        if (t > s.last) s.last = t;
        s.count++;
    }
    if (!s.count) s.first = 0;
    return s;
}

/* p50, p99 and max of (end - start) over the players that have both, in ms. */
static void print_durations(const struct storm *k, const char *prefix, size_t start, size_t end)
{
    uint64_t *samples = calloc((size_t)k->o.players, sizeof *samples);
    size_t count = 0;
    for (int i = 0; samples && i < k->o.players; i++) {
        uint64_t a, b;
        memcpy(&a, (const char *)&k->players[i] + start, sizeof a);
        memcpy(&b, (const char *)&k->players[i] + end, sizeof b);
        if (a && b >= a) samples[count++] = b - a;
    }
    if (samples) sort_samples(samples, count);
    printf(" %s_p50_ms=%.1f %s_p99_ms=%.1f %s_max_ms=%.1f", prefix, samples ? (double)percentile(samples, count, 0.5) / 1e6 : 0,
        prefix, samples ? (double)percentile(samples, count, 0.99) / 1e6 : 0, prefix,
        count ? (double)samples[count - 1] / 1e6 : 0);
    free(samples);
}

static void print_server(const struct storm *k, const char *prefix, uint64_t since, double cpu_since)
{
    long rss = 0, hwm = 0;
    double cpu = 0;
    if (k->o.pid <= 0) return;
    if (proc_memory_kib(k->o.pid, &rss, &hwm)) printf(" %s_rss_kib=%ld %s_peak_rss_kib=%ld", prefix, rss, prefix, hwm);
    if (proc_cpu_seconds(k->o.pid, &cpu))
        printf(" %s_server_cpu_s=%.2f %s_server_cpu_pct=%.1f", prefix, cpu - cpu_since, prefix, 100 * (cpu - cpu_since) / seconds(since, now_ns()));
}

static double server_cpu(const struct storm *k)
{
    double cpu = 0;
    if (k->o.pid > 0) proc_cpu_seconds(k->o.pid, &cpu);
    return cpu;
}

#define AT(field) offsetof(struct player, field)

static void run(struct storm *k)
{
    const struct options *o = &k->o;
    uint64_t span = (uint64_t)(o->arrive_within * 1e9);
    k->t0 = now_ns();
    for (int i = 0; i < o->players; i++) k->players[i].due = k->t0 + (o->players > 1 ? span * (uint64_t)i / (uint64_t)(o->players - 1) : 0);
    double cpu0 = server_cpu(k), self0 = self_cpu_seconds();
    long rss0 = 0, hwm0 = 0;
    if (o->pid > 0) proc_memory_kib(o->pid, &rss0, &hwm0);
    fprintf(stderr, "snap-crowd storm: %d players arriving within %.0f s%s\n", o->players, o->arrive_within, o->page ? ", each loading the page" : "");
    uint64_t deadline = k->t0 + span + (uint64_t)(o->join_limit * 1e9);
    while (!gathered(k) && now_ns() < deadline) pump(k);
    bool all_in = gathered(k) && k->in_lobby == o->players;
    uint64_t gathered_at = now_ns();
    struct spread lobby = spread_of(k, AT(in_lobby)), welcome = spread_of(k, AT(welcomed));
    printf("storm players=%d arrive_within_s=%.1f page=%d trivia=%d start_rss_kib=%ld", o->players, o->arrive_within, o->page, o->trivia, rss0);
    printf(" all_in=%d in_lobby=%d all_in_s=%.2f last_welcome_s=%.2f", all_in, k->in_lobby, seconds(k->t0, lobby.last), seconds(k->t0, welcome.last));
    print_durations(k, "join", AT(started), AT(in_lobby));
    print_durations(k, "welcome", AT(ws_started), AT(welcomed));
    print_server(k, "join", k->t0, cpu0);
    printf(" join_clients_cpu_pct=%.1f join_peak_server_cpu_pct=%.1f", 100 * (self_cpu_seconds() - self0) / seconds(k->t0, gathered_at), k->peak_cpu_pct);
    uint64_t page_bytes = 0, ws_to_welcome = 0, most_to_welcome = 0;
    for (int i = 0; i < o->players; i++) {
        page_bytes += k->players[i].page_bytes;
        ws_to_welcome += k->players[i].ws_bytes_to_welcome;
        if (k->players[i].ws_bytes_to_welcome > most_to_welcome) most_to_welcome = k->players[i].ws_bytes_to_welcome;
    }
    printf(" page_bytes_per_player=%.0f ws_bytes_to_welcome_mean=%.0f ws_bytes_to_welcome_max=%" PRIu64, (double)page_bytes / o->players,
        (double)ws_to_welcome / o->players, most_to_welcome);
    long long ws_down_now = k->ws_down;
    for (int i = 0; i < o->players; i++)
        if (k->players[i].ws_phase >= WS_UPGRADE && k->players[i].ws_phase <= WS_ADMITTED) ws_down_now += (long long)k->players[i].ws.delivered;
    printf(" join_http_down=%lld join_http_up=%lld join_ws_down=%lld join_ws_up=%lld", k->http_down, k->http_up, ws_down_now, k->ws_up);
    if (o->trivia) {
        k->peak_cpu_pct = 0;
        double cpu1 = server_cpu(k);
        uint64_t limit = gathered_at + (uint64_t)(o->answer_limit * 1e9);
        while (!answered(k) && now_ns() < limit) pump(k);
        struct spread question = spread_of(k, AT(question_at)), answer = spread_of(k, AT(answered_at)), result = spread_of(k, AT(result_at));
        struct spread accepted = spread_of(k, AT(accepted_at));
        /* From the first player reading the question: the last answer written, the last answer's
         * `accepted` read (the host has counted it), the first player reading the result (the
         * host sends it once it has counted the last answer), the last. */
        printf(" questions=%zu answers=%zu accepted=%zu results=%zu ended=%s question_spread_ms=%.1f last_answer_ms=%.1f"
               " last_accepted_ms=%.1f first_result_ms=%.1f last_result_ms=%.1f question_after_all_in_ms=%.1f",
            question.count, answer.count, accepted.count, result.count, k->ended[0] ? k->ended : "none",
            1e3 * seconds(question.first, question.last), 1e3 * seconds(question.first, answer.last),
            1e3 * seconds(question.first, accepted.last), 1e3 * seconds(question.first, result.first), 1e3 * seconds(question.first, result.last),
            question.first >= lobby.last ? 1e3 * seconds(lobby.last, question.first) : -1e3 * seconds(question.first, lobby.last));
        print_server(k, "answer", gathered_at, cpu1);
        printf(" answer_peak_server_cpu_pct=%.1f", k->peak_cpu_pct);
    }
    for (int i = 0; i < o->players; i++)
        if (k->players[i].ws_phase >= WS_UPGRADE && k->players[i].ws_phase <= WS_ADMITTED) k->ws_down += (long long)k->players[i].ws.delivered;
    printf(" http_requests=%lld http_connections=%lld http_errors=%lld http_status_other=%lld decode_errors=%lld page_failures=%lld"
           " unresolved=%lld files=%d",
        k->http_requests, k->http_connections, k->http_errors, k->http_status_other, k->decode_errors, k->page_failures, k->unresolved,
        k->file_count);
    printf(" ws_connections=%lld refused=%lld denied=%lld deny_reason=%s dropped=%lld timed_out=%lld failed=%lld resumed=%lld",
        k->ws_connections, k->refused, k->denied, k->deny_reason[0] ? k->deny_reason : "none", k->dropped, k->timed_out, k->failed,
        k->resumed);
    printf(" http_down=%lld http_up=%lld ws_down=%lld ws_up=%lld", k->http_down, k->http_up, k->ws_down, k->ws_up);
    printf(" frames_joined=%lld frames_left=%lld frames_lobby=%lld frames_app=%lld frames_ping=%lld frames_accepted=%lld"
           " frames_rejected=%lld frames_result=%lld frames_other=%lld joined_bytes=%lld left_bytes=%lld lobby_bytes=%lld"
           " game_bytes=%lld question_bytes=%lld result_bytes=%lld frames_standing=%lld standings_late=%lld standing_bytes=%lld\n",
        k->count.joined, k->count.left, k->count.lobby, k->count.app, k->count.ping, k->count.accepted, k->count.rejected,
        k->count.results, k->count.other, k->count.joined_bytes, k->count.left_bytes, k->count.lobby_bytes,
        k->count.game_bytes, k->count.question_bytes, k->count.result_bytes, k->count.standings, k->count.standings_late,
        k->count.standing_bytes);
    fflush(stdout);
}

/* ---- options ---- */

static int usage_error(const char *problem)
{
    fprintf(stderr, "snap-crowd storm: %s\n"
                    "usage: snap-crowd storm --port WEB_PORT [--address 127.0.0.1] [--sources A.B.C.D] [--pid SERVER_PID] [--players N]\n"
                    "       [--arrive-within S] [--no-page] [--trivia] [--ping] [--save-pages DIR] [--module-path /games/%%s.mjs]\n"
                    "       [--join-limit S] [--answer-limit S] [--handshake-limit S] [--attempts A] [--protocol 1-4]\n",
        problem);
    return 2;
}

static bool parse_options(int argc, char **argv, struct options *o)
{
    *o = (struct options){.address = "127.0.0.1", .players = 2000, .arrive_within = 10, .page = true, .protocol = 4,
        .module_format = "/games/%s.mjs", .join_limit = 60, .answer_limit = 60, .handshake_limit = 30, .attempts = 5};
    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i];
        if (strcmp(flag, "--no-page") == 0) o->page = false;
        else if (strcmp(flag, "--trivia") == 0) o->trivia = true;
        else if (strcmp(flag, "--ping") == 0) o->ping = true;
        else if (i + 1 >= argc) return false;
        else {
            const char *value = argv[++i];
            if (strcmp(flag, "--address") == 0) o->address = value;
            else if (strcmp(flag, "--sources") == 0) o->sources = value;
            else if (strcmp(flag, "--port") == 0) o->port = atoi(value);
            else if (strcmp(flag, "--pid") == 0) o->pid = atoi(value);
            else if (strcmp(flag, "--players") == 0) o->players = atoi(value);
            else if (strcmp(flag, "--arrive-within") == 0) o->arrive_within = atof(value);
            else if (strcmp(flag, "--save-pages") == 0) o->save_pages = value;
            else if (strcmp(flag, "--module-path") == 0) o->module_format = value;
            else if (strcmp(flag, "--join-limit") == 0) o->join_limit = atof(value);
            else if (strcmp(flag, "--answer-limit") == 0) o->answer_limit = atof(value);
            else if (strcmp(flag, "--handshake-limit") == 0) o->handshake_limit = atof(value);
            else if (strcmp(flag, "--attempts") == 0) o->attempts = atoi(value);
            else if (strcmp(flag, "--protocol") == 0) o->protocol = atoi(value);
            else return false;
        }
    }
    const char *s = strstr(o->module_format, "%s");
    return o->port > 0 && o->port < 65536 && o->players >= 1 && o->arrive_within >= 0 && o->join_limit > 0 && o->answer_limit > 0
        && o->handshake_limit > 0 && o->attempts >= 1 && o->protocol >= 1 && o->protocol <= 4 && s && !strchr(s + 2, '%') && (size_t)(s - o->module_format) == strcspn(o->module_format, "%");
}

int storm_main(int argc, char **argv)
{
    static struct storm storm;
    struct storm *k = &storm;
    if (!parse_options(argc, argv, &k->o)) return usage_error("bad or missing option");
    long limit = raise_fd_limit();
    if (limit < 2L * k->o.players + 16) {
        fprintf(stderr, "snap-crowd storm: %d players need %d open files; the limit is %ld\n", k->o.players, 2 * k->o.players + 16, limit);
        return 1;
    }
    k->address.sin_family = AF_INET;
    k->address.sin_port = htons((uint16_t)k->o.port);
    if (inet_pton(AF_INET, k->o.address, &k->address.sin_addr) != 1) return usage_error("--address is not an IPv4 address");
    struct in_addr source;
    if (k->o.sources && inet_pton(AF_INET, k->o.sources, &source) != 1) return usage_error("--sources is not an IPv4 address");
    if (k->o.sources) k->source = ntohl(source.s_addr);
    k->epfd = epoll_create1(EPOLL_CLOEXEC);
    k->players = calloc((size_t)k->o.players, sizeof *k->players);
    if (k->epfd < 0 || !k->players) return usage_error("cannot set up (memory or epoll)");
    for (int i = 0; i < k->o.players; i++) {
        k->players[i].module = -1;
        k->players[i].http.fd = k->players[i].ws.fd = -1;
    }
    run(k);
    return 0;
}
