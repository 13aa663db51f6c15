/* Pong in the browser (docs/GAMES.md, "Pong"; docs/WEB.md): owns how its messages look on the
   phone (who plays which side, the score with both names, the court, the pad a finger drags, the
   result), on the TV (the court as big as fits, the names under LEFT and RIGHT, each point) and
   on the host page (one summary), and the court's drawing. The court arrives as real-time states
   of key "court" (latest-wins: an older tick is dropped) or, from a host without the real-time
   channel, as messages. Loaded as /games/pong.mjs when the host's hello names the game "pong"
   (docs/WEB.md, "A game's page module"). Imports nothing. */

export const name = "pong";

/* The court's geometry in court units (Sources/Pong/Game/Court.swift). */
export const COURT = { width: 100, height: 60, paddleHeight: 12, inset: 3, ball: 1 };
const SIDE_COLOURS = { left: "#7bdff2", right: "#ffb347" };
const SIDES = ["left", "right"];

/* Whether `court` should replace `shown` for `roles`: of this game and newer. */
export function newer(court, shown, roles) {
  return !!(roles && court && court.kind === "court" && court.game === roles.game && (!shown || court.tick > shown.tick));
}

export function refusal(reason) {
  switch (reason) {
    case "noGame": return "No game is under way.";
    case "notPlaying": return "You are watching this game.";
    default: return "Refused (" + reason + ").";
  }
}

/* Where a finger at `clientY` over `box` (a DOMRect) asks the paddle to be, in court units. */
export function aimAt(box, clientY) {
  const half = COURT.paddleHeight / 2, y = (clientY - box.top) / box.height * COURT.height;
  return Math.round(Math.min(COURT.height - half, Math.max(half, y)) * 10) / 10;
}

/* ---- The drawing (a canvas's 2D context; the only code here that needs a browser) ---- */

/* Sizes `canvas` as big as fits `box` (an element; without one, its parent's width) keeping the
   court's proportions, sharp on any pixel ratio; returns pixels per court unit. */
function fitCanvas(canvas, box) {
  let across = box ? Math.min(box.clientWidth, box.clientHeight * COURT.width / COURT.height) : canvas.parentNode.clientWidth;
  across = Math.max(100, Math.floor(across));
  canvas.style.width = across + "px";
  canvas.style.height = Math.floor(across * COURT.height / COURT.width) + "px";
  const ratio = window.devicePixelRatio || 1, shown = canvas.getBoundingClientRect();
  const width = Math.round(shown.width * ratio), height = Math.round(shown.height * ratio);
  if (canvas.width !== width || canvas.height !== height) { canvas.width = width; canvas.height = height; }
  return width / COURT.width;
}

/* Draws `court` ({ball, paddles, score, serveInMs}, or null before the first) on `canvas`.
   `names`: each side's name, written on its half (sides are told apart by words, not colour
   alone); `mine`: the side this phone plays, marked YOU; `target`: where this phone asks its
   paddle to be, drawn faintly; `fitIn`: the element it fills. */
export function drawCourt(canvas, court, names, mine, target, fitIn) {
  const unit = fitCanvas(canvas, fitIn), g = canvas.getContext("2d"), w = canvas.width, hgt = canvas.height;
  g.fillStyle = "#0d2b22";
  g.fillRect(0, 0, w, hgt);
  g.strokeStyle = "rgba(255,255,255,0.35)";
  g.lineWidth = Math.max(2, unit * 0.4);
  g.setLineDash([unit * 2, unit * 2]);
  g.beginPath(); g.moveTo(w / 2, 0); g.lineTo(w / 2, hgt); g.stroke();
  g.setLineDash([]);
  g.textBaseline = "top";
  g.font = "800 " + Math.round(unit * 14) + "px system-ui, sans-serif";
  g.fillStyle = "rgba(255,255,255,0.5)";
  g.textAlign = "right"; g.fillText(String(court ? court.score.left : 0), w / 2 - unit * 5, unit * 3);
  g.textAlign = "left"; g.fillText(String(court ? court.score.right : 0), w / 2 + unit * 5, unit * 3);
  g.font = "700 " + Math.round(unit * 4.2) + "px system-ui, sans-serif";
  g.textBaseline = "bottom";
  SIDES.forEach((side) => {
    const label = (side === mine ? "YOU \u00B7 " : "") + (names && names[side] ? names[side] : side);
    g.fillStyle = SIDE_COLOURS[side];
    g.textAlign = side === "left" ? "left" : "right";
    g.fillText(side === "left" ? "\u25C0 " + label : label + " \u25B6", side === "left" ? unit * 6 : w - unit * 6, hgt - unit * 1.5, w / 2 - unit * 8);
  });
  if (!court) return;
  const paddleWidth = Math.max(unit * 1.6, 4);
  SIDES.forEach((side) => {
    const face = side === "left" ? COURT.inset * unit : w - COURT.inset * unit;
    const x = side === "left" ? face - paddleWidth : face;
    const top = (court.paddles[side] - COURT.paddleHeight / 2) * unit;
    if (side === mine && target != null) {  /* where the finger asks it to go */
      g.fillStyle = "rgba(255,255,255,0.18)";
      g.fillRect(x - paddleWidth, (target - COURT.paddleHeight / 2) * unit, paddleWidth * 3, COURT.paddleHeight * unit);
    }
    g.fillStyle = SIDE_COLOURS[side];
    g.fillRect(x, top, paddleWidth, COURT.paddleHeight * unit);
    if (side === mine) { g.strokeStyle = "#fff"; g.lineWidth = Math.max(2, unit * 0.5); g.strokeRect(x, top, paddleWidth, COURT.paddleHeight * unit); }
  });
  g.fillStyle = "#fff";
  if (court.serveInMs == null) {
    g.beginPath();
    g.arc(court.ball.x * unit, court.ball.y * unit, Math.max(COURT.ball * unit * 1.2, 5), 0, Math.PI * 2);
    g.fill();
  } else {
    g.font = "700 " + Math.round(unit * 5) + "px system-ui, sans-serif";
    g.textAlign = "center"; g.textBaseline = "middle";
    g.fillText("Get ready\u2026", w / 2, hgt / 2);
  }
}

/* The court's words, for a screen reader and the tests: what the picture shows. */
function courtLabel(roles, court) {
  const score = court ? court.score : { left: 0, right: 0 };
  return roles.left.name + " " + score.left + ", " + roles.right.name + " " + score.right;
}

/* ---- The phone: a player or a watcher ---- */

/* ctx: h, me(), nameOf(id), now() (ms), send(body), sendState(key, body), redraw(). */
export function phone(ctx) {
  const h = ctx.h;
  let roles = null, side = null, court = null, target = null, sentY = null, sentAt = -1e9, sendTimer = null;
  let message = "", messageUntil = Infinity, final = null;
  const me = () => ctx.me();

  function say(text, ms) { message = text; messageUntil = ms ? ctx.now() + ms : Infinity; }

  function onRoles(r) {
    const fresh = !roles || roles.game !== r.game;
    roles = r;
    final = null;
    side = me() && r.left.id === me().id ? "left" : me() && r.right.id === me().id ? "right" : null;
    if (fresh) {
      court = null; target = null; sentY = null;
      say(side ? "Drag to move your paddle. Good luck!" : "You are watching: you play in a later game.");
    }
  }

  function onCourt(c) {
    if (!newer(c, court, roles)) return false;
    court = c;
    return true;
  }

  /* The paddle's wish as a state, at most 60 a second and only when it changed. */
  function sendPaddle() {
    if (!side || target === null || target === sentY || sendTimer) return;
    const wait = sentAt + 1000 / 60 - performance.now();
    if (wait > 0) { sendTimer = setTimeout(() => { sendTimer = null; sendPaddle(); }, wait); return; }
    sentAt = performance.now();
    sentY = target;
    ctx.sendState("paddle", { kind: "paddle", y: target });
  }

  function aim(event) {
    if (!side) return;
    target = aimAt(event.currentTarget.getBoundingClientRect(), event.clientY);
    sendPaddle();
    ctx.redraw();
  }

  /* A finger (or a pressed mouse) on the court or the pad moves the paddle. */
  const drag = {
    pointerdown: (e) => {
      e.preventDefault();
      if (e.currentTarget.setPointerCapture) e.currentTarget.setPointerCapture(e.pointerId);
      aim(e);
    },
    pointermove: (e) => { if (e.pointerType === "mouse" && !e.buttons) return; aim(e); },
  };

  const nameOn = (s) => me() && roles[s].id === me().id ? "You" : roles[s].name;

  function view() {
    if (!roles) return null;
    const score = court ? court.score : { left: 0, right: 0 };
    const names = { left: roles.left.name, right: roles.right.name };
    return h("section", { id: "pong-view" },
      h("p", { id: "pong-role", class: "pong-role" }, side
        ? "You play " + side.toUpperCase() + (side === "left" ? " \u25C0" : " \u25B6") + " \u00B7 first to " + roles.points
        : "Watching \u00B7 first to " + roles.points),
      h("p", { class: "pong-score" },
        h("span", { id: "pong-left-name", class: "who left" }, "\u25C0 " + nameOn("left")),
        h("span", { id: "pong-nums", class: "nums" }, score.left + " : " + score.right),
        h("span", { id: "pong-right-name", class: "who right" }, nameOn("right") + " \u25B6")),
      h("canvas", {
        id: "pong-court", class: "pong-court", role: "img", "aria-label": courtLabel(roles, court),
        "data-tick": court ? court.tick : null,
        "data-left": court ? court.paddles.left.toFixed(1) : null,
        "data-right": court ? court.paddles.right.toFixed(1) : null,
        "data-ball": court ? court.ball.y.toFixed(1) : null,
        on: drag, draw: (canvas) => drawCourt(canvas, court, names, side, target),
      }),
      h("p", { id: "pong-message", class: "message", role: "status" }, ctx.now() < messageUntil ? message : ""),
      side && h("div", { id: "pong-pad", class: "pong-pad", on: drag }, "Drag up and down", h("br"), "to move your paddle"));
  }

  return {
    message: (m) => {
      switch (m.kind) {
        case "roles": onRoles(m); break;
        case "court": onCourt(m); break;  /* a host without the real-time channel sends it as a message */
        case "point":
          if (!roles) break;
          if (court) court = Object.assign({}, court, { score: m.score });
          say(me() && m.scorer === me().id ? "You score!" : roles[m.side].name + " scores!", 2500);
          break;
        case "refused": say(refusal(m.reason)); break;
        case "gameOver": final = m; roles = null; side = null; break;
        default: break;
      }
    },
    /* A real-time state; true when it changed the picture. */
    state: (key, body) => key === "court" && onCourt(body),
    view: view,
    overView: () => {
      if (!final) return null;
      const r = final.roles, winner = final.winner, mine = me();
      const winning = winner == null ? null : r.left.id === winner ? "left" : "right";
      const why = final.ended === "forfeit" ? " \u00B7 " + r[winning === "left" ? "right" : "left"].name + " left the game"
        : final.ended === "endedByHost" ? " \u00B7 the host ended the game" : "";
      const high = Math.max(final.score.left, final.score.right), low = Math.min(final.score.left, final.score.right);
      return [
        h("h1", { id: "over-title", class: "huge" }, winner == null ? "Game over: level" : mine && winner === mine.id ? "You won!" : r[winning].name + " won!"),
        h("p", { id: "over-place", class: "status" }, (winner == null ? "Level at " : "Won ") + high + " : " + low + " \u00B7 first to " + r.points + why),
        h("ol", { id: "over-standings", class: "standings" }, SIDES.map((s) =>
          h("li", { class: mine && r[s].id === mine.id ? "mine" : null }, r[s].name + " (" + s + ") \u2014 " + final.score[s] + (r[s].id === winner ? " \u2605 winner" : "")))),
      ];
    },
  };
}

/* ---- The TV and the host page: a watcher of the feed (feed.mjs) ---- */

export function watchStart() { return { roles: null, court: null, score: { left: 0, right: 0 }, point: null }; }

export function watch(s, m, at) {
  switch (m.kind) {
    case "roles":
      return s.roles && s.roles.game === m.game ? Object.assign({}, s, { roles: m })
        : { roles: m, court: null, score: { left: 0, right: 0 }, point: null };
    case "court": return watchState(s, "court", m);
    case "point": return Object.assign({}, s, { score: m.score, point: { side: m.side, until: at.now - at.age + 2500 } });
    case "gameOver": return watchStart();
    default: return s;
  }
}

export function watchPrivate(s) { return s; }

export function watchState(s, key, body) {
  if (key !== "court" || !newer(body, s.court, s.roles)) return s;
  return Object.assign({}, s, { court: body, score: body.score });
}

export function final(m) {
  const r = m.roles;
  const lines = SIDES.map((side) => ({ id: r[side].id, name: r[side].name + " (" + side + ")", score: m.score[side] === 1 ? "1 point" : m.score[side] + " points" }));
  if (m.winner === r.right.id) lines.reverse();
  const winner = m.winner == null ? [] : [m.winner === r.left.id ? r.left.name : r.right.name];
  return { winners: winner, standings: lines };
}

export function phase(s) { return s.roles ? "Pong \u00B7 first to " + s.roles.points : ""; }

export function tvView(s, feed, ctx) {
  const h = ctx.h, r = s.roles;
  if (!r) return null;
  const names = { left: r.left.name, right: r.right.name };
  return h("section", { id: "tv-pong" },
    h("div", { class: "pong-names" },
      h("div", { class: "pong-side left" }, h("span", { class: "side-label" }, "\u25C0 LEFT"), h("span", { id: "pong-left", class: "side-name" }, r.left.name)),
      h("div", { class: "pong-middle" },
        h("span", { id: "tv-pong-score", class: "pong-big-score" }, s.score.left + " : " + s.score.right),
        h("span", { id: "pong-first", class: "status" }, "first to " + r.points)),
      h("div", { class: "pong-side right" }, h("span", { class: "side-label" }, "RIGHT \u25B6"), h("span", { id: "pong-right", class: "side-name" }, r.right.name))),
    h("div", { id: "tv-court-box", class: "court-box" },
      h("canvas", {
        id: "tv-court", class: "pong-court", role: "img", "aria-label": courtLabel(r, s.court),
        "data-tick": s.court ? s.court.tick : null,
        draw: (canvas) => drawCourt(canvas, s.court, names, null, null, canvas.parentNode),
      })),
    h("p", { id: "tv-pong-message", class: "message" }, s.point && ctx.now() < s.point.until ? r[s.point.side].name + " scores!" : ""));
}

export function hostSummary(s) {
  const r = s.roles;
  if (!r) return null;
  return { title: "Pong \u00B7 first to " + r.points, line: r.left.name + " (left) " + s.score.left + " : " + s.score.right + " " + r.right.name + " (right)", lines: [] };
}

export function skipped() { return null; }
