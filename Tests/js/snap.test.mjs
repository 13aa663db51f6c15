/* Snap!'s page module (Sources/SnapGame/Page/snap.mjs) fed the messages of a recorded game
   (Tests/js/fixtures/snap.json: a phone, Ann, who flips on her turn, a bot, and the TV's feed). */
import { test } from "node:test";
import assert from "node:assert/strict";
import * as snap from "../../Sources/SnapGame/Page/snap.mjs";
import { fixture, playerBodies, phoneCtx, play, fold, isPublic, byId, byClass, textOf, h } from "./support.mjs";

const recording = fixture("snap");
const me = recording.me;
const bodies = playerBodies(recording);
const tables = bodies.filter((b) => b.kind === "table");
const names = Object.fromEntries(tables[0].seats.map((s) => [s.id, s.name]));

test("the phone shows every seat's top card and count; FLIP is enabled on my turn only and sends a flip", () => {
  const mine = tables.filter((t) => t.turn === me.id)[0], theirs = tables.filter((t) => t.turn != null && t.turn !== me.id)[0];
  assert.ok(mine && theirs, "the recording has both players' turns");
  const ctx = phoneCtx(me, names), phone = snap.phone(ctx);
  phone.message(theirs);
  let view = phone.view();
  assert.equal(view.props.id, "snap-view");
  assert.equal(byId(view, "snap-seats").children.length, theirs.seats.length);
  assert.equal(byId(view, "flip").props.disabled, true);
  assert.equal(textOf(byId(view, "snap-status")), names[theirs.turn] + "'s turn");
  phone.message(mine);
  view = phone.view();
  assert.equal(byId(view, "flip").props.disabled, false);
  assert.equal(textOf(byId(view, "snap-status")), "Your turn: FLIP!");
  byId(view, "flip").props.on.click();
  byId(view, "snap").props.on.click();
  assert.deepEqual(ctx.sent, [{ kind: "flip" }, { kind: "snap", seq: mine.seq, pressedAt: 42 }]);
  const seat = mine.seats.filter((s) => s.id === me.id)[0];
  assert.ok(byClass(view, "mine").length === 1 && textOf(byClass(view, "mine")[0]).endsWith("You \u00B7 " + (seat.faceDown + seat.faceUp)));
});

test("cards read as rank and suit; two tops of one rank are ringed", () => {
  assert.equal(snap.cardName(0), "A\u2663");
  assert.equal(snap.cardName(13 + 9), "10\u2666");
  const ctx = phoneCtx(me, names), phone = snap.phone(ctx);
  phone.message({ kind: "table", seq: 3, turn: 1, flips: 2, maxFlips: 9, event: { type: "flip", player: 1 },
    seats: [{ id: 1, name: "Ann", top: 4, faceDown: 3, faceUp: 1, status: "playing" }, { id: 2, name: "Bot 1", top: 17, faceDown: 3, faceUp: 1, status: "playing" }] });
  const cards = byClass(phone.view(), "card");
  assert.deepEqual(cards.map(textOf), ["5\u2663", "5\u2666"]);
  assert.ok(cards.every((c) => c.props.class.includes("match")));
  phone.message({ kind: "refused", reason: "notYourTurn" });
  assert.equal(textOf(byId(phone.view(), "snap-message")), "Not your turn to flip.");
});

test("the game's end on the phone: my cards and place, everyone's cards", () => {
  const ctx = phoneCtx(me, names), phone = snap.phone(ctx);
  play(phone, bodies);
  const over = bodies.filter((b) => b.kind === "gameOver")[0];
  const view = h("div", null, phone.overView());
  const place = over.standings.findIndex((s) => s.id === me.id) + 1;
  const seat = over.standings[place - 1];
  assert.equal(textOf(byId(view, "over-place")), "You finished with " + (seat.faceDown + seat.faceUp) + " cards \u2014 place " + place + " of " + over.standings.length);
  assert.equal(byId(view, "over-standings").children.length, over.standings.length);
  assert.equal(phone.view(), null, "no table after the end");
});

test("the TV shows the table and whose turn; the host page a summary; the feed ends with the standings", () => {
  const ctx = { h: h, now: () => 0 };
  let feed = fold(recording.screen, snap, isPublic("table"));
  const table = recording.screen.filter(isPublic("table"))[0].body;
  const view = snap.tvView(feed.game, feed, ctx);
  assert.equal(view.props.id, "tv-snap");
  assert.equal(byId(view, "tv-seats").children.length, table.seats.length);
  assert.equal(textOf(byId(view, "snap-event")), "Cards dealt");
  assert.equal(textOf(byId(view, "snap-title")), names[table.turn] + "'s turn");
  assert.match(snap.hostSummary(feed.game, feed).line, /^Flip \d+ \u00B7 /);
  assert.equal(snap.skipped(feed.game, feed), "Skipped " + names[table.turn] + "'s turn");
  feed = fold(recording.screen, snap);
  const over = recording.screen.filter(isPublic("gameOver"))[0].body;
  assert.equal(feed.phase, "over");
  assert.deepEqual(feed.final.standings.map((l) => l.score), over.standings.map((s) => (s.faceDown + s.faceUp) + ((s.faceDown + s.faceUp) === 1 ? " card" : " cards")));
  assert.equal(snap.tvView(feed.game, feed, ctx), null);
});
