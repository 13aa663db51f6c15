/* The host page (/host): owns the PIN unlock and its lock-out countdown, the host's commands as
   big buttons, the players with a Kick button each, a question before a destructive command, and
   each command's outcome in a sentence (docs/WEB.md, "The host page"). It talks to /host/ws: the
   first message is {"pin":"…"} (or the token an earlier unlock gave, kept in sessionStorage),
   then each message is a host command ({"command":"skip"}, {"command":"kick","peer":3}); it hears
   the TV's feed (folded by feed.mjs, as the TV does) plus each command's outcome. The game's
   state in one summary is the game module's (hostSummary); the buttons are the commands the host
   lists in its hello, so a game's own commands appear by themselves. A game's module may add host
   tools (its hostTools: trivia's quiz library): a button each, whose module is imported when
   pressed and mounted in the tool view with the page's means (toolContext; docs/WEB.md, "A game's
   host tools"). */
import { $, h, text, patch, socketURL } from "./dom.mjs";
import { gameLoader } from "./game.mjs";
import { initial, reduce, capacity } from "./feed.mjs";
import { capital, plural } from "./words.mjs";

const TOKEN = "snap.hostToken";
/* The commands this page knows: icon, words, look, and a question before a destructive one.
   Any other command gets a dot and its name and values as words. */
const LOOK = {
  startNow: { icon: "\u25B6", label: "Start now", kind: "go" },
  skip: { icon: "\u25B6\u25B6", label: "Skip" },
  pause: { icon: "\u275A\u275A", label: "Pause" },
  unpause: { icon: "\u25B6", label: "Continue", kind: "go" },
  end: { icon: "\u25A0", label: "End game", kind: "danger", confirm: "End the game now? Everyone sees the standings as they are." },
  rematch: { icon: "\u21BB", label: "Rematch" },
  markRight: { icon: "\u2714", label: "Right", kind: "go" },
  markWrong: { icon: "\u2718", label: "Wrong", kind: "danger" },
};

let socket = null, heardBack = false, unlocked = false, retryTimer = null, lockUntil = 0, lockEveryone = false;
let feed = initial(), confirming = null, tool = null;
const games = gameLoader();
const ctx = { h: h, now: () => Date.now() };

const seconds = (ms) => Math.max(0, Math.ceil(ms / 1000));

// ---- the link ----

function connect(first) {
  if (socket) { socket.onclose = null; try { socket.close(); } catch (e) { /* closed */ } }
  const s = new WebSocket(socketURL("/host/ws"));
  socket = s;
  heardBack = false;
  s.onopen = () => s.send(JSON.stringify(first));
  s.onmessage = (event) => {
    let m;
    try { m = JSON.parse(event.data); } catch (e) { return; }
    heardBack = true;
    if (m.type === "hello") games.load(m.game);
    games.whenReady(() => receive(m));
  };
  s.onclose = () => {
    if (socket !== s) return;
    socket = null;
    if (unlocked) {
      text("link-state", "Reconnecting\u2026");
      retryTimer = setTimeout(resume, 1500);
    } else if (!heardBack) {
      showPin();
      pinMessage("Cannot reach the host. Is snap-host still running?");
    }
  };
}

/* Back after a dropped link (a phone waking up): with the token, no PIN needed. */
function resume() {
  clearTimeout(retryTimer);
  const token = sessionStorage.getItem(TOKEN);
  if (token) connect({ token: token });
  else { unlocked = false; showPin(); }
}

function wake() { if (unlocked && !socket) resume(); }
document.addEventListener("visibilitychange", () => { if (!document.hidden) wake(); });
window.addEventListener("pageshow", wake);

function send(command) {
  if (socket && socket.readyState === 1) socket.send(JSON.stringify(command));
  else outcome("Not connected to the host: reconnecting\u2026", false);
}

function receive(m) {
  receiveOne(m);
  if (tool && tool.mounted && tool.mounted.refresh) tool.mounted.refresh();
}

function receiveOne(m) {
  switch (m.type) {
    case "unlocked":
      unlocked = true;
      sessionStorage.setItem(TOKEN, m.token);
      $("pin").value = "";
      showControls();
      return;
    case "wrongPin":
      pinMessage("Wrong PIN. " + (m.triesLeft === 1 ? "1 more try" : m.triesLeft + " more tries") + ", then a pause.");
      $("pin").value = "";
      return;
    case "locked": lockedOut(m.retryInS, m.everyone); return;
    case "pinNeeded":
      sessionStorage.removeItem(TOKEN);
      unlocked = false;
      showPin();
      pinMessage("Type the host PIN again: the host has restarted, and its PIN is new.");
      return;
    case "badRequest": pinMessage(m.text); return;
    case "commanded": outcome(doneSentence(m), true); return;
    case "refused": case "error": outcome(capital(m.text), false); return;
    default: break;
  }
  const before = feed;
  feed = reduce(feed, m, games.module(), Date.now());
  if (m.type === "hello") {
    text("host-name", m.host);
    document.title = m.host + " \u2014 host controls";
  }
  if (m.type === "left" && confirming && confirming.peer === m.peer.id) closeConfirm();
  if (m.type === "hello" || feed.paused !== before.paused) drawCommands();
  if (m.type === "hello") drawTools();
  drawPlayers();
  drawState();
}

// ---- the PIN ----

function showPin() {
  closeTool();
  $("pin-view").hidden = false;
  $("control-view").hidden = true;
  text("link-state", "Host controls");
}

function pinMessage(message) { text("pin-message", message); }

function lockedOut(retryInS, everyone) {
  lockUntil = Date.now() + retryInS * 1000;
  lockEveryone = !!everyone;
  $("unlock").disabled = true;
  showLock();
}

/* "Wait 60 seconds", "Wait 4 minutes": ticking down while the page waits. */
function showLock() {
  const left = seconds(lockUntil - Date.now());
  if (left === 0) {
    lockUntil = 0;
    $("unlock").disabled = false;
    pinMessage("You can try again now.");
    return;
  }
  const wait = left > 90 ? Math.ceil(left / 60) + " minutes" : plural(left, "second", "seconds");
  pinMessage((lockEveryone ? "Too many wrong PINs on this network: the host page is locked for everyone. "
    : "Too many wrong PINs from this device. ") + "Wait " + wait + ", then try again.");
}

$("pin-form").onsubmit = (event) => {
  event.preventDefault();
  const pin = $("pin").value.replace(/\s+/g, "");
  if (lockUntil) return;
  if (!/^[0-9]{6,12}$/.test(pin)) { pinMessage("The PIN is 6 digits (a chosen one up to 12), as the host's screen shows it."); return; }
  pinMessage("Checking\u2026");
  connect({ pin: pin });
};

// ---- the controls ----

function showControls() {
  $("pin-view").hidden = true;
  $("control-view").hidden = tool !== null;
  text("link-state", "Host controls");
}

function lobbyLine() {
  const count = Object.keys(feed.players).length, lobby = feed.lobby;
  let line = count + " of " + capacity(feed) + " players";
  if (feed.startsAt) line += " \u00B7 the game starts in " + seconds(feed.startsAt - Date.now()) + " s";
  else if (lobby && lobby.startRule === "whenFull") line += " \u00B7 the game starts when " + capacity(feed) + " are here";
  return line;
}

/* The game as the TV sees it, in a title, a line and a few lines under it. */
function drawState() {
  const module = games.module();
  let summary = feed.phase === "playing" && module ? module.hostSummary(feed.game, feed, ctx) : null;
  if (!summary && feed.phase === "over" && feed.final) {
    const names = feed.final.winners;
    summary = {
      title: names.length ? "Game over: " + names.join(" and ") + (names.length === 1 ? " wins" : " win") : "Game over",
      line: "Next game: " + lobbyLine(),
      lines: feed.final.standings.slice(0, 4).map((l, n) => (n + 1) + ". " + l.name + " \u00B7 " + l.score).concat(between(module)),
    };
  }
  summary = summary || { title: "Lobby", line: lobbyLine(), lines: between(module) };
  text("state-title", (feed.paused ? "Paused \u00B7 " : "") + summary.title);
  text("state-line", summary.line);
  patch($("state-standings"), summary.lines.map(summaryLine));
  $("notice").hidden = !feed.paused;
  text("notice", feed.paused ? "Paused: the players' countdown stands still." : "");
}

/* What the game says between games (trivia: the next game's quiz), or nothing. */
function between(module) {
  return module && module.hostBetween && feed.game ? module.hostBetween(feed.game, feed, ctx) || [] : [];
}

/* A line of the game's summary: words, or {text, command, label, id} with a button that gives
   the game's command (Punchline's Hide beside an answer). */
function summaryLine(l) {
  if (typeof l === "string") return h("li", null, l);
  return h("li", { class: "with-action" }, h("span", null, l.text),
    l.command ? h("button", { type: "button", id: l.id || null, class: "command action", on: { click: () => send(l.command) } }, l.label) : null);
}

/* "mark right", "mark not right": a command this page has no words for. */
function describe(c) {
  const words = [c.command];
  for (const key in c) {
    if (key === "command" || !Object.prototype.hasOwnProperty.call(c, key)) continue;
    const value = c[key];
    words.push(value === true ? key : value === false ? "not " + key : typeof value === "string" ? value : key + " " + value);
  }
  return words.join(" ");
}

/* A command's name for its look and its button's id: the command, or for a mark which one. */
function key(c) { return c.command === "mark" ? (c.right ? "markRight" : "markWrong") : c.command; }

function commandButton(c, wide) {
  const look = LOOK[key(c)] || { icon: "\u25CF", label: capital(describe(c)) };
  const click = () => { if (look.confirm) ask(look.confirm, look.icon, look.label, c); else send(c); };
  return h("button", { type: "button", id: "cmd-" + key(c), class: "command" + (look.kind ? " " + look.kind : "") + (wide ? " wide" : ""), on: { click: click } },
    h("span", { class: "icon", "aria-hidden": "true" }, look.icon), h("span", { class: "label" }, look.label));
}

/* The host's commands as buttons; pause and unpause are one button that says which it does. */
function drawCommands() {
  const commands = (feed.host && feed.host.commands) || [], names = commands.map((c) => c.command);
  const toggle = names.indexOf("pause") >= 0 && names.indexOf("unpause") >= 0;
  const shown = commands.filter((c) => !(toggle && c.command === "unpause"))
    .map((c) => toggle && c.command === "pause" && feed.paused ? commands[names.indexOf("unpause")] : c);
  patch($("commands"), shown.map((c, i) => commandButton(c, shown.length % 2 === 1 && i === shown.length - 1)));
}

function drawPlayers() {
  const ids = Object.keys(feed.players).map(Number).sort((a, b) => a - b);
  text("players-title", "Players: " + ids.length + " of " + capacity(feed));
  patch($("host-players"), ids.length === 0 ? [h("li", { class: "empty" }, "Nobody is here yet.")] : ids.map((id) =>
    h("li", null,
      h("span", { class: "who" }, h("span", { class: "name" }, feed.players[id]), " ", h("span", { class: "id" }, "id " + id),
        h("span", { class: "away" }, feed.away[id] ? "away: reconnecting\u2026" : "")),
      h("button", { type: "button", id: "kick-" + id, class: "command kick danger", on: {
        click: () => ask("Remove " + feed.players[id] + " from the game? (No ban: they may join again.)", "\u2715", "Remove " + feed.players[id], { command: "kick", peer: id }),
      } }, h("span", { class: "icon", "aria-hidden": "true" }, "\u2715"), h("span", { class: "label" }, "Kick")))));
}

/* A question before a destructive command, in place of the command buttons. */
function ask(question, icon, label, command) {
  confirming = command;
  text("confirm-text", question);
  patch($("confirm-yes"), [h("span", { class: "icon", "aria-hidden": "true" }, icon), h("span", { class: "label" }, label)]);
  $("commands").hidden = true;
  $("confirm").hidden = false;
}

function closeConfirm() {
  confirming = null;
  $("confirm").hidden = true;
  $("commands").hidden = false;
}

$("confirm-yes").onclick = () => {
  if (confirming) send(confirming);
  closeConfirm();
};
$("confirm-no").onclick = closeConfirm;

/* What a command did, in words ("Skipped question 3"); `m` arrives before its effects. */
function doneSentence(m) {
  const c = m.command;
  switch (c.command) {
    case "startNow": return "Started the game";
    case "skip": return (feed.phase === "playing" && games.module() && games.module().skipped(feed.game, feed)) || "Skipped";
    case "pause": return "Paused the game";
    case "unpause": return "The game goes on";
    case "kick": return "Removed " + (m.peer ? m.peer.name : "player " + c.peer);
    case "end": return "Ended the game";
    case "rematch": return "Rematch: a new game with the same players";
    default: {
      const module = games.module(), words = module && module.commandDone ? module.commandDone(c) : null;
      return words || "Done: " + describe(c);
    }
  }
}

function outcome(sentence, done) {
  for (const id of ["outcome", "tool-outcome"]) {  /* the tool view shows them too: a tool gives commands */
    const element = $(id);
    element.textContent = (done ? "\u2713 " : "\u2715 ") + sentence;
    element.className = "outcome " + (done ? "done" : "refused");
  }
}

// ---- a game's host tools (docs/WEB.md, "A game's host tools") ----

/* One button per tool the game's module lists (hostTools: [{label, module, icon}]). */
function drawTools() {
  const module = games.module(), tools = (module && module.hostTools) || [];
  $("tools").hidden = tools.length === 0;
  patch($("tools"), tools.map((t, i) => h("button", {
    type: "button", id: "tool-" + t.label.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    class: "command tool" + (tools.length % 2 === 1 && i === tools.length - 1 ? " wide" : ""), on: { click: () => openTool(t) },
  }, h("span", { class: "icon", "aria-hidden": "true" }, t.icon || "\u2630"), h("span", { class: "label" }, t.label))));
}

/* The tool's view in place of the controls: its module imported now (a phone or a TV never
   loads it), mounted with the page's means. */
function openTool(t) {
  const opened = { tool: t, mounted: null };
  tool = opened;
  $("control-view").hidden = true;
  $("tool-view").hidden = false;
  text("tool-title", t.label);
  const element = $("tool-outcome");
  element.textContent = "";
  element.className = "outcome";
  patch($("tool-body"), [h("p", { class: "status" }, "Loading\u2026")]);
  import(t.module).then((found) => {
    if (tool !== opened) return;
    patch($("tool-body"), []);
    opened.mounted = found.mount($("tool-body"), toolContext) || null;
  }, () => {
    if (tool === opened) patch($("tool-body"), [h("p", { class: "message" }, "Cannot load " + t.label + ": reload the page.")]);
  });
}

function closeTool() {
  if (!tool) return;
  tool = null;
  patch($("tool-body"), []);
  $("tool-view").hidden = true;
  if (unlocked) $("control-view").hidden = false;
}

$("tool-close").onclick = closeTool;

/* A request of the game's own (its desk: /host/api/PATH) with the page's token. `body`: an
   object (sent as JSON), or a File, Blob or ArrayBuffer (sent as it is). Resolves
   {status, json} (a refusal's json is {error}), or {status, blob, name} for a file to save;
   status 0 when the host cannot be reached. */
function api(method, path, body, headers) {
  const init = { method: method, headers: Object.assign({ Authorization: "Bearer " + (sessionStorage.getItem(TOKEN) || "") }, headers || {}) };
  if (body !== null && body !== undefined) {
    const raw = body instanceof Blob || body instanceof ArrayBuffer;
    init.body = raw ? body : JSON.stringify(body);
    if (!raw) init.headers["Content-Type"] = "application/json";
  }
  return fetch("/host/api/" + path, init).then((response) => {
    const type = response.headers.get("Content-Type") || "", disposition = response.headers.get("Content-Disposition") || "";
    if (/^application\/json/.test(type) && !/^attachment/.test(disposition)) {
      return response.json().then((json) => ({ status: response.status, json: json }), () => ({ status: response.status, json: null }));
    }
    return response.blob().then((blob) => ({ status: response.status, json: null, blob: blob, name: fileName(disposition) }));
  }, () => ({ status: 0, json: { error: "Cannot reach the host. Is snap-host still running?" } }));
}

/* The name a Content-Disposition gives (filename*=UTF-8''…, else filename="…"), or null. */
function fileName(disposition) {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition), plain = /filename="([^"]*)"/i.exec(disposition);
  try { if (encoded) return decodeURIComponent(encoded[1]); } catch (e) { /* a bad escape: the plain name */ }
  return plain ? plain[1] : null;
}

/* Saves `blob` as a file called `name` (a link to it, pressed: a plain link would not carry the token). */
function save(blob, name) {
  const address = URL.createObjectURL(blob), link = document.createElement("a");
  link.href = address;
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), 60000);
}

/* What a tool is handed (mount(element, toolContext)). */
const toolContext = {
  h: h, patch: patch, api: api, save: save,
  command: send,             /* a host command, as the buttons send them: {"command":"startNow"} */
  feed: () => feed,          /* the game as the page sees it (feed.mjs): players, phase, the game's state */
  close: closeTool,
};

setInterval(() => {
  if (lockUntil) showLock();
  if (unlocked && feed.host) drawState();
}, 250);

if (sessionStorage.getItem(TOKEN)) {  /* unlocked before (a reload): back without the PIN */
  unlocked = true;
  showControls();
  text("link-state", "Connecting\u2026");
  resume();
}
