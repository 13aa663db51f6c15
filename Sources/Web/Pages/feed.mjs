/* Owns what the screen feed has told so far (/screen/ws for the TV, /host/ws once unlocked; the
   messages: docs/WEB.md, "The screen feed"): one pure reducer for the TV page and the host page.
   It keeps who is here and who is away, the lobby's status and when its countdown ends, whether a
   game is under way, paused, or over (and its final standings), and hands each game message to
   the game's module (chosen by the game named in hello) to fold into the game's own state:

     game.watchStart()                       the game's state before any message
     game.watch(state, body, at)             a message every player got; `at`: {now, age} (ms)
     game.watchPrivate(state, kind, ids)     some players were told something of `kind`
     game.watchState(state, key, body)       a real-time state (Pong's court)
     game.watchNote(state, body)             a note for the host's eyes (host page only; optional)
     game.final(body, names)                 a gameOver as {winners: [name], standings: [{id, name, score}], note?}

   reduce() never changes the value it is given. `game` is null on a host with no game module
   (the lobby alone): then only presence and the lobby are kept. */

export function initial() {
  return {
    host: null,        /* the hello: host, game, capacity, url, qr (TV), commands (host page) */
    players: {},       /* id -> name */
    away: {},          /* id -> true: reconnecting, seat kept */
    lobby: null,       /* the newest lobby status */
    startsAt: null,    /* when the lobby's countdown ends (Date.now() ms), or null */
    phase: "lobby",    /* "lobby", "playing" or "over" (over stays until the next game begins) */
    paused: false,
    overAt: 0,         /* when the game ended (ms) */
    final: null,       /* the last game's standings (game.final) */
    game: null,        /* the game module's state */
  };
}

export function reduce(feed, m, game, now) {
  switch (m.type) {
    case "hello": {
      const players = {}, away = {};
      (m.players || []).forEach((p) => { players[p.id] = p.name; });
      (m.away || []).forEach((id) => { away[id] = true; });
      return Object.assign(initial(), { host: m, players: players, away: away, game: game ? game.watchStart() : null });
    }
    case "joined": return Object.assign({}, feed, { players: Object.assign({}, feed.players, { [m.peer.id]: m.peer.name }) });
    case "left": {
      const players = Object.assign({}, feed.players), away = Object.assign({}, feed.away);
      delete players[m.peer.id];
      delete away[m.peer.id];
      return Object.assign({}, feed, { players: players, away: away });
    }
    case "away": return Object.assign({}, feed, { away: Object.assign({}, feed.away, { [m.peer.id]: true }) });
    case "back": {
      const away = Object.assign({}, feed.away);
      delete away[m.peer.id];
      return Object.assign({}, feed, { away: away });
    }
    case "state":
      if (!game || typeof m.key !== "string") return feed;
      return Object.assign({}, feed, { game: game.watchState(feed.game, m.key, m.body) });
    case "note":  /* the host page only: what the game shows the host's eyes (Punchline's answers) */
      if (!game || !game.watchNote || !m.body) return feed;
      return Object.assign({}, feed, { game: game.watchNote(feed.game, m.body) });
    case "sent":
      if (m.to === "all") return told(feed, m.body || {}, m.ageMs || 0, game, now);
      if (!game || !Array.isArray(m.to)) return feed;
      return Object.assign({}, feed, { game: game.watchPrivate(feed.game, m.kind, m.to) });
    default: return feed;
  }
}

/* A message every player got, `age` ms ago (a late screen is told the last ones again). */
function told(feed, body, age, game, now) {
  const at = { now: now, age: age };
  switch (body.kind) {
    case "lobby":
      return Object.assign({}, feed, { lobby: body, startsAt: body.startsInMs != null ? now + body.startsInMs - age : null });
    case "gameOver":
      return Object.assign({}, feed, {
        phase: "over", paused: false, overAt: now - age,
        final: game ? game.final(body, feed.players) : null,
        game: game ? game.watch(feed.game, body, at) : null,
      });
    case "pause":
      return Object.assign({}, feed, { paused: !!body.paused, game: game ? game.watch(feed.game, body, at) : null });
    default:  /* any other message is the game's, and means a game is under way */
      return Object.assign({}, feed, { phase: "playing", game: game ? game.watch(feed.game, body, at) : null });
  }
}

/* "Ann is reconnecting…", "Ann, Bob are reconnecting…", or "". */
export function awayLine(feed) {
  const names = Object.keys(feed.away).map((id) => feed.players[id] || "#" + id);
  return names.length === 0 ? "" : names.join(", ") + (names.length === 1 ? " is" : " are") + " reconnecting\u2026";
}

/* How many players the host takes: the lobby's word, else the hello's. */
export function capacity(feed) {
  return feed.lobby ? feed.lobby.capacity : feed.host ? feed.host.capacity : "?";
}
