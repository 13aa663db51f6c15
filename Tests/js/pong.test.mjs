/* Pong's page module (Sources/Pong/Page/pong.mjs) fed the messages of a recorded game
   (Tests/js/fixtures/pong.json: a phone, Ann, who stands still, the host's bot, the TV's feed;
   the courts are real-time states, thinned). */
import { test } from "node:test";
import assert from "node:assert/strict";
import * as pong from "../../Sources/Pong/Page/pong.mjs";
import { fixture, playerBodies, phoneCtx, play, fold, isPublic, byId, textOf, h } from "./support.mjs";

const recording = fixture("pong");
const me = recording.me;
const bodies = playerBodies(recording);
const roles = bodies.filter((b) => b.kind === "roles")[0];
const courts = bodies.filter((b) => b.state === "court").map((b) => b.body);
const names = { [roles.left.id]: roles.left.name, [roles.right.id]: roles.right.name };
const mySide = roles.left.id === me.id ? "left" : "right";

test("the phone says which side I play, and the court comes as the newest state", () => {
  assert.ok(courts.length >= 2, "the recording has courts");
  const ctx = phoneCtx(me, names), phone = pong.phone(ctx);
  phone.message(roles);
  let view = phone.view();
  assert.equal(textOf(byId(view, "pong-role")), "You play " + mySide.toUpperCase() + (mySide === "left" ? " \u25C0" : " \u25B6") + " \u00B7 first to " + roles.points);
  assert.ok(byId(view, "pong-pad"), "a player gets the pad");
  const last = courts[courts.length - 1];
  assert.equal(phone.state("court", last), true);
  assert.equal(phone.state("court", courts[0]), false, "an older court is dropped");
  assert.equal(phone.state("court", Object.assign({}, last, { tick: last.tick + 1, game: roles.game + 1 })), false, "a court of another game is dropped");
  view = phone.view();
  const canvas = byId(view, "pong-court");
  assert.equal(canvas.props["data-tick"], last.tick);
  assert.equal(canvas.props["aria-label"], roles.left.name + " " + last.score.left + ", " + roles.right.name + " " + last.score.right);
  assert.equal(textOf(byId(view, "pong-nums")), last.score.left + " : " + last.score.right);
  assert.equal(typeof canvas.props.draw, "function");
});

test("a finger on the pad sends the paddle's wish as a state, clamped to the court, only when it changed", () => {
  const ctx = phoneCtx(me, names), phone = pong.phone(ctx);
  phone.message(roles);
  const pad = byId(phone.view(), "pong-pad");
  const finger = (y) => ({ clientY: y, pointerType: "touch", buttons: 1, preventDefault: () => {}, currentTarget: { getBoundingClientRect: () => ({ top: 100, height: 600 }) } });
  pad.props.on.pointerdown(finger(100));
  assert.deepEqual(ctx.states, [{ key: "paddle", body: { kind: "paddle", y: pong.COURT.paddleHeight / 2 } }]);
  assert.equal(pong.aimAt({ top: 100, height: 600 }, 400), 30);
  assert.equal(pong.aimAt({ top: 100, height: 600 }, 5000), pong.COURT.height - pong.COURT.paddleHeight / 2);
});

test("a watcher gets no pad; each point is told for a while; the end names the winner", () => {
  const ctx = phoneCtx({ id: 999, name: "Cy" }, names), phone = pong.phone(ctx);
  phone.message(roles);
  assert.equal(textOf(byId(phone.view(), "pong-role")), "Watching \u00B7 first to " + roles.points);
  assert.equal(byId(phone.view(), "pong-pad"), null);
  const point = bodies.filter((b) => b.kind === "point")[0];
  assert.ok(point, "the recording has a point");
  phone.message(point);
  assert.equal(textOf(byId(phone.view(), "pong-message")), names[point.scorer] + " scores!");
  ctx.time += 3000;
  assert.equal(textOf(byId(phone.view(), "pong-message")), "");
  const mine = pong.phone(phoneCtx(me, names));
  play(mine, bodies);
  const over = bodies.filter((b) => b.kind === "gameOver")[0];
  const title = textOf(byId(h("div", null, mine.overView()), "over-title"));
  assert.equal(title, over.winner === me.id ? "You won!" : names[over.winner] + " won!");
  assert.equal(mine.view(), null);
});

test("the TV draws the newest court with both names and the score; the host page sums it up", () => {
  const ctx = { h: h, now: () => 1_000_000 };
  let feed = fold(recording.screen, pong, (m) => m.type === "state");
  const view = pong.tvView(feed.game, feed, ctx);
  assert.equal(view.props.id, "tv-pong");
  assert.equal(textOf(byId(view, "pong-left")), roles.left.name);
  assert.equal(textOf(byId(view, "pong-right")), roles.right.name);
  assert.equal(textOf(byId(view, "pong-first")), "first to " + roles.points);
  assert.equal(pong.hostSummary(feed.game).title, "Pong \u00B7 first to " + roles.points);
  const stale = pong.watchState(feed.game, "court", Object.assign({}, feed.game.court, { tick: feed.game.court.tick - 1 }));
  assert.equal(stale, feed.game, "an older court changes nothing");
  feed = fold(recording.screen, pong);
  const over = recording.screen.filter(isPublic("gameOver"))[0].body;
  assert.equal(feed.phase, "over");
  assert.deepEqual(feed.final.winners, [names[over.winner]]);
  assert.equal(feed.final.standings[0].id, over.winner);
});
