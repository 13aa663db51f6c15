/* snap-crowd: the WebSocket pieces (RFC 6455) of the clients, the bare server and the round
 * trip: the HTTP upgrade from both sides (with the SHA-1 its accept key needs), frame headers,
 * masking, and parsing a frame. Only what a player link uses: text frames, unfragmented. */
#define _GNU_SOURCE
#include "snap_crowd.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char GUID[] = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/* ---- SHA-1 (FIPS 180-4), for Sec-WebSocket-Accept only ---- */

static uint32_t rotl(uint32_t x, int n) { return x << n | x >> (32 - n); }

static void sha1_block(uint32_t h[5], const unsigned char block[64])
{
    uint32_t w[80];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 | (uint32_t)block[4 * i + 2] << 8 | block[4 * i + 3];
    for (int i = 16; i < 80; i++) w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int i = 0; i < 80; i++) {
        uint32_t f, k;
        if (i < 20) f = (b & c) | (~b & d), k = 0x5A827999;
        else if (i < 40) f = b ^ c ^ d, k = 0x6ED9EBA1;
        else if (i < 60) f = (b & c) | (b & d) | (c & d), k = 0x8F1BBCDC;
        else f = b ^ c ^ d, k = 0xCA62C1D6;
        uint32_t t = rotl(a, 5) + f + e + k + w[i];
        e = d, d = c, c = rotl(b, 30), b = a, a = t;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
}

/* SHA-1 of a message shorter than 120 bytes (a key and the GUID: 60). */
static void sha1_short(const char *message, size_t length, unsigned char digest[20])
{
    uint32_t h[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
    unsigned char blocks[128] = {0};
    size_t padded = length + 9 <= 64 ? 64 : 128;
    memcpy(blocks, message, length);
    blocks[length] = 0x80;
    uint64_t bits = (uint64_t)length * 8;
    for (int i = 0; i < 8; i++) blocks[padded - 1 - i] = (unsigned char)(bits >> (8 * i));
    for (size_t at = 0; at < padded; at += 64) sha1_block(h, blocks + at);
    for (int i = 0; i < 20; i++) digest[i] = (unsigned char)(h[i / 4] >> (24 - 8 * (i % 4)));
}

static void base64(const unsigned char *bytes, size_t n, char *out)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)bytes[i] << 16 | (i + 1 < n ? (uint32_t)bytes[i + 1] << 8 : 0) | (i + 2 < n ? bytes[i + 2] : 0);
        out[o++] = alphabet[v >> 18 & 63];
        out[o++] = alphabet[v >> 12 & 63];
        out[o++] = i + 1 < n ? alphabet[v >> 6 & 63] : '=';
        out[o++] = i + 2 < n ? alphabet[v & 63] : '=';
    }
    out[o] = '\0';
}

/* base64(SHA-1(key + GUID)): 28 characters. */
static void accept_for(const char *key, size_t key_length, char accept[29])
{
    char joined[128];
    unsigned char digest[20];
    if (key_length > sizeof joined - sizeof GUID) key_length = sizeof joined - sizeof GUID;
    memcpy(joined, key, key_length);
    memcpy(joined + key_length, GUID, sizeof GUID - 1);
    sha1_short(joined, key_length + sizeof GUID - 1, digest);
    base64(digest, 20, accept);
}

/* ---- random bytes for keys and masks (xorshift64: fresh, not secret) ---- */

static uint64_t next_random(void)
{
    static uint64_t state;
    if (state == 0) state = now_ns() | 1;
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

void ws_new_mask(unsigned char mask[4])
{
    uint32_t r = (uint32_t)next_random();
    memcpy(mask, &r, 4);
}

void ws_apply_mask(char *data, size_t length, const unsigned char mask[4])
{
    for (size_t i = 0; i < length; i++) data[i] = (char)(data[i] ^ mask[i & 3]);
}

/* ---- the upgrade ---- */

size_t ws_client_request(char *out, size_t size, const char *host, int port, const char *path, char accept[29])
{
    unsigned char nonce[16];
    uint64_t a = next_random(), b = next_random();
    memcpy(nonce, &a, 8);
    memcpy(nonce + 8, &b, 8);
    char key[25];
    base64(nonce, 16, key);
    accept_for(key, strlen(key), accept);
    /* No Origin: the host lets a client that is not a browser page upgrade (OriginCheck.swift). */
    int n = snprintf(out, size,
        "GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
        path, host, port, key);
    return n > 0 && (size_t)n < size ? (size_t)n : 0;
}

bool http_header_value(const char *head, size_t length, const char *name, const char **value, size_t *value_length)
{
    size_t name_length = strlen(name);
    const char *end = head + length;
    const char *line = memchr(head, '\n', length);  /* skip the request or status line */
    while (line && line + 1 < end) {
        line++;
        const char *eol = memchr(line, '\n', (size_t)(end - line));
        if (!eol) return false;
        if ((size_t)(eol - line) > name_length && strncasecmp(line, name, name_length) == 0 && line[name_length] == ':') {
            const char *v = line + name_length + 1, *e = eol;
            while (v < e && (*v == ' ' || *v == '\t')) v++;
            while (e > v && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t')) e--;
            *value = v;
            *value_length = (size_t)(e - v);
            return true;
        }
        line = eol;
    }
    return false;
}

bool ws_client_accepted(const char *head, size_t length, const char *accept)
{
    static const char status[] = "HTTP/1.1 101 ";
    const char *value;
    size_t n;
    return length > sizeof status - 1 && memcmp(head, status, sizeof status - 1) == 0
        && http_header_value(head, length, "Sec-WebSocket-Accept", &value, &n) && n == strlen(accept)
        && memcmp(value, accept, n) == 0;
}

size_t ws_server_response(const char *head, size_t length, const char *path, char *out, size_t size)
{
    size_t path_length = strlen(path);
    const char *key;
    size_t key_length;
    if (length < 4 + path_length + 1 || memcmp(head, "GET ", 4) != 0 || memcmp(head + 4, path, path_length) != 0
        || (head[4 + path_length] != ' ' && head[4 + path_length] != '?')
        || !http_header_value(head, length, "Sec-WebSocket-Key", &key, &key_length) || key_length == 0)
        return 0;
    char accept[29];
    accept_for(key, key_length, accept);
    int n = snprintf(out, size,
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nSec-WebSocket-Accept: %s\r\nConnection: upgrade\r\n\r\n",
        accept);
    return n > 0 && (size_t)n < size ? (size_t)n : 0;
}

/* ---- frames ---- */

size_t ws_frame_header(unsigned char out[14], size_t length, const unsigned char *mask)
{
    size_t n = 2;
    out[0] = 0x81;  /* FIN, text */
    unsigned char masked = mask ? 0x80 : 0;
    if (length < 126) {
        out[1] = masked | (unsigned char)length;
    } else if (length <= 0xFFFF) {
        out[1] = masked | 126;
        out[2] = (unsigned char)(length >> 8);
        out[3] = (unsigned char)length;
        n = 4;
    } else {
        out[1] = masked | 127;
        for (int i = 0; i < 8; i++) out[2 + i] = (unsigned char)((uint64_t)length >> (56 - 8 * i));
        n = 10;
    }
    if (mask) {
        memcpy(out + n, mask, 4);
        n += 4;
    }
    return n;
}

int ws_parse_frame(char *data, size_t length, struct ws_frame *frame)
{
    if (length < 2) return 0;
    const unsigned char *u = (const unsigned char *)data;
    bool fin = u[0] & 0x80, masked = u[1] & 0x80;
    frame->opcode = u[0] & 0x0F;
    if ((u[0] & 0x70) || !fin || frame->opcode == 0) return -1;  /* extensions or fragments: not used here */
    size_t header = 2;
    uint64_t n = u[1] & 0x7F;
    if (n == 126) {
        if (length < 4) return 0;
        n = (uint64_t)u[2] << 8 | u[3];
        header = 4;
    } else if (n == 127) {
        if (length < 10) return 0;
        n = 0;
        for (int i = 0; i < 8; i++) n = n << 8 | u[2 + i];
        header = 10;
    }
    if (n > CROWD_HARD_MAX_FRAME) return -1;
    size_t mask_at = header;
    if (masked) header += 4;
    if (length < header || length - header < n) return 0;
    frame->payload = data + header;
    frame->length = (size_t)n;
    frame->size = header + (size_t)n;
    if (masked) ws_apply_mask(frame->payload, frame->length, u + mask_at);
    return 1;
}
