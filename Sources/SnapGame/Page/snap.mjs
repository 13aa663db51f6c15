/* Snap! in the browser (docs/SNAP.md, docs/WEB.md): owns how its messages look on the phone
   (every seat's top card and count, whose turn, FLIP and SNAP! buttons, who won the last snap,
   the final cards), on the TV (the table, the last snap) and on the host page (one summary).
   Loaded as /games/snap.mjs when the host's hello names the game "snap" (docs/WEB.md, "A game's
   page module"). Imports nothing: views are made with the `h` the page hands over. */

export const name = "snap";

const SUITS = ["\u2663", "\u2666", "\u2665", "\u2660"];  /* ♣ ♦ ♥ ♠ (card / 13) */
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/* "10♥" for card 35 (rank card % 13, suit card / 13). */
export function cardName(card) { return RANKS[card % 13] + SUITS[Math.floor(card / 13)]; }

/* How many playing seats show each rank on top. */
export function topRanks(seats) {
  const ranks = {};
  seats.forEach((s) => { if (s.status === "playing" && s.top != null) ranks[s.top % 13] = (ranks[s.top % 13] || 0) + 1; });
  return ranks;
}

/* A seat's top card (or an empty pile), ringed when another pile shows its rank. */
function card(h, top, ranks) {
  if (top == null) return h("div", { class: "card empty", "aria-label": "no card" }, "\u2014");
  return h("div", { class: "card" + (Math.floor(top / 13) % 3 === 0 ? " black" : " red") + (ranks[top % 13] > 1 ? " match" : "") }, cardName(top));
}

export function cards(seat) { return seat.faceDown + seat.faceUp; }

export function refusalSentence(reason) {
  switch (reason) {
    case "notYourTurn": return "Not your turn to flip.";
    case "stale": return "Too slow: the table changed.";
    case "judging": return "Hold on: a snap is being judged.";
    case "alreadySnapped": return "You already snapped.";
    case "notPlaying": return "You are out of cards.";
    case "paused": return "The game is paused.";
    default: return "Refused (" + reason + ").";
  }
}

/* ---- The phone: a player ---- */

/* ctx: h, me(), nameOf(id), now(), clock() (µs), send(body), paused(), redraw(). */
export function phone(ctx) {
  const h = ctx.h;
  let table = null, message = "", lastSnap = "", final = null;
  const mine = (id) => !!(ctx.me() && id === ctx.me().id);
  const who = (id) => mine(id) ? "You" : ctx.nameOf(id);

  function onTable(t) {
    table = t;
    const e = t.event;
    if (e.type === "flip") message = lastSnap;
    else if (e.type === "snap") {
      lastSnap = who(e.player) + " won the last snap (" + e.cards + " cards).";
      message = who(e.player) + " snapped and won " + e.cards + " cards!";
    } else if (e.type === "falseSnap") message = who(e.player) + " snapped falsely and paid a card each.";
    else if (e.type === "deal") { message = "Cards dealt. Watch for two tops of the same rank!"; lastSnap = ""; }
    else if (e.type === "leave") message = ctx.nameOf(e.player) + " left.";
    else if (e.type === "skip") message = (mine(e.player) ? "Your" : ctx.nameOf(e.player) + "'s") + " turn was skipped by the host.";
  }

  function view() {
    if (!table) return null;
    const t = table, ranks = topRanks(t.seats), myTurn = mine(t.turn);
    return h("section", { id: "snap-view" },
      h("p", { id: "snap-status", class: "status" }, t.turn == null ? "" : myTurn ? "Your turn: FLIP!" : ctx.nameOf(t.turn) + "'s turn"),
      h("div", { id: "snap-seats", class: "seats" }, t.seats.map((seat) =>
        h("div", { class: "seat" + (seat.id === t.turn ? " turn" : "") + (mine(seat.id) ? " mine" : "") + (seat.status !== "playing" ? " out" : "") },
          card(h, seat.top, ranks),
          h("div", { class: "who" }, (mine(seat.id) ? "You" : seat.name) + " \u00B7 " + cards(seat))))),
      h("div", { class: "snap-buttons" },
        h("button", { id: "flip", type: "button", class: "big flip", disabled: !myTurn, on: { click: () => ctx.send({ kind: "flip" }) } }, "FLIP"),
        h("button", { id: "snap", type: "button", class: "big snap", on: { click: () => ctx.send({ kind: "snap", seq: t.seq, pressedAt: ctx.clock() }) } }, "SNAP!")),
      h("p", { id: "snap-message", class: "message", role: "status" }, message));
  }

  return {
    message: (m) => {
      if (m.kind === "table") { onTable(m); if (m.event.type === "deal") final = null; }
      else if (m.kind === "refused") message = refusalSentence(m.reason);
      else if (m.kind === "gameOver") { final = m; table = null; }
    },
    state: () => {},
    view: view,
    overView: () => {
      if (!final) return null;
      const lines = final.standings || [], me = ctx.me();
      let place = 0;
      lines.forEach((seat, i) => { if (me && seat.id === me.id) place = i + 1; });
      const won = me && final.winners.indexOf(me.id) >= 0;
      return [
        h("h1", { id: "over-title" }, won ? "You won!" : final.winners.length ? "Winner: " + final.winners.map(ctx.nameOf).join(", ") : "Game over"),
        h("p", { id: "over-place", class: "status" }, place ? "You finished with " + cards(lines[place - 1]) + " cards \u2014 place " + place + " of " + lines.length : ""),
        h("ol", { id: "over-standings", class: "standings" }, lines.map((seat) =>
          h("li", { class: me && seat.id === me.id ? "mine" : null }, seat.name + " \u2014 " + cards(seat) + " cards"))),
      ];
    },
  };
}

/* ---- The TV and the host page: a watcher of the feed (feed.mjs) ---- */

export function watchStart() { return { table: null, lastSnap: "" }; }

export function watch(s, m) {
  if (m.kind === "table") {
    const e = m.event;
    const lastSnap = e.type === "deal" ? "" : e.type === "snap" ? { player: e.player, cards: e.cards } : s.lastSnap;
    return { table: m, lastSnap: lastSnap };
  }
  if (m.kind === "gameOver") return { table: null, lastSnap: "" };
  return s;
}

export function watchPrivate(s) { return s; }
export function watchState(s) { return s; }

export function final(m, names) {
  const lines = m.standings || [];
  const nameOf = (id) => { const seat = lines.filter((l) => l.id === id)[0]; return seat ? seat.name : names[id] || "#" + id; };
  return { winners: m.winners.map(nameOf), standings: lines.map((l) => ({ id: l.id, name: l.name, score: cards(l) + (cards(l) === 1 ? " card" : " cards") })) };
}

export function phase(s) { return s.table ? "Snap! \u00B7 flip " + s.table.flips : ""; }

export function tvView(s, feed, ctx) {
  const h = ctx.h, t = s.table;
  if (!t) return null;
  const nameOf = (id) => feed.players[id] || (t.seats.filter((seat) => seat.id === id)[0] || { name: "#" + id }).name;
  const ranks = topRanks(t.seats), e = t.event;
  const event = e.type === "snap" ? "SNAP! " + nameOf(e.player) + " wins " + e.cards + " cards"
    : e.type === "falseSnap" ? nameOf(e.player) + " snapped falsely and pays"
    : e.type === "deal" ? "Cards dealt"
    : e.type === "skip" ? nameOf(e.player) + "'s turn was skipped by the host" : "";
  return h("section", { id: "tv-snap" },
    h("h1", { id: "snap-title" }, t.turn != null ? nameOf(t.turn) + "'s turn" : ""),
    h("div", { id: "tv-seats", class: "seats" }, t.seats.map((seat) =>
      h("div", { class: "seat" + (seat.id === t.turn ? " turn" : "") + (seat.status !== "playing" ? " out" : "") },
        card(h, seat.top, ranks),
        h("div", { class: "who" }, seat.name + " \u00B7 " + cards(seat) + " cards")))),
    h("p", { id: "snap-event", class: "message" }, event),
    h("p", { id: "snap-last", class: "status" }, s.lastSnap ? nameOf(s.lastSnap.player) + " won the last snap (" + s.lastSnap.cards + " cards)" : ""));
}

export function hostSummary(s, feed) {
  const t = s.table;
  if (!t) return null;
  const nameOf = (id) => feed.players[id] || "#" + id;
  return {
    title: "Snap!" + (t.turn != null ? " \u00B7 " + nameOf(t.turn) + "'s turn" : ""),
    line: "Flip " + t.flips + " \u00B7 " + t.seats.map((seat) => seat.name + " " + cards(seat)).join(", "),
    lines: [],
  };
}

export function skipped(s, feed) {
  return s.table && s.table.turn != null ? "Skipped " + (feed.players[s.table.turn] || "#" + s.table.turn) + "'s turn" : null;
}
