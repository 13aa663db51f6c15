/* snap-crowd: shared pieces of the load generator (clients.c) and the bare server (bare.c).
 * See main.c for what the program does. */
#ifndef SNAP_CROWD_H
#define SNAP_CROWD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The host's default frame cap (PROTOCOL.md section 2); the clients accept larger frames but
 * count them, since no host should send one. */
#define CROWD_DEFAULT_MAX_FRAME 65536u
/* The largest frame either side buffers before giving up on a connection. */
#define CROWD_HARD_MAX_FRAME (16u * 1024u * 1024u)

/* ---- time and process ---- */

uint64_t now_ns(void);        /* CLOCK_MONOTONIC, nanoseconds */
int64_t now_us(void);         /* CLOCK_MONOTONIC, microseconds (the protocol's ping clock) */
long raise_fd_limit(void);    /* soft RLIMIT_NOFILE := hard; returns the new soft limit */
int make_socket_fast(int fd); /* O_NONBLOCK is set by the caller; this sets TCP_NODELAY */

/* ---- a growable byte buffer ---- */

struct bytes {
    char *data;
    size_t len;
    size_t cap;
};

bool bytes_append(struct bytes *b, const void *data, size_t n);
void bytes_consume(struct bytes *b, size_t n);
void bytes_free(struct bytes *b);

/* ---- a non-blocking framed stream on an epoll set ---- */

struct stream {
    int fd;
    int epfd;
    uint64_t tag;       /* epoll_event.data.u64 for this fd */
    struct bytes in;    /* the start of a frame that straddles reads */
    struct bytes out;   /* bytes the kernel did not take yet */
    bool watching_out;  /* EPOLLOUT registered */
};

/* Called once per complete frame; returns false to stop reading (the connection is done). */
typedef bool (*frame_handler)(void *context, const char *payload, size_t length);

enum stream_status { STREAM_OK, STREAM_EOF, STREAM_ERROR, STREAM_STOPPED };

/* Registers fd (already non-blocking) for EPOLLIN on epfd. Returns 0 or -1. */
int stream_open(struct stream *s, int fd, int epfd, uint64_t tag);
/* One read(), then every complete frame in order. */
enum stream_status stream_read(struct stream *s, frame_handler handler, void *context);
/* Queues one frame (prefix + payload) and writes what the kernel takes now. Returns 0 or -1. */
int stream_send_frame(struct stream *s, const char *payload, size_t length);
/* Queues bytes that are already framed. */
int stream_send_raw(struct stream *s, const char *data, size_t length);
/* Writes queued bytes (on EPOLLOUT). Returns 0 or -1. */
int stream_flush(struct stream *s);
/* Removes fd from the epoll set, closes it and frees the buffers. */
void stream_close(struct stream *s);

/* ---- the few JSON facts the programs need from frames they know the shape of ---- */

/* The value of the first `"key":` in the payload as an integer. */
bool json_int(const char *payload, size_t length, const char *key, long long *value);
/* The string value of the first `"key":"` (no escapes expected); copies at most size-1 bytes. */
bool json_string(const char *payload, size_t length, const char *key, char *out, size_t size);
/* Whether the payload's "type" is `type`. */
bool json_type_is(const char *payload, size_t length, const char *type);

/* ---- reading another process from /proc ---- */

bool proc_memory_kib(int pid, long *rss_kib, long *hwm_kib);
bool proc_cpu_seconds(int pid, double *seconds);  /* utime + stime */
double self_cpu_seconds(void);                     /* getrusage(RUSAGE_SELF) */

/* ---- statistics over nanosecond samples ---- */

void sort_samples(uint64_t *samples, size_t count);
/* The sample at floor(count * p) of sorted samples (as Sources/SnapBench/Stats.swift). */
uint64_t percentile(const uint64_t *sorted, size_t count, double p);

/* ---- the two programs ---- */

int clients_main(int argc, char **argv);
int bare_server_main(int argc, char **argv);

#endif
