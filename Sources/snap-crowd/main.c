/* snap-crowd: measure the host from another process (issue 13, item 7).
 *
 * The in-process benchmarks (snap-bench) put their clients in the host's process, so they
 * partly measured the clients. snap-crowd is the other seat: C, epoll, one thread driving
 * thousands of players over loopback, plus a bare epoll server as the floor to compare with.
 * (It links zlib, for gzipped pages: storm.c.)
 * scripts/bench-crowd runs both against `snap-host serve` and prints the tables of
 * docs/BENCHMARKS.md ("Crowd"); scripts/bench-web runs the WebSocket modes below ("The living
 * room").
 *
 *   swift build -c release --product snap-crowd
 *
 *   snap-crowd bare-server [--host 127.0.0.1] [--port 0] [--name crowd] [--max-players N]
 *       Prints `listening on HOST:PORT` (as snap-host serve does) and serves until killed. It
 *       writes the bytes the host would write to the same sockets (serverHello, joined, welcome
 *       with the peer list, pong, the relayed app, left) and does nothing else (bare.c). It
 *       speaks protocol versions 1 and 4 (version 4's listed roster as the host's default:
 *       the first 50).
 *
 *   snap-crowd clients --port P [--address 127.0.0.1] [--pid SERVER_PID] [--players N]
 *                      [--window W] [--attempts A] [--rounds R] [--joins K] [--idle-joins K]
 *                      [--idle-seconds S] [--no-ping] [--protocol 1|4]
 *       Against a server (the host or the bare one), in this order:
 *       1. --idle-joins joins with nobody present (default 0);
 *       2. connects N players (default 1000), at most W (32) in the handshake at once (the host
 *          closes connections beyond 1,024 pending handshakes); then one fan-out round that is
 *          not timed: a server writes each socket in order, so once every player has it, every
 *          `joined` has arrived; then reads the server's VmHWM (its peak) and VmRSS from /proc;
 *       3. R fan-out rounds (default 50): one player sends an app frame to "all"; the time from
 *          just before its write() until the last other player has read it, on this process's
 *          CLOCK_MONOTONIC;
 *       4. K joins (default 200) with the N present: connect() start to welcome read; the joiner
 *          then says bye, half-closes and waits for the close, and the next join starts when
 *          every player has that joiner's `joined` and `left`;
 *       5. --idle-seconds S (default 0): the N sit idle; the server's CPU (utime + stime from
 *          /proc/PID/stat) and this process's (getrusage) as % of one core.
 *       A player without a welcome 5 s after connect() gives up, as the Swift client does (this
 *       also ends connections the kernel completed but the server never accepted, when its
 *       accept queue was full); while the crowd gathers, a player refused, timed out or dropped
 *       connects again, --attempts times in all (default 5).
 *       Steps 1, 3 and 4 warm up for a tenth more rounds/joins than they keep. Players speak the
 *       protocol (docs/PROTOCOL.md): clientHello {"type":"clientHello","version":V,"name":"cN"}
 *       without proof (V: --protocol, 1 by default, or 4 as the page: its listed roster), a pong for every ping (monotonic microseconds), their own ping every
 *       heartbeat interval of the welcome as the Swift client does (--no-ping: none); they
 *       count joined, left, app, bye and frames above the announced maxFrame.
 *       Output: one line on stdout, `crowd players=N key=value ...` (latencies in µs, memory in
 *       KiB, CPU in % of a core); progress on stderr. A step that did not finish within 20 s is
 *       counted in failed_steps=; a join without a welcome in failed_joins=, and left out of the
 *       percentiles.
 *
 * The web port (issue 14): the same players as WebSockets, as phones are (websocket.c).
 *
 *   snap-crowd clients --websocket --port WEB_PORT [the options above]
 *       Each player opens `GET /ws` with an upgrade request (no Origin header, which the host
 *       allows: no browser page can leave it out), checks the 101's Sec-WebSocket-Accept, then
 *       speaks the protocol with one WebSocket text message per frame payload, its frames masked
 *       as RFC 6455 requires of a client. A leaving player sends bye, then a close message.
 *       Use it with --no-ping to play the browser client (client.js), which answers the host's
 *       pings and sends none of its own.
 *
 *   snap-crowd bare-server --websocket [the options above]
 *       The floor for the web port: prints `web on HOST:PORT`, answers an upgrade request for
 *       /ws with the 101 that SwiftNIO's upgrader writes, then writes the frames above, each as
 *       one unmasked WebSocket text frame, as the host's WebSocketLink does (bare.c).
 *
 *   snap-crowd bare-server --websocket --pages DIR [--game NAME] [the options above]
 *       Also answers every other GET with the response the host gave for that path, saved by
 *       `storm --save-pages DIR` (head and body, byte for byte; a short 404 for paths not
 *       saved), on a keep-alive connection; its serverHello names game NAME (default lobby).
 *       The floor for a storm of phones that load the page first.
 *
 *   snap-crowd roundtrip --port P --web-port W [--address 127.0.0.1] [--rounds R]
 *       Two players in this process, one on the TCP port and one on the web port's /ws (of the
 *       same `snap-host serve`), each joined once; then R rounds (default 2000, plus a tenth to
 *       warm up), each timing on both links, taking turns to go first:
 *       * app: `{"body":{"kind":"rt","seq":N},"to":[OWN_ID],"type":"app"}`, until the host's
 *         relay `{"body":...,"from":OWN_ID,"type":"app"}` is read back: the path of a game
 *         message (the link's decoder, the host's routing and encoder, the link's writer);
 *       * ping: `{"sent":T,"seq":N,"type":"ping"}` until the host's pong with seq N is read.
 *       One message in flight at a time, both directions on one CLOCK_MONOTONIC. Both players
 *       answer the host's pings. Output: one line, `roundtrip rounds=R app_tcp_p50_us=...
 *       app_ws_... ping_tcp_... ping_ws_... tcp_bytes_to_welcome= ws_bytes_to_welcome=` (the
 *       bytes read from the host up to and including the welcome: on the web port the 101, the
 *       serverHello and the welcome, each with its WebSocket header) and this process's CPU in
 *       % of a core while it measured (clients_cpu_pct=).
 *
 * A join storm of phones through the web port (issue 26, item 4; storm.c, page.c):
 *
 *   snap-crowd storm --port WEB_PORT [--address 127.0.0.1] [--sources A.B.C.D] [--pid SERVER_PID] [--players 2000]
 *                    [--arrive-within 10] [--no-page] [--trivia] [--ping] [--save-pages DIR]
 *                    [--module-path /games/%s.mjs] [--join-limit 60] [--answer-limit 60]
 *                    [--handshake-limit 30] [--attempts 5] [--protocol 4]
 *       N players start evenly spread over --arrive-within seconds (player i at i*S/(N-1)).
 *       --sources: player i's connections come from address A.B.C.D + i (bound before
 *       connect(); the addresses must be this machine's), as each phone has its own.
 *       Each does what a phone's browser does on a first visit: on one keep-alive connection,
 *       GET / with a phone browser's headers (Accept-Encoding: gzip, deflate), then, one
 *       request at a time, every file the responses make a browser load (found in what is
 *       served, gunzipped: <script src>, <link href> of a style sheet, module preload or icon,
 *       <img src>, static imports of modules (not import(), which runs only if the code does),
 *       CSS url() and @import), each path once, then /favicon.ico when the page names no icon; bodies read by
 *       Content-Length or chunked. Then the WebSocket on a new connection (as clients
 *       --websocket, name pN, no Origin, the best protocol version up to --protocol that the
 *       serverHello offers: 4 as the page, or 1); on the serverHello it asks the first
 *       connection (again, if the host closed it) for the game's page module, the path made
 *       from --module-path and the hello's game (none for `lobby`), and sends its clientHello.
 *       It answers the host's pings (--ping: sends its own at the welcome's interval too).
 *       A player is **in the lobby** once it has the welcome and the game's module (--no-page:
 *       the welcome alone). A WebSocket refused, dropped, or without a welcome --handshake-limit
 *       seconds after connect() connects again 1 s later, --attempts times in all: with the
 *       resume token of its seat when it had one (version 2 on, as the page; `resumed=` counts
 *       those seats given back), else as pN-A on attempt A; a request whose connection ends is sent again on a new one, 3 times.
 *       --trivia: each player answers the first `question` (app body kind question) as soon as
 *       it has it and the module: {"body":{"choice":I%2,"kind":"answer","pressedAt":T,
 *       "question":N},"type":"app"}, and waits for the `result`.
 *       --save-pages DIR: each path's first response, as it came, for bare-server --pages.
 *       Output: one line, `storm players=N key=value ...`: all_in_s (the first arrival to the
 *       last player in the lobby), last_welcome_s, join_* (a player's arrival to in the lobby,
 *       ms), welcome_* (its WebSocket's connect() to the welcome), the server's VmRSS and
 *       VmHWM once all are in (join_rss_kib, join_peak_rss_kib), its CPU from the first arrival
 *       (seconds and % of a core) and its busiest second (join_peak_server_cpu_pct, sampled
 *       each second), bytes (page_bytes_per_player: responses as sent; ws_bytes_to_welcome_*;
 *       join_http_down/up, join_ws_down/up: everything read and written through all in; the
 *       totals without join_), counts of failures (http_errors: 4xx/5xx but the icon's,
 *       connections that ended under a request, bad responses; decode_errors; refused: a
 *       WebSocket closed before its welcome, denied ones (denied, deny_reason: the first's)
 *       included; dropped: closed after it; timed_out: given up by this side; failed: players
 *       out of attempts) and frames by kind (joined_bytes, left_bytes, lobby_bytes, and the
 *       trivia app bodies game_bytes, question_bytes, result_bytes, standing_bytes: those frames'
 *       bytes, WebSocket headers included; frames_standing: trivia's `standing` for a result, a
 *       player's own place below the board the result lists, and standings_late: those read after their
 *       player's result, which the host sends before it). With --trivia,
 *       from the first player reading the question: question_spread_ms (to the last reading
 *       it), last_answer_ms (the last answer written), last_accepted_ms (the last answer's
 *       `accepted` read: the host counted it when it wrote that, so this bounds the time until
 *       the last answer is counted from above by one delivery), first_result_ms (the first
 *       player reading the result, which the host sends once it has counted them all),
 *       last_result_ms; answers=, accepted=, results=: how many players did or had each;
 *       ended (the result's reason: everyoneAnswered when every answer counted); answer_*
 *       server figures since all were in. Progress on stderr.
 *
 * No undefined behaviour, clang -Wall -Wextra clean; Linux only (epoll, /proc). */
#include "snap_crowd.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);  /* a peer that closed shows up as a read error, not a signal */
    if (argc >= 2 && strcmp(argv[1], "clients") == 0) return clients_main(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "bare-server") == 0) return bare_server_main(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "roundtrip") == 0) return roundtrip_main(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "storm") == 0) return storm_main(argc - 1, argv + 1);
    fprintf(stderr, "usage: snap-crowd clients --port P [options] | snap-crowd bare-server [options]\n"
                    "       | snap-crowd roundtrip --port P --web-port W [options]\n"
                    "       | snap-crowd storm --port WEB_PORT [options]\n"
                    "(see the comment at the top of Sources/snap-crowd/main.c)\n");
    return 2;
}
