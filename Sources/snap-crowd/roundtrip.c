/* snap-crowd roundtrip: one player on the host's TCP port and one on its web port (/ws), both in
 * this process, taking turns to time round trips through the host. See main.c for the options
 * and the output. */
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

#define STEP_LIMIT_NS (5ull * 1000000000ull)  /* a handshake or one round trip that takes longer has failed */

enum step { UPGRADE, HELLO, WELCOME, IN };

struct link {
    const char *name;          /* "tcp" or "ws": the keys of the output */
    struct stream s;
    enum step step;
    char accept[29];           /* the Sec-WebSocket-Accept expected */
    long long id;              /* from the welcome */
    uint64_t bytes_to_welcome; /* read from the host through the end of the welcome */
    long long awaited;         /* the seq of the app or pong being timed; -1: none */
    const char *awaited_type;  /* "app" or "pong" */
    uint64_t arrived;          /* when it was read, ns */
    long long pongs_sent;      /* answers to the host's pings */
};

/* ---- frames ---- */

static int send_text(struct link *l, const char *text) { return stream_send_frame(&l->s, text, strlen(text)); }

static bool on_handshake(struct link *l, const char *p, size_t n)
{
    switch (l->step) {
    case UPGRADE:
        if (!ws_client_accepted(p, n, l->accept)) return false;
        l->s.framing = FRAMING_WS_CLIENT;
        l->step = HELLO;
        return true;
    case HELLO: {
        if (!json_type_is(p, n, "serverHello")) return false;
        char hello[96];
        snprintf(hello, sizeof hello, "{\"type\":\"clientHello\",\"version\":1,\"name\":\"rt-%s\"}", l->name);
        l->step = WELCOME;
        return send_text(l, hello) == 0;
    }
    case WELCOME: {
        const char *you = memmem(p, n, "\"you\":", 6);
        if (!json_type_is(p, n, "welcome") || !you || !json_int(you, n - (size_t)(you - p), "id", &l->id)) return false;
        l->bytes_to_welcome = l->s.delivered;
        l->step = IN;
        return true;
    }
    case IN: break;
    }
    return false;
}

static bool on_frame(void *context, const char *p, size_t n)
{
    struct link *l = context;
    if (l->step != IN) return on_handshake(l, p, n);
    char type[16] = "";
    long long seq, sent;
    json_string(p, n, "type", type, sizeof type);
    if (strcmp(type, "ping") == 0) {  /* the host's heartbeat: answer as every client must */
        int64_t received = now_us();
        if (!json_int(p, n, "seq", &seq) || !json_int(p, n, "sent", &sent)) return false;
        char pong[160];
        snprintf(pong, sizeof pong, "{\"received\":%" PRId64 ",\"replied\":%" PRId64 ",\"sent\":%lld,\"seq\":%lld,\"type\":\"pong\"}",
            received, now_us(), sent, seq);
        l->pongs_sent++;
        return send_text(l, pong) == 0;
    }
    if (l->awaited >= 0 && strcmp(type, l->awaited_type) == 0 && json_int(p, n, "seq", &seq) && seq == l->awaited) {
        l->arrived = now_ns();
        l->awaited = -1;
    }
    return true;  /* joined, left, anything else: not timed */
}

/* ---- the loop ---- */

struct pair {
    int epfd;
    struct link links[2];  /* tcp, ws */
    bool failed;
};

/* One epoll_wait (at most until `deadline`) and what it reports. */
static void pump(struct pair *k, uint64_t deadline)
{
    uint64_t now = now_ns();
    int timeout = deadline <= now ? 0 : (int)((deadline - now + 999999u) / 1000000u);
    struct epoll_event events[4];
    int n = epoll_wait(k->epfd, events, 4, timeout);
    for (int i = 0; i < n; i++) {
        struct link *l = &k->links[events[i].data.u64];
        if ((events[i].events & EPOLLOUT) && stream_flush(&l->s) != 0) k->failed = true;
        if ((events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) && stream_read(&l->s, on_frame, l) != STREAM_OK) {
            fprintf(stderr, "snap-crowd roundtrip: the %s link ended\n", l->name);
            k->failed = true;
        }
    }
}

static int connect_link(struct pair *k, int index, const char *address, int port)
{
    struct link *l = &k->links[index];
    struct sockaddr_in where = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    if (inet_pton(AF_INET, address, &where.sin_addr) != 1) return -1;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    make_socket_fast(fd);
    if ((connect(fd, (struct sockaddr *)&where, sizeof where) != 0 && errno != EINPROGRESS)
        || stream_open(&l->s, fd, k->epfd, (uint64_t)index) != 0) {
        close(fd);
        return -1;
    }
    l->awaited = -1;
    l->step = HELLO;
    if (index == 1) {  /* the request waits in the stream's buffer until connect() is done */
        char request[512];
        size_t n = ws_client_request(request, sizeof request, address, port, "/ws", l->accept);
        l->s.framing = FRAMING_HTTP;
        l->step = UPGRADE;
        if (n == 0 || stream_send_raw(&l->s, request, n) != 0) return -1;
    }
    return 0;
}

/* One round trip on link l: `app` (a message to its own id, relayed by the host) or `ping`
 * (answered by the host's pong). Nanoseconds from just before the write to the read, or 0. */
static uint64_t round_trip(struct pair *k, struct link *l, bool app, long long seq)
{
    char text[128];
    if (app) snprintf(text, sizeof text, "{\"body\":{\"kind\":\"rt\",\"seq\":%lld},\"to\":[%lld],\"type\":\"app\"}", seq, l->id);
    else snprintf(text, sizeof text, "{\"sent\":%" PRId64 ",\"seq\":%lld,\"type\":\"ping\"}", now_us(), seq);
    l->awaited = seq;
    l->awaited_type = app ? "app" : "pong";
    uint64_t start = now_ns(), deadline = start + STEP_LIMIT_NS;
    if (send_text(l, text) != 0) k->failed = true;
    while (l->awaited >= 0 && !k->failed && now_ns() < deadline) pump(k, deadline);
    if (l->awaited >= 0) {
        l->awaited = -1;
        return 0;
    }
    return l->arrived - start;
}

/* ---- the run ---- */

static void print_latency(const char *prefix, uint64_t *samples, size_t count)
{
    sort_samples(samples, count);
    printf(" %s_p50_us=%.1f %s_p99_us=%.1f %s_max_us=%.1f %s_n=%zu", prefix, (double)percentile(samples, count, 0.5) / 1e3,
        prefix, (double)percentile(samples, count, 0.99) / 1e3, prefix, count ? (double)samples[count - 1] / 1e3 : 0.0,
        prefix, count);
}

int roundtrip_main(int argc, char **argv)
{
    static struct pair k = {.links = {{.name = "tcp"}, {.name = "ws"}}};
    const char *address = "127.0.0.1";
    int port = 0, web_port = 0, rounds = 2000;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--address") == 0) address = argv[i + 1];
        else if (strcmp(argv[i], "--port") == 0) port = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--web-port") == 0) web_port = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--rounds") == 0) rounds = atoi(argv[i + 1]);
        else port = -1;
    }
    if (argc % 2 == 0 || port <= 0 || port > 65535 || web_port <= 0 || web_port > 65535 || rounds < 1) {
        fprintf(stderr, "usage: snap-crowd roundtrip --port P --web-port W [--address 127.0.0.1] [--rounds 2000]\n");
        return 2;
    }
    k.epfd = epoll_create1(EPOLL_CLOEXEC);
    if (k.epfd < 0 || connect_link(&k, 0, address, port) != 0 || connect_link(&k, 1, address, web_port) != 0) {
        perror("snap-crowd roundtrip: connect");
        return 1;
    }
    uint64_t deadline = now_ns() + STEP_LIMIT_NS;
    while ((k.links[0].step != IN || k.links[1].step != IN) && !k.failed && now_ns() < deadline) pump(&k, deadline);
    if (k.links[0].step != IN || k.links[1].step != IN) {
        fprintf(stderr, "snap-crowd roundtrip: no welcome on both links within 5 s\n");
        return 1;
    }
    /* samples[kind][link]: kind 0 app, 1 ping; link 0 tcp, 1 ws */
    uint64_t *samples[2][2];
    size_t count[2][2] = {{0}};
    long long failures = 0;
    for (int kind = 0; kind < 2; kind++)
        for (int link = 0; link < 2; link++) samples[kind][link] = calloc((size_t)rounds, sizeof(uint64_t));
    int warmup = rounds / 10;
    double cpu_before = self_cpu_seconds();
    uint64_t wall_before = now_ns();
    /* Each round: an app round trip on each link, then a ping on each; which link goes first
     * alternates, so that neither always follows the other. Same-size frames throughout. */
    for (int round = 0; round < rounds + warmup && !k.failed; round++) {
        for (int kind = 0; kind < 2; kind++) {
            for (int turn = 0; turn < 2; turn++) {
                int link = (round + turn) % 2;
                uint64_t sample = round_trip(&k, &k.links[link], kind == 0, 1000000 + round);
                if (sample == 0) failures++;
                else if (round >= warmup && samples[kind][link]) samples[kind][link][count[kind][link]++] = sample;
            }
        }
    }
    double cpu = 100 * (self_cpu_seconds() - cpu_before) / ((double)(now_ns() - wall_before) / 1e9);
    printf("roundtrip rounds=%d", rounds);
    print_latency("app_tcp", samples[0][0], count[0][0]);
    print_latency("app_ws", samples[0][1], count[0][1]);
    print_latency("ping_tcp", samples[1][0], count[1][0]);
    print_latency("ping_ws", samples[1][1], count[1][1]);
    printf(" tcp_bytes_to_welcome=%" PRIu64 " ws_bytes_to_welcome=%" PRIu64 " host_pings_answered=%lld failures=%lld"
           " failed=%d clients_cpu_pct=%.1f\n",
        k.links[0].bytes_to_welcome, k.links[1].bytes_to_welcome, k.links[0].pongs_sent + k.links[1].pongs_sent, failures,
        k.failed ? 1 : 0, cpu);
    fflush(stdout);
    for (int kind = 0; kind < 2; kind++)
        for (int link = 0; link < 2; link++) free(samples[kind][link]);
    return k.failed ? 1 : 0;
}
