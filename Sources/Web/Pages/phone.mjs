/* The phone page (/): owns joining with a name (remembered on the phone), the lobby, the ending
   sentences and coming back, and hands the game to the game's module. A reload, a page closed and
   opened again, or a phone waking from sleep takes its seat back (same name, score and cards)
   while the host keeps it (the seat's token: link.mjs). After a game the player stays: the
   standings stay up with the next game's countdown. The host may pause the game (a banner) and
   remove players.

   The game's module (/games/NAME.mjs, NAME from the host's serverHello) owns everything the game
   shows: phone(ctx) gives it a ctx to act through and returns {message, state, view, overView}
   (and, if the game has a part of its own in the lobby, lobbyView; if it sends messages between
   games, their kinds in `between`); this page draws its views
   into #game-view, #over-game and #lobby-game (dom.mjs's patch). */
import { $, h, text, showOnly, banner, patch, onNextFrame } from "./dom.mjs";
import { gameLoader } from "./game.mjs";
import { SnapLink } from "./link.mjs";
import { wait, scheduled } from "./words.mjs";

const VIEWS = ["join-view", "lobby-view", "game-view", "over-view", "end-view"];

let link = null, hello = null, me = null, roster = {}, away = {}, playing = false, resuming = false;
/* How many players the host said there were at the welcome (protocol version 4 names only the
   first ones: the roster is those, the count everyone). */
let welcomedCount = 0;
let afterGame = false, paused = false, retry = null, retryUntil = 0;
let lobbyStatus = null, startsAt = null;
const games = gameLoader();
let game = null;  /* the game module's phone(ctx) */
let code = codeFromFragment();
const notice = banner($("notice"));

function codeFromFragment() {
  const match = /(?:^#|&)code=([^&]*)/.exec(location.hash);
  return match ? decodeURIComponent(match[1]) : null;
}

function show(view) { showOnly(VIEWS, view); }

function nameOf(id) { return id === 0 ? (hello ? hello.name : "host") : (roster[id] || "#" + id); }

function list(element, items) {
  patch(element, items.map((item) => h("li", { class: item.mine ? "mine" : null }, item.text + (item.away ? " (reconnecting\u2026)" : ""))));
}

/* ---- The game's module ---- */

/* What a game's module gets to act through on the phone. */
const ctx = {
  h: h,
  me: () => me,
  nameOf: nameOf,
  now: () => Date.now(),
  clock: SnapLink.now,
  send: (body) => { if (link) link.sendApp(body); },
  sendState: (key, body) => { if (link) link.sendState(key, body); },
  paused: () => paused,
  redraw: () => drawSoon(),
};

/* The game's phone, made once its module is there. */
function phoneOfGame() {
  if (!game && games.module()) game = games.module().phone(ctx);
  return game;
}

const drawSoon = onNextFrame(draw);

function draw() {
  if (!game) return;
  if (!$("game-view").hidden) patch($("game-view"), game.view() || []);
  if (!$("over-view").hidden) patch($("over-game"), game.overView() || []);
  drawLobbyGame();
}

/* The game's own part of the lobby, if it has one (trivia's teams to choose): in the lobby in
   place of the list of players, and after a game under the standings. */
function drawLobbyGame() {
  const view = (where) => (game.lobbyView && !playing ? game.lobbyView(lobbyStatus, where) : null);
  const lobby = $("lobby-view").hidden ? null : view("lobby");
  patch($("lobby-game"), lobby || []);
  $("lobby-players").hidden = !!lobby;
  patch($("over-lobby"), ($("over-view").hidden ? null : view("over")) || []);
}

setInterval(() => {  /* countdowns tick */
  if (!$("game-view").hidden) drawSoon();
  if (startsAt && (!$("lobby-view").hidden || !$("over-view").hidden)) refreshLobby();
}, 250);
window.addEventListener("resize", drawSoon);

/* ---- Joining ---- */

function join(auto) {
  const name = $("name").value.trim();
  if (!name) { say("Type a name first."); return; }
  if (!code && !$("code-row").hidden) code = $("code").value.trim() || null;
  localStorage.setItem("snap.name", name);
  if (link) link.abandon();
  if (!auto) say("Joining\u2026");
  offer(null);
  link = new SnapLink.Link(name, code, handlers);
}

function say(message) { text("join-message", message); }

/* A free name the host suggested after nameTaken: one tap joins with it. */
function offer(name) {
  $("suggested").hidden = !name;
  if (name) $("suggested").textContent = "Join as " + name;
  $("suggested").onclick = () => { $("name").value = name; join(false); };
}

const handlers = {
  hello: (message) => {
    const seat = SnapLink.savedSeat();
    if (resuming && (!seat || seat.serverId !== message.serverId)) {  /* a seat on an earlier run of the host */
      SnapLink.forgetSeat();
      resuming = false;
      show("join-view");
      return false;
    }
    resuming = false;
    hello = message;
    text("host-name", message.name);
    document.title = message.name + " \u2014 snap-host";
    games.load(message.game);
    if (message.joinCodeRequired && !code) {
      $("code-row").hidden = false;
      show("join-view");
      say("This game needs a join code: type the one on the TV.");
      $("code").focus();
      return false;
    }
    return true;
  },
  welcome: (message) => {
    me = message.you;
    roster = {};
    away = {};
    message.peers.forEach((peer) => { roster[peer.id] = peer.name; });
    roster[me.id] = me.name;
    welcomedCount = message.players || 0;
    sessionStorage.setItem("snap.joined", "1");
    retryUntil = 0;
    text("me", me.name);
    text("lobby-title", message.resumed ? "Welcome back, " + me.name + "!" : "You're in, " + me.name + "!");
    say("");
    showLobby(null);
  },
  deny: (reason, detail, suggestion) => {
    if (reason === "nameTaken" && Date.now() < retryUntil) {  /* our old link is still leaving */
      retry = setTimeout(() => join(true), 700);
      return;
    }
    if (reason === "wrongJoinCode") { code = null; $("code-row").hidden = false; $("code").value = ""; }
    SnapLink.forgetSeat();
    sessionStorage.removeItem("snap.joined");
    show("join-view");
    say(denySentence(reason, detail));
    offer(reason === "nameTaken" ? suggestion : null);
  },
  bye: (reason, detail) => {
    if (reason !== "connectionDropped") SnapLink.forgetSeat();  /* the seat is given up for good */
    ended(byeSentence(reason, detail), reason !== "serverQuit" && reason !== "kicked");
  },
  joined: (peer) => { roster[peer.id] = peer.name; refreshLobby(); },
  left: (peer, reason) => {
    if (reason === "kicked") notice(peer.name + " was removed by the host.", 6);
    delete roster[peer.id];
    delete away[peer.id];
    refreshLobby();
  },
  away: (peer) => { away[peer.id] = true; refreshLobby(); },
  back: (peer) => { delete away[peer.id]; refreshLobby(); },
  app: (body, from) => { if (from === 0 && body && body.kind) games.whenReady(() => told(body)); },
  state: (key, body, from) => { if (from === 0) games.whenReady(() => { if (phoneOfGame() && game.state(key, body)) drawSoon(); }); },
  closed: () => {
    if (!me) { show("join-view"); say("Cannot reach the host. Is it still running? Try again."); return; }
    rejoinSoon();
  },
};

function denySentence(reason, detail) {
  const counts = /\((\d+) of (\d+)/.exec(detail || "");
  switch (reason) {
    case "full": return "The game is full" + (counts ? " (" + counts[1] + " of " + counts[2] + ")" : "") + ". Try again when someone leaves.";
    case "wrongJoinCode": return code === null && /needs/.test(detail) ? "This game needs a join code." : "Wrong join code. Check the code on the TV and try again.";
    case "nameTaken": return "Someone here is already called that. Pick another name.";
    case "inProgress": return /shutting down/.test(detail) ? "The host is shutting down." : "A game is under way and takes no late joiners. Join when it ends.";
    case "versionMismatch": return "This page and the host do not speak the same version. Reload the page.";
    case "badHello": return "The host could not take that name: " + detail + ".";
    default: return "The host said no: " + detail;
  }
}

function byeSentence(reason, detail) {
  switch (reason) {
    case "serverQuit": return "The host has ended the evening. Thanks for playing!";
    case "protocolError": return "Something went wrong between this page and the host (" + detail + "). Join again.";
    case "connectionDropped": return "The host stopped hearing from this phone. Join again.";
    case "kicked": return "You were removed by the host.";
    default: return "You left the game.";
  }
}

function ended(message, canRejoin) {
  me = null;
  sessionStorage.removeItem("snap.joined");
  notice(null);
  show("end-view");
  text("end-message", message);
  $("rejoin").hidden = !canRejoin;
}

/* The link dropped (Wi-Fi blip, sleep): join again with the same name. */
function rejoinSoon() {
  me = null;
  retryUntil = Date.now() + 15000;
  show("end-view");
  text("end-title", "Reconnecting\u2026");
  text("end-message", "The connection to the host dropped; joining again.");
  $("rejoin").hidden = true;
  clearTimeout(retry);
  retry = setTimeout(() => join(true), 500);
}

/* ---- The game ---- */

/* A message from the host's game: the lobby, a pause and the game's end are every game's; the
   game's module is told them all (but the lobby), and any other message means a game is on. */
function told(body) {
  if (body.kind === "lobby") { playing = false; phoneOfGame(); showLobby(body); return; }
  if (body.kind === "pause") {
    paused = !!body.paused;
    if (paused) notice("Paused by the host", 0);
    else notice("The game goes on!", 3);
  } else if (body.kind === "gameOver") {
    playing = false; afterGame = true; paused = false;
    notice(body.ended === "endedByHost" ? "The host ended the game." : null, 6);
    show("over-view");
  } else if (!playing && body.kind !== "refused" && body.kind !== "rejected" && !((phoneOfGame() || {}).between || []).includes(body.kind)) {
    /* a game begins (but for a kind its module sends between games too: trivia's yourTeam) */
    playing = true; afterGame = false; paused = false;
    notice(null);
  }
  if (phoneOfGame()) {
    game.message(body);
    if (playing && $("game-view").hidden && game.view()) show("game-view");
    draw();
  }
  if (!playing) refreshLobby();
}

/* The lobby; after a game, the standings stay up with the lobby's line under them. */
function showLobby(status) {
  if (status) {
    lobbyStatus = status;
    startsAt = status.startsInMs != null ? Date.now() + status.startsInMs : null;
  }
  if (playing) return;
  show(afterGame ? "over-view" : "lobby-view");
  refreshLobby();
  draw();
}

function refreshLobby() {
  /* This phone's own name first: in a full room the list is cut at the bottom of the screen. */
  const names = Object.keys(roster).map((id) => ({ text: roster[id], mine: me && +id === me.id, away: away[id] }))
    .sort((a, b) => (b.mine ? 1 : 0) - (a.mine ? 1 : 0));
  list($("lobby-players"), names);
  const s = lobbyStatus;
  /* Version 4 names only the first players: the game's lobby counts everyone, and before its
     first status the welcome does. */
  const count = s && s.players != null ? Math.max(s.players, names.length) : Math.max(welcomedCount, names.length);
  const capacity = s ? s.capacity : hello ? hello.capacity : "?";
  let line = count + " of " + capacity + " players";
  const at = scheduled(s, startsAt, Date.now());
  if (at) line += " \u00B7 " + at;
  else if (startsAt) line += " \u00B7 starting in " + wait(startsAt - Date.now());
  else if (s && s.startRule === "whenFull") line += " \u00B7 starts when full";
  else line += " \u00B7 waiting for players";
  text("lobby-status", line);
  if (afterGame) text("over-next", startsAt ? "Next game in " + wait(startsAt - Date.now()) + " \u00B7 " + count + " of " + capacity + " players" : "Stay here: the next game starts in the lobby.");
}

/* ---- Start ---- */

$("join-form").onsubmit = (event) => { event.preventDefault(); join(false); };
$("rejoin").onclick = () => { text("end-title", "Disconnected"); join(false); };
$("name").value = localStorage.getItem("snap.name") || "";
if (code) $("code").value = code;

/* Back from sleep or the back/forward cache: if the link is gone, join again at once. */
function wake() {
  if (sessionStorage.getItem("snap.joined") && (!link || link.ended)) rejoinSoon();
}
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") wake(); });
window.addEventListener("pageshow", (event) => { if (event.persisted) wake(); });
window.addEventListener("pagehide", () => { if (link) link.abandon(); });

show("join-view");
const seat = SnapLink.savedSeat();
if (sessionStorage.getItem("snap.joined") && $("name").value) {  /* a reload: the same player again */
  retryUntil = Date.now() + 15000;
  join(true);
} else if (seat) {  /* the page was closed with a seat held: take it back, if this host still keeps it */
  $("name").value = seat.name;
  resuming = true;
  join(true);
}
