/* snap-crowd: what a phone's browser does over HTTP before it opens the WebSocket (storm.c):
 * the GET requests a browser sends (its usual headers, Accept-Encoding with gzip, keep-alive),
 * reading a response (its head; a body by Content-Length or chunked), gunzipping a body
 * (zlib), and finding the files a page, a module or a style sheet makes the browser load (HTML
 * <script src>, <link href> of a style sheet, module preload or icon, <img src>; JavaScript
 * static `import ... from "X"`, `import "X"` and `export ... from "X"`, not `import("X")`, which
 * a browser loads only when the code runs it (the phone's join-code hash, only for a host that
 * asks for a code); CSS url() and @import), resolved against the file's own path. Also the replay the
 * bare server needs: responses saved as they came (--save-pages DIR) and served again. */
#define _GNU_SOURCE
#include "snap_crowd.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

/* ---- requests ---- */

size_t http_get_request(char *out, size_t size, const char *host, int port, const char *path)
{
    /* What a phone's Chromium sends for a first visit, give or take the Sec-Fetch-* headers:
     * the request bytes are counted, so they should weigh what a phone's do. */
    int n = snprintf(out, size,
        "GET %s HTTP/1.1\r\nHost: %s:%d\r\nConnection: keep-alive\r\n"
        "User-Agent: Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/131.0.0.0 Mobile Safari/537.36\r\n"
        "Accept: */*\r\nReferer: http://%s:%d/\r\nAccept-Encoding: gzip, deflate\r\n"
        "Accept-Language: en-GB,en;q=0.9\r\n\r\n",
        path, host, port, host, port);
    return n > 0 && (size_t)n < size ? (size_t)n : 0;
}

/* ---- responses ---- */

static bool header_has(const char *head, size_t length, const char *name, const char *token)
{
    const char *v;
    size_t n, t = strlen(token);
    if (!http_header_value(head, length, name, &v, &n)) return false;
    for (size_t i = 0; i + t <= n; i++)
        if (strncasecmp(v + i, token, t) == 0) return true;
    return false;
}

/* A chunked body at data[0..length): its size on the wire and the data, or 0 for more, -1 bad. */
static int dechunk(const char *data, size_t length, size_t *size, struct bytes *body)
{
    size_t at = 0;
    body->len = 0;
    for (;;) {
        const char *eol = memmem(data + at, length - at, "\r\n", 2);
        if (!eol) return length - at > 64 ? -1 : 0;
        char *after;
        unsigned long chunk = strtoul(data + at, &after, 16);
        if (after == data + at || chunk > CROWD_HARD_MAX_FRAME) return -1;
        at = (size_t)(eol - data) + 2;
        if (chunk == 0) {  /* the last chunk; no trailers expected: the blank line */
            if (length - at < 2) return 0;
            *size = at + 2;
            return 1;
        }
        if (length - at < chunk + 2) return 0;
        if (!bytes_append(body, data + at, chunk)) return -1;
        at += chunk + 2;
    }
}

int http_parse_response(const char *data, size_t length, struct http_response *r, struct bytes *body)
{
    const char *end = memmem(data, length, "\r\n\r\n", 4);
    if (!end) return length > CROWD_MAX_HTTP_HEAD ? -1 : 0;
    memset(r, 0, sizeof *r);
    r->head_length = (size_t)(end - data) + 4;
    if (length < 12 || memcmp(data, "HTTP/1.", 7) != 0) return -1;
    r->status = atoi(data + 9);
    r->gzip = header_has(data, r->head_length, "Content-Encoding", "gzip");
    const char *v;
    size_t n;
    r->encoded = http_header_value(data, r->head_length, "Content-Encoding", &v, &n) && !r->gzip;  /* one it cannot read */
    r->close = header_has(data, r->head_length, "Connection", "close");
    if (http_header_value(data, r->head_length, "Content-Type", &v, &n)) {
        size_t copy = n < sizeof r->content_type - 1 ? n : sizeof r->content_type - 1;
        memcpy(r->content_type, v, copy);
    }
    const char *rest = data + r->head_length;
    size_t left = length - r->head_length;
    body->len = 0;
    if (header_has(data, r->head_length, "Transfer-Encoding", "chunked")) {
        size_t size = 0;
        int found = dechunk(rest, left, &size, body);
        if (found <= 0) return found;
        r->body_length = size;
    } else {
        long long content_length = 0;
        if (http_header_value(data, r->head_length, "Content-Length", &v, &n)) content_length = atoll(v);
        if (content_length < 0 || content_length > CROWD_HARD_MAX_FRAME) return -1;
        if (left < (size_t)content_length) return 0;
        r->body_length = (size_t)content_length;
        if (!bytes_append(body, rest, r->body_length)) return -1;
    }
    r->size = r->head_length + r->body_length;
    return 1;
}

bool http_gunzip(const char *data, size_t length, struct bytes *out)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return false;
    out->len = 0;
    z.next_in = (Bytef *)(uintptr_t)data;
    z.avail_in = (uInt)length;
    int status = Z_OK;
    while (status == Z_OK) {
        char chunk[16384];
        z.next_out = (Bytef *)chunk;
        z.avail_out = sizeof chunk;
        status = inflate(&z, Z_NO_FLUSH);
        if (status != Z_OK && status != Z_STREAM_END) break;
        if (!bytes_append(out, chunk, sizeof chunk - z.avail_out)) status = Z_MEM_ERROR;
        if (out->len > CROWD_HARD_MAX_FRAME) status = Z_DATA_ERROR;
        if (status == Z_OK && z.avail_in == 0 && z.avail_out != 0) status = Z_BUF_ERROR;  /* truncated */
    }
    inflateEnd(&z);
    return status == Z_STREAM_END;
}

/* ---- references ---- */

/* `reference` as the browser resolves it against `base` (a path): absolute paths as they are,
 * relative ones (`./x`, `../x`, `x`) against base's folder; other schemes, protocol-relative
 * URLs, fragments and data: are not this host's files (false). */
static bool resolve(const char *base, const char *reference, size_t n, char *out, size_t size)
{
    if (n == 0 || n >= size || reference[0] == '#' || memchr(reference, ':', n) || (n >= 2 && memcmp(reference, "//", 2) == 0))
        return false;
    if (reference[0] == '/') {
        memcpy(out, reference, n);
        out[n] = '\0';
        return true;
    }
    const char *slash = strrchr(base, '/');
    size_t folder = slash ? (size_t)(slash - base) + 1 : 1;
    if (folder + n >= size) return false;
    memcpy(out, slash ? base : "/", folder);
    size_t at = folder;
    size_t i = 0;
    while (i < n) {
        if (n - i >= 2 && memcmp(reference + i, "./", 2) == 0) {
            i += 2;
        } else if (n - i >= 3 && memcmp(reference + i, "../", 3) == 0) {
            i += 3;
            if (at > 1) {  /* up one folder: drop "name/" */
                at--;
                while (at > 1 && out[at - 1] != '/') at--;
            }
        } else {
            break;
        }
    }
    memcpy(out + at, reference + i, n - i);
    out[at + n - i] = '\0';
    return true;
}

static void found_reference(const char *base, const char *reference, size_t n, reference_found found, void *context)
{
    char path[CROWD_MAX_PATH];
    if (resolve(base, reference, n, path, sizeof path)) found(context, path);
}

/* The quoted (or, in HTML, bare) value of attribute `name` inside tag[0..n), or NULL. */
static const char *attribute(const char *tag, size_t n, const char *name, size_t *length)
{
    size_t k = strlen(name);
    for (size_t i = 1; i + k + 1 < n; i++) {
        if (!isspace((unsigned char)tag[i - 1]) || strncasecmp(tag + i, name, k) != 0 || tag[i + k] != '=') continue;
        const char *v = tag + i + k + 1, *end = tag + n;
        if (v < end && (*v == '"' || *v == '\'')) {
            const char *close = memchr(v + 1, *v, (size_t)(end - v - 1));
            if (!close) return NULL;
            *length = (size_t)(close - v - 1);
            return v + 1;
        }
        const char *e = v;
        while (e < end && !isspace((unsigned char)*e) && *e != '>') e++;
        *length = (size_t)(e - v);
        return v;
    }
    return NULL;
}

bool page_game_module(const char *html, size_t n, const char *game, char *out, size_t size)
{
    const char *end = html + n, *p = html;
    while ((p = memchr(p, '<', (size_t)(end - p))) != NULL) {
        const char *close = memchr(p, '>', (size_t)(end - p));
        if (!close) break;
        size_t length = (size_t)(close - p), name_length, href_length;
        const char *name, *href;
        if (length > 5 && strncasecmp(p + 1, "link", 4) == 0 && isspace((unsigned char)p[5])
            && (name = attribute(p, length, "data-game", &name_length)) && name_length == strlen(game)
            && strncmp(name, game, name_length) == 0 && (href = attribute(p, length, "href", &href_length)) && href_length < size) {
            memcpy(out, href, href_length);
            out[href_length] = '\0';
            return true;
        }
        p = close + 1;
    }
    return false;
}

static void html_references(const char *base, const char *text, size_t n, reference_found found, void *context)
{
    const char *end = text + n, *p = text;
    while ((p = memchr(p, '<', (size_t)(end - p))) != NULL) {
        const char *close = memchr(p, '>', (size_t)(end - p));
        if (!close) break;
        size_t length = (size_t)(close - p);
        const char *value = NULL;
        size_t value_length = 0;
        if (length > 7 && strncasecmp(p + 1, "script", 6) == 0 && isspace((unsigned char)p[7])) {
            value = attribute(p, length, "src", &value_length);
        } else if (length > 5 && strncasecmp(p + 1, "img", 3) == 0 && isspace((unsigned char)p[4])) {
            value = attribute(p, length, "src", &value_length);
        } else if (length > 5 && strncasecmp(p + 1, "link", 4) == 0 && isspace((unsigned char)p[5])) {
            size_t rel_length;
            const char *rel = attribute(p, length, "rel", &rel_length);
            static const char *loaded[] = {"stylesheet", "modulepreload", "preload", "icon"};
            for (size_t i = 0; rel && i < sizeof loaded / sizeof *loaded; i++)
                if (memmem(rel, rel_length, loaded[i], strlen(loaded[i]))) value = attribute(p, length, "href", &value_length);
        }
        if (value) found_reference(base, value, value_length, found, context);
        p = close + 1;
    }
}

/* The end of the string literal that opens at s[0] (a quote), past its closing quote. */
static const char *skip_string(const char *s, const char *end)
{
    char quote = *s++;
    while (s < end && *s != quote) {
        if (*s == '\\') s++;
        else if (*s == '\n' && quote != '`') break;
        s++;
    }
    return s < end ? s + 1 : end;
}

/* A scanner just good enough for module graphs: comments, strings, template literals and regular
 * expression literals are skipped as wholes, so a quote inside one misleads nothing; a string
 * right after the word `from` or `import` is a module's path (`import(` ... `)` is not followed). */
static void js_references(const char *base, const char *text, size_t n, reference_found found, void *context)
{
    const char *p = text, *end = text + n;
    char word[8] = "";     /* the last identifier, when short */
    char last = ';';       /* the last significant character outside identifiers */
    while (p < end) {
        char c = *p;
        if (c == '/' && p + 1 < end && p[1] == '/') {
            const char *eol = memchr(p, '\n', (size_t)(end - p));
            p = eol ? eol : end;
        } else if (c == '/' && p + 1 < end && p[1] == '*') {
            const char *close = memmem(p + 2, (size_t)(end - p - 2), "*/", 2);
            p = close ? close + 2 : end;
        } else if (c == '/' && strchr("(,=:[!&|?{};+-*%<>~^", last) && word[0] == '\0') {
            bool in_class = false;  /* a regular expression literal */
            for (p++; p < end && (*p != '/' || in_class) && *p != '\n'; p++) {
                if (*p == '\\') p++;
                else if (*p == '[') in_class = true;
                else if (*p == ']') in_class = false;
            }
            p++;
            last = ')';
        } else if (c == '"' || c == '\'' || c == '`') {
            const char *after = skip_string(p, end);
            bool module = c != '`' && (strcmp(word, "from") == 0 || strcmp(word, "import") == 0);
            if (module && after - p >= 2) found_reference(base, p + 1, (size_t)(after - p - 2), found, context);
            p = after;
            word[0] = '\0';
            last = '"';
        } else if (isalpha((unsigned char)c) || c == '_' || c == '$') {
            const char *start = p;
            while (p < end && (isalnum((unsigned char)*p) || *p == '_' || *p == '$')) p++;
            size_t length = (size_t)(p - start);
            if (length < sizeof word) {
                memcpy(word, start, length);
                word[length] = '\0';
            } else {
                word[0] = '\0';
            }
            if (start > text && start[-1] == '.') word[0] = '\0';  /* a property, not a keyword */
            last = 'a';
        } else if (isspace((unsigned char)c)) {
            p++;
        } else {
            word[0] = '\0';
            last = c;
            p++;
        }
    }
}

static void css_references(const char *base, const char *text, size_t n, reference_found found, void *context)
{
    const char *p = text, *end = text + n;
    while (p < end) {
        const char *url = memmem(p, (size_t)(end - p), "url(", 4);
        const char *imp = memmem(p, (size_t)(end - p), "@import", 7);
        const char *at = url && (!imp || url < imp) ? url : imp;
        if (!at) break;
        const char *v = at + (at == url ? 4 : 7);
        while (v < end && isspace((unsigned char)*v)) v++;
        if (v < end && (*v == '"' || *v == '\'')) {
            const char *close = skip_string(v, end);
            found_reference(base, v + 1, (size_t)(close - v - 2), found, context);
            p = close;
        } else if (at == url) {
            const char *close = memchr(v, ')', (size_t)(end - v));
            if (!close) break;
            found_reference(base, v, (size_t)(close - v), found, context);
            p = close + 1;
        } else {
            p = v;
        }
    }
}

void page_references(const char *base, const char *content_type, const char *body, size_t n, reference_found found, void *context)
{
    if (strncasecmp(content_type, "text/html", 9) == 0) html_references(base, body, n, found, context);
    else if (strstr(content_type, "javascript")) js_references(base, body, n, found, context);
    else if (strncasecmp(content_type, "text/css", 8) == 0) css_references(base, body, n, found, context);
}

bool page_asks_for_icon(const char *content_type, const char *body, size_t n)
{
    return strncasecmp(content_type, "text/html", 9) == 0 && !memmem(body, n, "rel=\"icon\"", 10)
        && !memmem(body, n, "rel=\"shortcut icon\"", 19);
}

/* ---- saved responses (--save-pages, bare-server --pages) ---- */

bool page_save(const char *dir, int number, const char *path, const char *response, size_t length)
{
    char name[512];
    snprintf(name, sizeof name, "%s/%d.http", dir, number);
    FILE *file = fopen(name, "wb");
    if (!file) return false;
    bool ok = fwrite(response, 1, length, file) == length;
    ok = fclose(file) == 0 && ok;
    snprintf(name, sizeof name, "%s/index", dir);
    FILE *index = fopen(name, "a");
    if (!index) return false;
    fprintf(index, "%d %s\n", number, path);
    return fclose(index) == 0 && ok;
}

int page_load_saved(const char *dir, struct saved_page *pages, int capacity)
{
    char name[512], line[CROWD_MAX_PATH + 32];
    snprintf(name, sizeof name, "%s/index", dir);
    FILE *index = fopen(name, "r");
    if (!index) return -1;
    int count = 0;
    while (count < capacity && fgets(line, sizeof line, index)) {
        int number;
        char path[CROWD_MAX_PATH];
        if (sscanf(line, "%d %159s", &number, path) != 2) continue;
        snprintf(name, sizeof name, "%s/%d.http", dir, number);
        FILE *file = fopen(name, "rb");
        if (!file) continue;
        struct saved_page *page = &pages[count];
        memset(page, 0, sizeof *page);
        snprintf(page->path, sizeof page->path, "%s", path);
        char chunk[16384];
        size_t got;
        while ((got = fread(chunk, 1, sizeof chunk, file)) > 0) bytes_append(&page->response, chunk, got);
        fclose(file);
        count++;
    }
    fclose(index);
    return count;
}
