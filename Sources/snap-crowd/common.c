/* snap-crowd: clock, buffers, framed non-blocking streams on epoll, a little JSON, /proc. */
#define _GNU_SOURCE
#include "snap_crowd.h"

#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* ---- time and process ---- */

uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

int64_t now_us(void) { return (int64_t)(now_ns() / 1000u); }

long raise_fd_limit(void)
{
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return -1;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &limit) != 0) getrlimit(RLIMIT_NOFILE, &limit);
    }
    return (long)limit.rlim_cur;
}

int make_socket_fast(int fd)
{
    int one = 1;
    return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

/* ---- bytes ---- */

bool bytes_append(struct bytes *b, const void *data, size_t n)
{
    if (n == 0) return true;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n) cap *= 2;
        char *grown = realloc(b->data, cap);
        if (!grown) return false;
        b->data = grown;
        b->cap = cap;
    }
    memcpy(b->data + b->len, data, n);
    b->len += n;
    return true;
}

void bytes_consume(struct bytes *b, size_t n)
{
    if (n >= b->len) {
        /* Idle connections keep no buffer: thousands of them sit here. */
        bytes_free(b);
        return;
    }
    memmove(b->data, b->data + n, b->len - n);
    b->len -= n;
}

void bytes_free(struct bytes *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

/* ---- streams ---- */

static int watch(struct stream *s, bool out)
{
    struct epoll_event event = {.events = EPOLLIN | (out ? EPOLLOUT : 0), .data.u64 = s->tag};
    if (epoll_ctl(s->epfd, EPOLL_CTL_MOD, s->fd, &event) != 0) return -1;
    s->watching_out = out;
    return 0;
}

int stream_open(struct stream *s, int fd, int epfd, uint64_t tag)
{
    memset(s, 0, sizeof *s);
    s->fd = fd;
    s->epfd = epfd;
    s->tag = tag;
    struct epoll_event event = {.events = EPOLLIN, .data.u64 = tag};
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event);
}

static uint32_t frame_length(const char *p)
{
    const unsigned char *u = (const unsigned char *)p;
    return (uint32_t)u[0] << 24 | (uint32_t)u[1] << 16 | (uint32_t)u[2] << 8 | (uint32_t)u[3];
}

/* One frame at the start of data[0..left) in the stream's framing: 1 and the payload and the
 * frame's whole size; 0 when more bytes are needed; -1 for bytes that are not a frame; -3 for
 * a WebSocket close. WebSocket control frames other than close come back with a NULL payload. */
static int next_frame(const struct stream *s, char *data, size_t left, const char **payload, size_t *length, size_t *size)
{
    if (s->framing == FRAMING_LENGTH) {
        if (left < 4) return 0;
        uint32_t n = frame_length(data);
        if (n == 0 || n > CROWD_HARD_MAX_FRAME) return -1;
        if (left - 4 < n) return 0;
        *payload = data + 4;
        *length = n;
        *size = 4 + (size_t)n;
        return 1;
    }
    if (s->framing == FRAMING_HTTP) {
        const char *end = memmem(data, left, "\r\n\r\n", 4);
        if (!end) return left > CROWD_MAX_HTTP_HEAD ? -1 : 0;
        *payload = data;
        *length = *size = (size_t)(end - data) + 4;
        return 1;
    }
    struct ws_frame frame;
    int parsed = ws_parse_frame(data, left, &frame);
    if (parsed <= 0) return parsed;
    if (frame.opcode == 8) return -3;
    *payload = frame.opcode == 1 || frame.opcode == 2 ? frame.payload : NULL;  /* ping, pong: skipped */
    *length = frame.length;
    *size = frame.size;
    return 1;
}

/* Hands every complete frame of data[0..length) to the handler, in the stream's framing (which
 * the handler may change: the bytes after an HTTP head are WebSocket frames); returns the bytes
 * used, or -1 for bytes that are not a frame, -2 when the handler stopped, -3 for a close. */
static long deliver(struct stream *s, char *data, size_t length, frame_handler handler, void *context)
{
    size_t used = 0;
    while (used < length) {
        const char *payload;
        size_t n, size;
        int found = next_frame(s, data + used, length - used, &payload, &n, &size);
        if (found < 0) return found;
        if (found == 0) break;
        s->delivered += size;
        if (payload && !handler(context, payload, n)) return -2;
        used += size;
    }
    return (long)used;
}

enum stream_status stream_read(struct stream *s, frame_handler handler, void *context)
{
    static char scratch[256 * 1024];
    ssize_t got = read(s->fd, scratch, sizeof scratch);
    if (got == 0) return STREAM_EOF;
    if (got < 0) return errno == EAGAIN || errno == EINTR ? STREAM_OK : STREAM_ERROR;
    char *data = scratch;
    size_t length = (size_t)got;
    if (s->in.len > 0) {  /* a frame straddled the last read: continue it */
        if (!bytes_append(&s->in, scratch, length)) return STREAM_ERROR;
        data = s->in.data;
        length = s->in.len;
    }
    long used = deliver(s, data, length, handler, context);
    if (used == -2) return STREAM_STOPPED;
    if (used == -3) return STREAM_EOF;
    if (used < 0) return STREAM_ERROR;
    if (data == s->in.data) {
        bytes_consume(&s->in, (size_t)used);
    } else if ((size_t)used < length && !bytes_append(&s->in, data + used, length - (size_t)used)) {
        return STREAM_ERROR;
    }
    return STREAM_OK;
}

int stream_send_raw(struct stream *s, const char *data, size_t length)
{
    if (s->out.len > 0) return bytes_append(&s->out, data, length) ? 0 : -1;
    ssize_t sent = write(s->fd, data, length);
    if (sent < 0) {
        if (errno != EAGAIN && errno != EINTR) return -1;
        sent = 0;
    }
    if ((size_t)sent == length) return 0;
    if (!bytes_append(&s->out, data + sent, length - (size_t)sent)) return -1;
    return s->watching_out ? 0 : watch(s, true);
}

int stream_send_frame(struct stream *s, const char *payload, size_t length)
{
    unsigned char header[14], mask[4];
    size_t h = 4;
    bool masked = s->framing == FRAMING_WS_CLIENT;
    if (s->framing == FRAMING_HTTP) return -1;  /* the upgrade is not done */
    if (s->framing == FRAMING_LENGTH) {
        header[0] = (unsigned char)(length >> 24);
        header[1] = (unsigned char)(length >> 16);
        header[2] = (unsigned char)(length >> 8);
        header[3] = (unsigned char)length;
    } else {
        if (masked) ws_new_mask(mask);
        h = ws_frame_header(header, length, masked ? mask : NULL);
    }
    char stack[512];
    char *frame = h + length <= sizeof stack ? stack : malloc(h + length);
    if (!frame) return -1;
    memcpy(frame, header, h);
    memcpy(frame + h, payload, length);
    if (masked) ws_apply_mask(frame + h, length, mask);
    int result = stream_send_raw(s, frame, h + length);
    if (frame != stack) free(frame);
    return result;
}

int stream_send_close(struct stream *s)
{
    if (s->framing != FRAMING_WS_CLIENT && s->framing != FRAMING_WS_SERVER) return 0;
    unsigned char frame[8] = {0x88, 2}, mask[4];
    size_t n = 2;
    if (s->framing == FRAMING_WS_CLIENT) {
        ws_new_mask(mask);
        frame[1] |= 0x80;
        memcpy(frame + 2, mask, 4);
        n = 6;
    }
    frame[n] = 1000 >> 8;  /* normal closure */
    frame[n + 1] = 1000 & 0xFF;
    if (s->framing == FRAMING_WS_CLIENT) ws_apply_mask((char *)frame + n, 2, mask);
    return stream_send_raw(s, (const char *)frame, n + 2);
}

int stream_flush(struct stream *s)
{
    while (s->out.len > 0) {
        ssize_t sent = write(s->fd, s->out.data, s->out.len);
        if (sent < 0) return errno == EAGAIN || errno == EINTR ? 0 : -1;
        bytes_consume(&s->out, (size_t)sent);
    }
    return s->watching_out ? watch(s, false) : 0;
}

void stream_close(struct stream *s)
{
    if (s->fd >= 0) {
        epoll_ctl(s->epfd, EPOLL_CTL_DEL, s->fd, NULL);
        close(s->fd);
    }
    s->fd = -1;
    bytes_free(&s->in);
    bytes_free(&s->out);
    s->watching_out = false;
}

/* ---- JSON ---- */

/* Where the value of `"key":` starts, or NULL. */
static const char *value_of(const char *payload, size_t length, const char *key)
{
    char pattern[64];
    int n = snprintf(pattern, sizeof pattern, "\"%s\":", key);
    if (n < 0 || (size_t)n >= sizeof pattern) return NULL;
    const char *found = memmem(payload, length, pattern, (size_t)n);
    return found ? found + n : NULL;
}

bool json_int(const char *payload, size_t length, const char *key, long long *value)
{
    const char *p = value_of(payload, length, key);
    if (!p) return false;
    const char *end = payload + length;
    bool negative = p < end && *p == '-';
    if (negative) p++;
    if (p >= end || *p < '0' || *p > '9') return false;
    long long v = 0;
    while (p < end && *p >= '0' && *p <= '9' && v < 100000000000000000LL) v = v * 10 + (*p++ - '0');
    *value = negative ? -v : v;
    return true;
}

bool json_string(const char *payload, size_t length, const char *key, char *out, size_t size)
{
    const char *p = value_of(payload, length, key);
    const char *end = payload + length;
    if (!p || p >= end || *p != '"' || size == 0) return false;
    p++;
    const char *close = memchr(p, '"', (size_t)(end - p));
    if (!close) return false;
    size_t n = (size_t)(close - p) < size - 1 ? (size_t)(close - p) : size - 1;
    memcpy(out, p, n);
    out[n] = '\0';
    return true;
}

bool json_type_is(const char *payload, size_t length, const char *type)
{
    char found[32];
    return json_string(payload, length, "type", found, sizeof found) && strcmp(found, type) == 0;
}

/* ---- /proc ---- */

bool proc_memory_kib(int pid, long *rss_kib, long *hwm_kib)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *file = fopen(path, "r");
    if (!file) return false;
    int found = 0;
    while (fgets(line, sizeof line, file)) {
        if (sscanf(line, "VmRSS: %ld", rss_kib) == 1) found++;
        if (sscanf(line, "VmHWM: %ld", hwm_kib) == 1) found++;
    }
    fclose(file);
    return found == 2;
}

bool proc_cpu_seconds(int pid, double *seconds)
{
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *file = fopen(path, "r");
    if (!file) return false;
    size_t n = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[n] = '\0';
    const char *after = strrchr(text, ')');  /* the command name may hold spaces */
    unsigned long user, system;
    if (!after || sscanf(after + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &user, &system) != 2)
        return false;
    *seconds = (double)(user + system) / (double)sysconf(_SC_CLK_TCK);
    return true;
}

double self_cpu_seconds(void)
{
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (double)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + (double)(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

/* ---- statistics ---- */

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

void sort_samples(uint64_t *samples, size_t count) { qsort(samples, count, sizeof *samples, compare_u64); }

uint64_t percentile(const uint64_t *sorted, size_t count, double p)
{
    if (count == 0) return 0;
    size_t index = (size_t)((double)count * p);
    return sorted[index < count ? index : count - 1];
}
