/* snap-crowd clients: one process, one thread, one epoll set driving a crowd of players against
 * a host (or the bare server), then measuring it. See main.c for the options and the output. */
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

#define WAIT_LIMIT_NS (20ull * 1000000000ull)  /* one step that takes longer has failed */
#define MAX_ATTEMPTS 5                           /* most connections of one crowd player */
/* A player without a welcome this long after connect() gives up, as the Swift client does. It
 * also ends connections that the kernel completed but the server never accepted (a full accept
 * queue drops the handshake's last ACK; the client's socket looks connected). */
#define HANDSHAKE_LIMIT_NS (5ull * 1000000000ull)
#define SCAN_INTERVAL_NS (250ull * 1000000ull)

struct options {
    const char *address;
    int port;
    int pid;             /* the server, for /proc; 0: no memory or CPU figures */
    int players;         /* the crowd */
    int window;          /* crowd connections in the handshake at once */
    int attempts;        /* connections per crowd player refused or dropped while connecting */
    int rounds;          /* fan-out rounds (plus a tenth to warm up) */
    int joins;           /* sampled joins with the crowd present (plus a tenth to warm up) */
    int idle_joins;      /* sampled joins before the crowd connects */
    double idle_seconds; /* CPU window with the crowd idle */
    bool ping;           /* crowd players ping at the welcome's interval, like the Swift client */
    bool websocket;      /* players are WebSockets on the web port's /ws, as phones are */
    int protocol;        /* the protocol version every player says it speaks: 1, or 4 as phones */
};

enum phase { FREE, AWAIT_UPGRADE, AWAIT_HELLO, AWAIT_WELCOME, ADMITTED, LEAVING };

static bool in_handshake(enum phase phase) { return phase == AWAIT_UPGRADE || phase == AWAIT_HELLO || phase == AWAIT_WELCOME; }

struct client {
    struct stream s;
    enum phase phase;
    int attempts;
    bool gave_up;        /* closed by this side: no welcome within HANDSHAKE_LIMIT_NS */
    unsigned connection; /* counts this slot's connections: tells stale ping entries apart */
    long long id;
    uint32_t ping_seq;
    uint64_t started;  /* connect() start, ns */
    uint64_t welcomed; /* welcome read, ns */
    char accept[29];   /* the Sec-WebSocket-Accept expected (--websocket) */
};

struct counts {
    long long joined, left, app, ping, pong, bye, deny, other, oversize;
    long long largest;  /* the largest frame payload received */
};

struct due {
    int index;
    unsigned connection;
    uint64_t at;
};

struct crowd {
    struct options o;
    int epfd;
    struct sockaddr_in address;
    struct client *clients;  /* o.players crowd players, then the sampling joiner */
    int sampler;             /* index of the sampling joiner */
    long long next_name;
    long long max_frame;     /* from serverHello */
    uint64_t heartbeat_ns;   /* from welcome */
    int admitted;            /* crowd players admitted now */
    int handshaking;         /* crowd players connecting now */
    int *retry;              /* crowd players to connect again */
    int retries;
    bool gathering;          /* connecting the crowd: a dropped player connects again */
    long long refused, denied, dropped, rejoined, timed_out, failed_joins, failed_steps;
    uint64_t next_scan;      /* when to look for handshakes past HANDSHAKE_LIMIT_NS */
    struct due *queue;       /* ping schedule, in due order (one interval for all) */
    size_t queue_head, queue_length, queue_capacity;
    long long round;         /* the fan-out round being timed */
    int round_received;
    uint64_t round_last;
    struct counts count;
};

/* ---- sending ---- */

static int send_text(struct client *c, const char *text)
{
    return stream_send_frame(&c->s, text, strlen(text));
}

/* Crowd player i is c<i>; the sampled joiners are c<players>, c<players + 1>, ... */
static int send_hello(struct crowd *k, int index)
{
    char hello[128];
    long long name = index == k->sampler ? k->next_name++ : index;
    snprintf(hello, sizeof hello, "{\"type\":\"clientHello\",\"version\":%d,\"name\":\"c%lld\"}", k->o.protocol, name);
    return send_text(&k->clients[index], hello);
}

static int send_ping(struct client *c)
{
    char ping[96];
    snprintf(ping, sizeof ping, "{\"sent\":%" PRId64 ",\"seq\":%" PRIu32 ",\"type\":\"ping\"}", now_us(), c->ping_seq++);
    return send_text(c, ping);
}

static int send_pong(struct client *c, const char *ping, size_t length, int64_t received)
{
    long long seq, sent;
    if (!json_int(ping, length, "seq", &seq) || !json_int(ping, length, "sent", &sent)) return -1;
    char pong[160];
    snprintf(pong, sizeof pong, "{\"received\":%" PRId64 ",\"replied\":%" PRId64 ",\"sent\":%lld,\"seq\":%lld,\"type\":\"pong\"}",
        received, now_us(), sent, seq);
    return send_text(c, pong);
}

/* ---- the ping schedule ---- */

/* A FIFO kept in due order: an entry is never due before the one queued last (a ping can come
 * a little late, never early). At most one live entry per player and one stale one per
 * reconnection: the capacity is players * (MAX_ATTEMPTS + 1), so the queue never fills. */
static void schedule_ping(struct crowd *k, int index, uint64_t at)
{
    if (k->queue_length == k->queue_capacity) return;
    if (k->queue_length > 0) {
        uint64_t last = k->queue[(k->queue_head + k->queue_length - 1) % k->queue_capacity].at;
        if (at < last) at = last;
    }
    k->queue[(k->queue_head + k->queue_length++) % k->queue_capacity] =
        (struct due){index, k->clients[index].connection, at};
}

static void send_due_pings(struct crowd *k)
{
    uint64_t now = now_ns();
    while (k->queue_length > 0 && k->queue[k->queue_head].at <= now) {
        struct due due = k->queue[k->queue_head];
        k->queue_head = (k->queue_head + 1) % k->queue_capacity;
        k->queue_length--;
        struct client *c = &k->clients[due.index];
        if (c->phase != ADMITTED || c->connection != due.connection) continue;
        send_ping(c);
        uint64_t next = due.at + k->heartbeat_ns;
        schedule_ping(k, due.index, next > now ? next : now + k->heartbeat_ns);
    }
}

/* ---- receiving ---- */

struct reading {
    struct crowd *crowd;
    int index;
};

/* The answer to the upgrade request (--websocket): a 101 with the right accept key. */
static bool on_upgrade(struct crowd *k, int index, const char *p, size_t n)
{
    struct client *c = &k->clients[index];
    if (!ws_client_accepted(p, n, c->accept)) return false;
    c->s.framing = FRAMING_WS_CLIENT;
    c->phase = AWAIT_HELLO;
    return true;
}

static bool on_server_hello(struct crowd *k, int index, const char *p, size_t n)
{
    if (!json_type_is(p, n, "serverHello")) return false;
    json_int(p, n, "maxFrame", &k->max_frame);
    k->clients[index].phase = AWAIT_WELCOME;
    return send_hello(k, index) == 0;
}

static bool on_welcome(struct crowd *k, int index, const char *p, size_t n)
{
    struct client *c = &k->clients[index];
    if (json_type_is(p, n, "deny")) {
        k->denied++;
        return false;
    }
    const char *you = memmem(p, n, "\"you\":", 6);
    long long interval_ms;
    if (!json_type_is(p, n, "welcome") || !you || !json_int(you, n - (size_t)(you - p), "id", &c->id)) return false;
    c->welcomed = now_ns();
    c->phase = ADMITTED;
    if (json_int(p, n, "heartbeatIntervalMs", &interval_ms) && interval_ms > 0) k->heartbeat_ns = (uint64_t)interval_ms * 1000000u;
    if (index != k->sampler) {
        k->handshaking--;
        k->admitted++;
        if (k->o.ping) schedule_ping(k, index, c->welcomed);  /* the first ping is due at once */
    }
    return true;
}

static void on_app(struct crowd *k, const char *p, size_t n)
{
    long long round;
    k->count.app++;
    if (json_int(p, n, "round", &round) && round == k->round) {
        k->round_received++;
        k->round_last = now_ns();
    }
}

/* A frame on an admitted connection. */
static bool on_session_frame(struct crowd *k, struct client *c, const char *p, size_t n)
{
    char type[16] = "";
    json_string(p, n, "type", type, sizeof type);
    if (strcmp(type, "app") == 0) {
        on_app(k, p, n);
    } else if (strcmp(type, "ping") == 0) {
        k->count.ping++;
        return send_pong(c, p, n, now_us()) == 0;
    } else if (strcmp(type, "pong") == 0) {
        k->count.pong++;
    } else if (strcmp(type, "joined") == 0) {
        k->count.joined++;
    } else if (strcmp(type, "left") == 0) {
        k->count.left++;
    } else if (strcmp(type, "bye") == 0) {
        k->count.bye++;
        return false;
    } else {
        k->count.other++;
    }
    return true;
}

static bool on_frame(void *context, const char *p, size_t n)
{
    struct reading *r = context;
    struct crowd *k = r->crowd;
    struct client *c = &k->clients[r->index];
    if ((long long)n > k->max_frame) k->count.oversize++;
    if ((long long)n > k->count.largest) k->count.largest = (long long)n;
    switch (c->phase) {
    case AWAIT_UPGRADE: return on_upgrade(k, r->index, p, n);
    case AWAIT_HELLO: return on_server_hello(k, r->index, p, n);
    case AWAIT_WELCOME: return on_welcome(k, r->index, p, n);
    case ADMITTED:
    case LEAVING: return on_session_frame(k, c, p, n);
    case FREE: break;
    }
    return false;
}

/* ---- connections ---- */

static int start_connect(struct crowd *k, int index)
{
    struct client *c = &k->clients[index];
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    make_socket_fast(fd);
    c->started = now_ns();
    if (connect(fd, (struct sockaddr *)&k->address, sizeof k->address) != 0 && errno != EINPROGRESS) {
        close(fd);
        return -1;
    }
    if (stream_open(&c->s, fd, k->epfd, (uint64_t)index) != 0) {
        close(fd);
        return -1;
    }
    c->phase = AWAIT_HELLO;
    if (k->o.websocket) {  /* the request waits in the stream's buffer if connect() has not finished */
        char request[512];
        size_t n = ws_client_request(request, sizeof request, k->o.address, k->o.port, "/ws", c->accept);
        c->s.framing = FRAMING_HTTP;
        c->phase = AWAIT_UPGRADE;
        if (n == 0 || stream_send_raw(&c->s, request, n) != 0) {
            stream_close(&c->s);
            c->phase = FREE;
            return -1;
        }
    }
    c->attempts++;
    c->connection++;
    if (index != k->sampler) k->handshaking++;
    return 0;
}

static void close_client(struct crowd *k, int index)
{
    struct client *c = &k->clients[index];
    bool crowd = index != k->sampler;
    if (in_handshake(c->phase)) {
        if (c->gave_up) k->timed_out++;
        else k->refused++;
        if (crowd) {
            k->handshaking--;
            if (c->attempts < k->o.attempts) k->retry[k->retries++] = index;
        }
    } else if (c->phase == ADMITTED && crowd) {
        k->admitted--;
        k->dropped++;
        if (k->gathering && c->attempts < k->o.attempts) {
            k->retry[k->retries++] = index;
            k->rejoined++;
        }
    }
    stream_close(&c->s);
    c->phase = FREE;
    c->gave_up = false;
}

/* Closes the handshakes that have taken longer than HANDSHAKE_LIMIT_NS. */
static void give_up_slow_handshakes(struct crowd *k, uint64_t now)
{
    for (int i = 0; i <= k->sampler; i++) {
        struct client *c = &k->clients[i];
        if (in_handshake(c->phase) && now - c->started > HANDSHAKE_LIMIT_NS) {
            c->gave_up = true;
            close_client(k, i);
        }
    }
}

/* Sends bye userQuit (on a WebSocket, then a close message, as the browser client does) and
 * half-closes; the host closes, then so does the client. */
static void leave(struct crowd *k, int index)
{
    struct client *c = &k->clients[index];
    send_text(c, "{\"reason\":\"userQuit\",\"type\":\"bye\"}");
    if (k->o.websocket) stream_send_close(&c->s);
    shutdown(c->s.fd, SHUT_WR);
    c->phase = LEAVING;
}

/* ---- the event loop ---- */

static void handle(struct crowd *k, const struct epoll_event *event)
{
    int index = (int)event->data.u64;
    struct client *c = &k->clients[index];
    if (c->phase == FREE) return;
    if ((event->events & EPOLLOUT) && stream_flush(&c->s) != 0) {
        close_client(k, index);
        return;
    }
    if (event->events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
        struct reading reading = {k, index};
        if (stream_read(&c->s, on_frame, &reading) != STREAM_OK) close_client(k, index);
    }
}

/* One epoll_wait (until `deadline` at the latest), then the pings that are due. */
static void pump(struct crowd *k, uint64_t deadline)
{
    uint64_t now = now_ns();
    uint64_t until = deadline;
    if (k->queue_length > 0 && k->queue[k->queue_head].at < until) until = k->queue[k->queue_head].at;
    if (k->next_scan < until) until = k->next_scan;
    int timeout = until <= now ? 0 : (int)((until - now + 999999u) / 1000000u);
    struct epoll_event events[512];
    int n = epoll_wait(k->epfd, events, 512, timeout);
    for (int i = 0; i < n; i++) handle(k, &events[i]);
    send_due_pings(k);
    now = now_ns();
    if (now >= k->next_scan) {
        give_up_slow_handshakes(k, now);
        k->next_scan = now + SCAN_INTERVAL_NS;
    }
}

typedef bool (*condition)(const struct crowd *k, const void *argument);

/* Runs the loop until `done` holds; false (and a count in failed_steps) after WAIT_LIMIT_NS. */
static bool run_until(struct crowd *k, condition done, const void *argument, const char *what)
{
    uint64_t deadline = now_ns() + WAIT_LIMIT_NS;
    while (!done(k, argument)) {
        if (now_ns() >= deadline) {
            fprintf(stderr, "snap-crowd: gave up waiting for %s\n", what);
            k->failed_steps++;
            return false;
        }
        pump(k, deadline);
    }
    return true;
}

static void run_for(struct crowd *k, uint64_t nanoseconds)
{
    uint64_t deadline = now_ns() + nanoseconds;
    while (now_ns() < deadline) pump(k, deadline);
}

/* ---- the steps ---- */

static bool crowd_connected(const struct crowd *k, const void *unused)
{
    (void)unused;
    return k->handshaking == 0 && k->retries == 0;
}

/* Connects the crowd, at most o.window in the handshake at once (below the host's cap on
 * pending handshakes). A player refused or dropped meanwhile connects again (MAX_ATTEMPTS in
 * all), so the crowd is complete unless the server keeps dropping players. */
static void connect_crowd(struct crowd *k)
{
    int next = 0;
    uint64_t deadline = now_ns() + 10 * WAIT_LIMIT_NS;
    k->gathering = true;
    while (next < k->o.players || !crowd_connected(k, NULL)) {
        while (k->handshaking < k->o.window && (k->retries > 0 || next < k->o.players)) {
            int index = k->retries > 0 ? k->retry[--k->retries] : next++;
            if (start_connect(k, index) != 0) {  /* no socket: out of files or ports */
                k->refused++;
                if (++k->clients[index].attempts < k->o.attempts) k->retry[k->retries++] = index;
            }
        }
        if (now_ns() >= deadline) {
            fprintf(stderr, "snap-crowd: the crowd did not connect in time\n");
            k->failed_steps++;
            break;
        }
        pump(k, deadline);
    }
    k->gathering = false;
}

/* What a step waits for: counts to reach targets, less one per player dropped meanwhile (a
 * dropped player receives nothing more). */
struct targets {
    long long joined, left, received;
    long long dropped;  /* k->dropped when the step began */
};

static bool reached(const struct crowd *k, const struct targets *t)
{
    long long lost = k->dropped - t->dropped;
    return k->count.joined >= t->joined - lost && k->count.left >= t->left - lost
        && k->round_received >= t->received - lost;
}

static bool sampler_settled(const struct crowd *k, const void *argument)
{
    return k->clients[k->sampler].phase == FREE && reached(k, argument);
}

static bool sampler_done_joining(const struct crowd *k, const void *unused)
{
    (void)unused;
    enum phase phase = k->clients[k->sampler].phase;
    return phase == ADMITTED || phase == FREE;
}

/* One join with the crowd present: connect() start to welcome read (false: no welcome). The
 * joiner leaves, and the next sample starts once its connection is closed and every crowd player
 * has its `joined` and `left` (in version 4 with the list full, nobody is told of it: PROTOCOL.md,
 * section 21). */
static bool sample_join(struct crowd *k, uint64_t *sample)
{
    long long told = k->o.protocol >= 4 && k->admitted >= CROWD_LISTED_PLAYERS ? 0 : k->admitted;
    struct targets t = {k->count.joined + told, k->count.left + told, k->round_received, k->dropped};
    struct client *c = &k->clients[k->sampler];
    if (c->phase != FREE) close_client(k, k->sampler);  /* the last one never finished leaving */
    c->attempts = 0;
    if (start_connect(k, k->sampler) != 0) return false;
    if (!run_until(k, sampler_done_joining, NULL, "a welcome") || c->phase != ADMITTED) {
        if (c->phase != FREE) close_client(k, k->sampler);
        return false;
    }
    *sample = c->welcomed - c->started;
    leave(k, k->sampler);
    run_until(k, sampler_settled, &t, "the join and leave to settle");  /* counted in failed_steps */
    return true;
}

struct latency {
    uint64_t p50, p99, max;
    size_t count;
};

static struct latency summarize(uint64_t *samples, size_t count)
{
    sort_samples(samples, count);
    return (struct latency){percentile(samples, count, 0.50), percentile(samples, count, 0.99),
        count ? samples[count - 1] : 0, count};
}

static struct latency sample_joins(struct crowd *k, int joins)
{
    uint64_t *samples = calloc((size_t)joins + 1, sizeof *samples);
    size_t count = 0;
    int warmup = joins / 10;
    for (int i = 0; samples && i < joins + warmup; i++) {
        uint64_t sample;
        if (!sample_join(k, &sample)) k->failed_joins++;
        else if (i >= warmup) samples[count++] = sample;
    }
    struct latency result = samples ? summarize(samples, count) : (struct latency){0};
    free(samples);
    return result;
}

static bool round_complete(const struct crowd *k, const void *argument) { return reached(k, argument); }

static int first_admitted(const struct crowd *k)
{
    for (int i = 0; i < k->o.players; i++)
        if (k->clients[i].phase == ADMITTED) return i;
    return -1;
}

/* One app frame to "all" from one crowd player: until every other crowd player has it. Rounds
 * are numbered from 1000000, so every round's frame has the same size. */
static bool fanout_round(struct crowd *k, long long round, uint64_t *sample)
{
    int sender = first_admitted(k);
    if (sender < 0) return false;
    k->round = round;
    k->round_received = 0;
    struct targets t = {k->count.joined, k->count.left, k->admitted - 1, k->dropped};
    char app[128];
    snprintf(app, sizeof app, "{\"body\":{\"kind\":\"crowd\",\"round\":%lld},\"to\":\"all\",\"type\":\"app\"}", round);
    uint64_t start = now_ns();
    if (send_text(&k->clients[sender], app) != 0) return false;
    if (!run_until(k, round_complete, &t, "a fan-out round")) return false;
    *sample = k->round_last - start;
    return true;
}

/* The server writes to each socket in order, so once every player has this round's frame,
 * every `joined` written before it has arrived too. */
static void settle(struct crowd *k)
{
    uint64_t unused;
    fanout_round(k, 1000000, &unused);
}

static struct latency fanout(struct crowd *k, int rounds)
{
    uint64_t *samples = calloc((size_t)rounds + 1, sizeof *samples);
    size_t count = 0;
    int warmup = rounds / 10;
    for (int i = 0; samples && i < rounds + warmup; i++) {
        uint64_t sample;
        if (fanout_round(k, 1000001 + i, &sample) && i >= warmup) samples[count++] = sample;
    }
    struct latency result = samples ? summarize(samples, count) : (struct latency){0};
    free(samples);
    return result;
}

/* ---- measuring ---- */

struct usage {
    uint64_t wall;
    double server, self;
};

static struct usage usage_now(const struct crowd *k)
{
    struct usage u = {now_ns(), 0, self_cpu_seconds()};
    if (k->o.pid > 0) proc_cpu_seconds(k->o.pid, &u.server);
    return u;
}

/* CPU of the server and of this process since `start`, in % of one core. */
static void print_usage_since(const struct crowd *k, struct usage start, const char *prefix)
{
    struct usage end = usage_now(k);
    double wall = (double)(end.wall - start.wall) / 1e9;
    if (k->o.pid > 0) printf(" %s_server_cpu_pct=%.2f", prefix, 100 * (end.server - start.server) / wall);
    printf(" %s_clients_cpu_pct=%.2f %s_wall_s=%.2f", prefix, 100 * (end.self - start.self) / wall, prefix, wall);
}

static void print_memory(const struct crowd *k, const char *rss_key, const char *hwm_key)
{
    long rss = 0, hwm = 0;
    if (k->o.pid > 0 && proc_memory_kib(k->o.pid, &rss, &hwm)) {
        printf(" %s=%ld", rss_key, rss);
        if (hwm_key) printf(" %s=%ld", hwm_key, hwm);
    }
}

static void print_latency(const char *prefix, struct latency l)
{
    printf(" %s_p50_us=%.1f %s_p99_us=%.1f %s_max_us=%.1f %s_n=%zu", prefix, (double)l.p50 / 1e3, prefix,
        (double)l.p99 / 1e3, prefix, (double)l.max / 1e3, prefix, l.count);
}

/* ---- the whole run ---- */

static void run(struct crowd *k)
{
    const struct options *o = &k->o;
    printf("crowd players=%d link=%s", o->players, o->websocket ? "websocket" : "tcp");
    print_memory(k, "start_rss_kib", NULL);
    if (o->idle_joins > 0) {
        fprintf(stderr, "snap-crowd: %d joins with nobody present\n", o->idle_joins);
        print_latency("join0", sample_joins(k, o->idle_joins));
    }
    fprintf(stderr, "snap-crowd: connecting %d players (%d at a time)\n", o->players, o->window);
    struct usage before = usage_now(k);
    connect_crowd(k);
    settle(k);
    print_usage_since(k, before, "connect");
    print_memory(k, "after_join_rss_kib", "peak_rss_kib");
    if (o->rounds > 0) {
        fprintf(stderr, "snap-crowd: %d admitted; fan-out, %d rounds\n", k->admitted, o->rounds);
        before = usage_now(k);
        print_latency("fanout", fanout(k, o->rounds));
        print_usage_since(k, before, "fanout");
    }
    if (o->joins > 0) {
        fprintf(stderr, "snap-crowd: %d joins with %d present\n", o->joins, k->admitted);
        print_latency("join", sample_joins(k, o->joins));
    }
    if (o->idle_seconds > 0) {
        fprintf(stderr, "snap-crowd: %d idle players for %.0f s\n", k->admitted, o->idle_seconds);
        before = usage_now(k);
        run_for(k, (uint64_t)(o->idle_seconds * 1e9));
        print_usage_since(k, before, "idle");
    }
    print_memory(k, "end_rss_kib", "end_peak_rss_kib");
    printf(" admitted=%d refused=%lld denied=%lld dropped=%lld rejoined=%lld timed_out=%lld failed_joins=%lld failed_steps=%lld",
        k->admitted, k->refused, k->denied, k->dropped, k->rejoined, k->timed_out, k->failed_joins, k->failed_steps);
    printf(" frames_joined=%lld frames_left=%lld frames_app=%lld frames_ping=%lld frames_pong=%lld frames_bye=%lld"
           " frames_other=%lld frames_over_max=%lld largest_frame=%lld max_frame=%lld\n",
        k->count.joined, k->count.left, k->count.app, k->count.ping, k->count.pong, k->count.bye, k->count.other,
        k->count.oversize, k->count.largest, k->max_frame);
    fflush(stdout);
}

/* ---- options ---- */

static int usage_error(const char *problem)
{
    fprintf(stderr, "snap-crowd clients: %s\n"
                    "usage: snap-crowd clients --port P [--address 127.0.0.1] [--pid SERVER_PID] [--players N]\n"
                    "       [--window W] [--attempts A] [--rounds R] [--joins K] [--idle-joins K] [--idle-seconds S] [--no-ping]\n"
                    "       [--websocket] [--protocol 1|4]\n",
        problem);
    return 2;
}

static bool parse_options(int argc, char **argv, struct options *o)
{
    *o = (struct options){"127.0.0.1", 0, 0, 1000, 32, MAX_ATTEMPTS, 50, 200, 0, 0, true, false, 1};
    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i];
        if (strcmp(flag, "--no-ping") == 0) {
            o->ping = false;
            continue;
        }
        if (strcmp(flag, "--websocket") == 0) {
            o->websocket = true;
            continue;
        }
        if (i + 1 >= argc) return false;
        const char *value = argv[++i];
        if (strcmp(flag, "--address") == 0) o->address = value;
        else if (strcmp(flag, "--port") == 0) o->port = atoi(value);
        else if (strcmp(flag, "--pid") == 0) o->pid = atoi(value);
        else if (strcmp(flag, "--players") == 0) o->players = atoi(value);
        else if (strcmp(flag, "--window") == 0) o->window = atoi(value);
        else if (strcmp(flag, "--attempts") == 0) o->attempts = atoi(value);
        else if (strcmp(flag, "--rounds") == 0) o->rounds = atoi(value);
        else if (strcmp(flag, "--joins") == 0) o->joins = atoi(value);
        else if (strcmp(flag, "--idle-joins") == 0) o->idle_joins = atoi(value);
        else if (strcmp(flag, "--idle-seconds") == 0) o->idle_seconds = atof(value);
        else if (strcmp(flag, "--protocol") == 0) o->protocol = atoi(value);
        else return false;
    }
    return o->port > 0 && o->port < 65536 && o->players >= 2 && o->window > 0 && o->attempts >= 1
        && o->attempts <= MAX_ATTEMPTS && o->rounds >= 0 && o->joins >= 0
        && o->idle_joins >= 0 && o->idle_seconds >= 0 && (o->protocol == 1 || o->protocol == 4);
}

static bool set_up(struct crowd *k)
{
    k->address.sin_family = AF_INET;
    k->address.sin_port = htons((uint16_t)k->o.port);
    if (inet_pton(AF_INET, k->o.address, &k->address.sin_addr) != 1) return false;
    k->epfd = epoll_create1(EPOLL_CLOEXEC);
    k->sampler = k->o.players;
    k->next_name = k->o.players;
    k->max_frame = CROWD_DEFAULT_MAX_FRAME;
    k->heartbeat_ns = 1000000000u;
    k->round = -1;
    k->clients = calloc((size_t)k->o.players + 1, sizeof *k->clients);
    k->retry = calloc((size_t)k->o.players, sizeof *k->retry);
    k->queue_capacity = (size_t)k->o.players * (MAX_ATTEMPTS + 1);
    k->queue = calloc(k->queue_capacity, sizeof *k->queue);
    return k->epfd >= 0 && k->clients && k->retry && k->queue;
}

int clients_main(int argc, char **argv)
{
    static struct crowd crowd;
    if (!parse_options(argc, argv, &crowd.o)) return usage_error("bad or missing option");
    long limit = raise_fd_limit();
    if (limit < (long)crowd.o.players + 16) {
        fprintf(stderr, "snap-crowd clients: %d players need %d open files; the limit is %ld\n", crowd.o.players,
            crowd.o.players + 16, limit);
        return 1;
    }
    if (!set_up(&crowd)) return usage_error("cannot set up (address, memory or epoll)");
    run(&crowd);  /* steps that failed are counted in the output (failed_steps=) */
    return 0;
}
