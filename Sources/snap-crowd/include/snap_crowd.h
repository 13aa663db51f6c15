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
/* The host's ServerConfiguration.listedPlayers default: in protocol version 4 a player admitted
 * while this many listed players are present is named to nobody (docs/PROTOCOL.md, section 21). */
#define CROWD_LISTED_PLAYERS 50
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

/* How a stream cuts its bytes into frames. A WebSocket starts as FRAMING_HTTP: the handler gets
 * the HTTP head (through the blank line) as one "frame" and switches the stream to a WebSocket
 * framing; the bytes after the head are then read in the new framing. */
enum framing {
    FRAMING_LENGTH,     /* the protocol's own: 4-byte big-endian length, payload (PROTOCOL.md) */
    FRAMING_HTTP,       /* an HTTP head, up to CROWD_MAX_HTTP_HEAD bytes */
    FRAMING_WS_CLIENT,  /* WebSocket text messages, this side the client: sends masked frames */
    FRAMING_WS_SERVER,  /* WebSocket text messages, this side the server: sends unmasked frames */
};

#define CROWD_MAX_HTTP_HEAD 16384u

struct stream {
    int fd;
    int epfd;
    uint64_t tag;           /* epoll_event.data.u64 for this fd */
    enum framing framing;   /* FRAMING_LENGTH unless changed after stream_open */
    struct bytes in;        /* the start of a frame that straddles reads */
    struct bytes out;       /* bytes the kernel did not take yet */
    bool watching_out;      /* EPOLLOUT registered */
    uint64_t delivered;     /* bytes read, through the end of the frame being handled */
};

/* Called once per complete frame (WebSocket: per text or binary message; control frames are
 * not passed up, a close ends the stream); returns false to stop reading (the connection is
 * done). */
typedef bool (*frame_handler)(void *context, const char *payload, size_t length);

enum stream_status { STREAM_OK, STREAM_EOF, STREAM_ERROR, STREAM_STOPPED };

/* Registers fd (already non-blocking) for EPOLLIN on epfd. Returns 0 or -1. */
int stream_open(struct stream *s, int fd, int epfd, uint64_t tag);
/* One read(), then every complete frame in order. */
enum stream_status stream_read(struct stream *s, frame_handler handler, void *context);
/* Queues one frame (prefix + payload, or a WebSocket text frame, masked from a client) and
 * writes what the kernel takes now. Returns 0 or -1. */
int stream_send_frame(struct stream *s, const char *payload, size_t length);
/* Queues bytes that are already framed. */
int stream_send_raw(struct stream *s, const char *data, size_t length);
/* On a WebSocket, queues a close message (1000, normal closure); otherwise does nothing. */
int stream_send_close(struct stream *s);
/* Writes queued bytes (on EPOLLOUT). Returns 0 or -1. */
int stream_flush(struct stream *s);
/* Removes fd from the epoll set, closes it and frees the buffers. */
void stream_close(struct stream *s);

/* ---- WebSocket (RFC 6455), websocket.c ---- */

/* The value of header `name` in an HTTP head (its first line skipped; the name case-insensitive),
 * trimmed; false if absent. Also read by page.c for the phones' page responses. */
bool http_header_value(const char *head, size_t length, const char *name, const char **value, size_t *value_length);

/* Writes a client's upgrade request for `path` to out (a fresh random key) and the
 * Sec-WebSocket-Accept the server must answer with to accept (29 bytes with the NUL). Returns
 * the request's length, or 0 if it does not fit. */
size_t ws_client_request(char *out, size_t size, const char *host, int port, const char *path, char accept[29]);
/* Whether an HTTP head is a 101 that accepts with `accept`. */
bool ws_client_accepted(const char *head, size_t length, const char *accept);
/* The server's answer to an upgrade request head: the 101 as SwiftNIO's upgrader writes it.
 * Returns its length, or 0 when the head is not a WebSocket upgrade of `path`. */
size_t ws_server_response(const char *head, size_t length, const char *path, char *out, size_t size);
/* The header of a text frame of `length` bytes (2, 4 or 10 bytes; 6, 8 or 14 with a mask) into
 * out[14]; returns its size. mask: NULL for a server's frame. */
size_t ws_frame_header(unsigned char out[14], size_t length, const unsigned char *mask);
/* Four bytes for a client frame's mask (xorshift: fresh, not secret; a load generator needs no
 * more, the server only unmasks). */
void ws_new_mask(unsigned char mask[4]);
/* XORs data with the mask, as both masking and unmasking do. */
void ws_apply_mask(char *data, size_t length, const unsigned char mask[4]);

struct ws_frame {
    int opcode;     /* 1 text, 2 binary, 8 close, 9 ping, 10 pong */
    char *payload;  /* unmasked in place */
    size_t length;  /* of the payload */
    size_t size;    /* of the whole frame */
};

/* One frame at data[0..length): 1 (and *frame), 0 when more bytes are needed, -1 for a frame
 * this program does not take (fragmented, with extension bits, or above CROWD_HARD_MAX_FRAME). */
int ws_parse_frame(char *data, size_t length, struct ws_frame *frame);

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

/* ---- a phone's page over HTTP, page.c ---- */

#define CROWD_MAX_PATH 160

/* A GET request for `path` with the headers a phone's browser sends (Accept-Encoding: gzip,
 * keep-alive) into out; returns its length, or 0 if it does not fit. */
size_t http_get_request(char *out, size_t size, const char *host, int port, const char *path);

struct http_response {
    int status;
    size_t head_length;     /* through the blank line */
    size_t body_length;     /* the body's bytes on the wire (chunked: with the chunk framing) */
    size_t size;            /* head_length + body_length */
    bool gzip;              /* Content-Encoding: gzip */
    bool encoded;           /* another Content-Encoding, which this program cannot read */
    bool close;             /* Connection: close */
    char content_type[64];
};

/* One response at data[0..length): 1 (*r, and its body, de-chunked but still encoded, in body),
 * 0 when more bytes are needed, -1 for bytes that are not a response this program reads. */
int http_parse_response(const char *data, size_t length, struct http_response *r, struct bytes *body);
/* A gzip stream's content into out; false if it is not one, or is cut short. */
bool http_gunzip(const char *data, size_t length, struct bytes *out);

/* Called with each file (a path on the same host) that a browser loads for a page. */
typedef void (*reference_found)(void *context, const char *path);
/* The files body (of `content_type`, served at path `base`) makes a browser load: see page.c. */
void page_references(const char *base, const char *content_type, const char *body, size_t n, reference_found found,
    void *context);
/* The module a page names for game `game` (`<link rel="modulepreload" href=PATH data-game=GAME>`,
 * which the page's loader imports: Sources/Web/Pages/game.mjs), copied into out; false if none. */
bool page_game_module(const char *html, size_t n, const char *game, char *out, size_t size);
/* Whether a browser asks for /favicon.ico after this page (an HTML page naming no icon). */
bool page_asks_for_icon(const char *content_type, const char *body, size_t n);

/* A response saved as it came (head and body), to be served again by the bare server. */
struct saved_page {
    char path[CROWD_MAX_PATH];
    struct bytes response;
};

/* Saves a response as DIR/NUMBER.http and a line `NUMBER PATH` in DIR/index. */
bool page_save(const char *dir, int number, const char *path, const char *response, size_t length);
/* Loads what page_save saved (at most capacity); the count, or -1 without DIR/index. */
int page_load_saved(const char *dir, struct saved_page *pages, int capacity);

/* ---- the programs ---- */

int clients_main(int argc, char **argv);
int bare_server_main(int argc, char **argv);
int roundtrip_main(int argc, char **argv);
int storm_main(int argc, char **argv);

#endif
