/* The TV page (/screen): owns the join address and QR code, the lobby filling up, the podium
   after a game (15 s, then the lobby with the last game's standings), the banners (a pause, a
   player removed), and the header. It only watches: the host's screen feed (/screen/ws,
   docs/WEB.md), folded by feed.mjs; the game's own picture is its module's (/games/NAME.mjs,
   NAME from the feed's hello): tvView(state, feed, ctx), drawn into #tv-game at most once a
   frame (Pong's court comes 60 a second); its optional tvLobby and tvOver in the lobby and above
   the podium. */
import { $, h, text, showOnly, banner, patch, socketURL, onNextFrame } from "./dom.mjs";
import { gameLoader } from "./game.mjs";
import { initial, reduce, awayLine, capacity } from "./feed.mjs";
import { wait, scheduled } from "./words.mjs";

const SECTIONS = ["tv-lobby", "tv-game", "tv-over"];
const PODIUM_MS = 15000;

let feed = initial();
const games = gameLoader();
const notice = banner($("tv-notice"));
const ctx = { h: h, now: () => Date.now() };

function connect() {
  const socket = new WebSocket(socketURL("/screen/ws"));
  socket.onmessage = (event) => {
    let m;
    try { m = JSON.parse(event.data); } catch (e) { return; }
    if (m.type === "hello") games.load(m.game);
    games.whenReady(() => receive(m));
  };
  socket.onclose = () => { text("phase", "reconnecting\u2026"); setTimeout(connect, 1500); };
}

function receive(m) {
  if (m.type === "left" && m.reason === "kicked") notice(m.peer.name + " was removed by the host", 6);
  const before = feed;
  feed = reduce(feed, m, games.module(), Date.now());
  if (m.type === "hello") {
    text("host-name", m.host);
    document.title = m.host + " \u2014 snap-host";
    $("qr").innerHTML = m.qr;  /* an SVG the host made (libqrencode), not text from a player */
    $("qr-small").innerHTML = m.qr;
    const address = m.url.replace(/^https?:\/\//, "").replace(/\/?#.*$|\/$/, "");
    text("join-url", address);
    text("small-url", address);
    text("join-hint", /#code=/.test(m.url) ? "Scan to join: the code is in the QR" : "Scan or type the address to join");
  }
  if (feed.paused !== before.paused) {
    if (feed.paused) notice("Paused by the host", 0);
    else if (feed.phase === "playing") notice("The game goes on!", 3);
  }
  if (feed.phase === "over" && before.phase !== "over") notice(null);
  drawSoon();
}

const drawSoon = onNextFrame(draw);

function draw() {
  const now = Date.now(), module = games.module();
  text("reconnecting", awayLine(feed));
  const gameView = feed.phase === "playing" && module ? module.tvView(feed.game, feed, ctx) : null;
  const podium = feed.phase === "over" && now < feed.overAt + PODIUM_MS;
  const section = gameView ? "tv-game" : podium ? "tv-over" : "tv-lobby";
  showOnly(SECTIONS, section);
  $("small-join").hidden = section === "tv-lobby" || !feed.host;
  document.body.classList.toggle("pong", !!gameView && gameView.props.id === "tv-pong");
  if (section === "tv-game") {
    patch($("tv-game"), gameView);
    text("phase", module.phase(feed.game));
  } else if (section === "tv-over") {
    drawOver();
    text("phase", "game over");
  } else {
    drawLobby(now);
    text("phase", feed.host ? feed.host.game : "");
  }
}

function drawLobby(now) {
  const names = Object.keys(feed.players).map((id) => feed.players[id] + (feed.away[id] ? " (reconnecting\u2026)" : ""));
  text("lobby-count", names.length ? names.length + " of " + capacity(feed) + " players" : "Waiting for players");
  const lobby = feed.lobby;
  text("lobby-line", scheduled(lobby, feed.startsAt, now) ||  /* a scheduled start: its time, ticking */
    (feed.startsAt ? "The game starts in " + wait(feed.startsAt - now)
      : lobby && lobby.startRule === "whenFull" ? "The game starts when " + capacity(feed) + " players are here"
      : lobby ? "The game starts when enough players are here" : ""));
  patch($("tv-players"), names.map((name) => h("li", null, name)));
  const module = games.module(), teams = module && module.tvLobby ? module.tvLobby(lobby, feed, ctx) : null;
  patch($("tv-lobby-game"), teams || []);  /* trivia's teams, in place of the names */
  $("tv-players").hidden = !!teams;
  const last = feed.final;
  $("last-game").hidden = !last;
  if (last) patch($("last-standings"), last.standings.slice(0, 6).map((l, n) => h("li", null, (n + 1) + ". " + l.name + " \u00B7 " + l.score)));
}

function drawOver() {
  const last = feed.final || { winners: [], standings: [] }, lines = last.standings, module = games.module();
  text("over-heading", last.title || (last.winners.length ? "Winner: " + last.winners.join(", ") : "Game over"));
  patch($("tv-over-game"), (module && module.tvOver ? module.tvOver(last, feed, ctx) : null) || []);
  patch($("podium"), [1, 0, 2].filter((place) => lines[place]).map((place) =>
    h("div", { class: "p" + (place + 1) }, (place + 1) + ". " + lines[place].name, h("div", { class: "score" }, lines[place].score))));
  patch($("over-list"), lines.slice(3, 11).map((l, n) => h("li", null, (n + 4) + ". " + l.name + " \u00B7 " + l.score)));
  text("over-note", last.note || "");
}

setInterval(drawSoon, 250);  /* countdowns tick; the podium gives way to the lobby */
window.addEventListener("resize", drawSoon);
connect();
