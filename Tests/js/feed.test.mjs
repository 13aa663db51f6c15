/* The feed reducer (Sources/Web/Pages/feed.mjs) that the TV page and the host page share. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { initial, reduce, awayLine, capacity } from "../../Sources/Web/Pages/feed.mjs";
import * as trivia from "../../Sources/Trivia/Page/trivia-watch.mjs";  /* the whole module: the watchers' half passes the phone's on */
import { fixture, fold, isPublic } from "./support.mjs";

const hello = { type: "hello", host: "Living Room", game: "trivia", capacity: 8, url: "http://x/", players: [{ id: 1, name: "Ann" }, { id: 2, name: "Bob" }], away: [2] };

/* A game module that records what the feed hands it. */
function recorder() {
  const calls = [];
  return {
    calls: calls,
    watchStart: () => ({ n: 0 }),
    watch: (s, body, at) => { calls.push(["watch", body.kind, at.age]); return { n: s.n + 1 }; },
    watchPrivate: (s, kind, ids) => { calls.push(["private", kind, ids]); return s; },
    watchState: (s, key, body) => { calls.push(["state", key, body.tick]); return s; },
    final: (body, names) => ({ winners: body.winners.map((id) => names[id]), standings: [] }),
  };
}

function deepFreeze(value) {
  if (value && typeof value === "object") { Object.freeze(value); Object.values(value).forEach(deepFreeze); }
  return value;
}

test("hello says who is here and who is away; joined, left, away and back follow them", () => {
  let feed = reduce(initial(), hello, null, 0);
  assert.deepEqual(feed.players, { 1: "Ann", 2: "Bob" });
  assert.equal(awayLine(feed), "Bob is reconnecting\u2026");
  feed = reduce(feed, { type: "joined", peer: { id: 3, name: "Cy" } }, null, 0);
  feed = reduce(feed, { type: "away", peer: { id: 3, name: "Cy" } }, null, 0);
  assert.equal(awayLine(feed), "Bob, Cy are reconnecting\u2026");
  feed = reduce(feed, { type: "back", peer: { id: 2, name: "Bob" } }, null, 0);
  feed = reduce(feed, { type: "left", peer: { id: 3, name: "Cy" }, reason: "userQuit" }, null, 0);
  assert.deepEqual(feed.players, { 1: "Ann", 2: "Bob" });
  assert.equal(awayLine(feed), "");
  assert.equal(capacity(feed), 8);
});

test("reduce never changes the value it is given", () => {
  const game = recorder();
  let feed = deepFreeze(reduce(initial(), hello, game, 0));
  for (const m of [
    { type: "joined", peer: { id: 3, name: "Cy" } }, { type: "away", peer: { id: 1, name: "Ann" } }, { type: "back", peer: { id: 1, name: "Ann" } },
    { type: "sent", to: "all", body: { kind: "lobby", capacity: 8, startsInMs: 5000 } }, { type: "sent", to: "all", body: { kind: "question" } },
    { type: "sent", to: [1], kind: "accepted" }, { type: "sent", to: "all", body: { kind: "pause", paused: true } },
    { type: "left", peer: { id: 3, name: "Cy" }, reason: "kicked" }, { type: "sent", to: "all", body: { kind: "gameOver", winners: [1] } },
  ]) feed = deepFreeze(reduce(feed, m, game, 0));
  assert.equal(feed.phase, "over");
});

test("the lobby's countdown counts from when the message was sent, not when a late screen heard it", () => {
  const feed = reduce(reduce(initial(), hello, null, 0), { type: "sent", to: "all", body: { kind: "lobby", capacity: 6, startRule: "after", startsInMs: 10000 }, ageMs: 4000 }, null, 50000);
  assert.equal(feed.startsAt, 56000);
  assert.equal(capacity(feed), 6);
  assert.equal(feed.phase, "lobby");
});

test("a game's message means a game is on; its end stays over through the next lobby until a game begins", () => {
  const game = recorder();
  let feed = reduce(initial(), hello, game, 0);
  feed = reduce(feed, { type: "sent", to: "all", body: { kind: "question" }, ageMs: 300 }, game, 1000);
  assert.equal(feed.phase, "playing");
  feed = reduce(feed, { type: "sent", to: "all", body: { kind: "pause", paused: true } }, game, 2000);
  assert.equal(feed.paused, true);
  feed = reduce(feed, { type: "sent", to: "all", body: { kind: "gameOver", winners: [2] } }, game, 3000);
  assert.equal(feed.phase, "over");
  assert.equal(feed.paused, false);
  assert.equal(feed.overAt, 3000);
  assert.deepEqual(feed.final.winners, ["Bob"]);
  feed = reduce(feed, { type: "sent", to: "all", body: { kind: "lobby", capacity: 8, startsInMs: 9000 } }, game, 4000);
  assert.equal(feed.phase, "over");
  feed = reduce(feed, { type: "sent", to: "all", body: { kind: "game" } }, game, 5000);
  assert.equal(feed.phase, "playing");
  assert.deepEqual(game.calls.map((c) => c[1]), ["question", "pause", "gameOver", "game"]);
  assert.equal(game.calls[0][2], 300);
});

test("private notices and real-time states go to the game's module; without one only presence is kept", () => {
  const game = recorder();
  let feed = reduce(initial(), hello, game, 0);
  feed = reduce(feed, { type: "sent", to: [1, 2], kind: "accepted" }, game, 0);
  feed = reduce(feed, { type: "state", key: "court", seq: 1, body: { tick: 9 } }, game, 0);
  assert.deepEqual(game.calls, [["private", "accepted", [1, 2]], ["state", "court", 9]]);
  let bare = reduce(initial(), hello, null, 0);
  bare = reduce(bare, { type: "sent", to: "all", body: { kind: "question" } }, null, 0);
  bare = reduce(bare, { type: "state", key: "court", seq: 1, body: {} }, null, 0);
  assert.equal(bare.game, null);
  assert.equal(bare.phase, "playing");
});

test("a hello starts afresh (the screen reconnected to a host that restarted)", () => {
  const game = recorder();
  let feed = reduce(initial(), hello, game, 0);
  feed = reduce(feed, { type: "sent", to: "all", body: { kind: "gameOver", winners: [] } }, game, 0);
  feed = reduce(feed, Object.assign({}, hello, { players: [], away: [] }), game, 0);
  assert.equal(feed.phase, "lobby");
  assert.equal(feed.final, null);
  assert.deepEqual(feed.players, {});
});

test("a recorded trivia game, folded as the TV folds it, ends over with the host's standings", () => {
  const recording = fixture("trivia");
  const feed = fold(recording.screen, trivia);
  const over = recording.screen.filter(isPublic("gameOver"))[0].body;
  assert.equal(feed.phase, "over");
  assert.deepEqual(feed.final.standings.map((l) => l.name), over.standings.map((l) => l.name));
  assert.ok(feed.final.winners.length >= 1);
});
