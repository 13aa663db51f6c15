/* What the page modules' tests share: the recorded fixtures (Tests/js/record.py wrote them from a
   real host), a phone's ctx that records what the game sends, and the feed folded message by
   message. No DOM: the modules' views are descriptions (dom.mjs's h). */
import { readFileSync } from "node:fs";
import { h, byId, byClass, textOf } from "../../Sources/Web/Pages/dom.mjs";
import { initial, reduce } from "../../Sources/Web/Pages/feed.mjs";

export { h, byId, byClass, textOf };

/* {me, player: [wire messages a phone heard], screen: [feed messages a TV heard]} */
export function fixture(game) {
  return JSON.parse(readFileSync(new URL("./fixtures/" + game + ".json", import.meta.url), "utf8"));
}

/* The game messages a phone heard (app bodies from the host; states as {key, body}). */
export function playerBodies(recording) {
  return recording.player.filter((m) => (m.type === "app" && m.from === 0) || m.type === "state")
    .map((m) => (m.type === "app" ? m.body : { state: m.key, body: m.body }));
}

/* A phone's ctx (what phone.mjs gives a game's module), with a clock the test moves. */
export function phoneCtx(me, names) {
  const ctx = {
    h: h,
    time: 1_000_000,
    sent: [],
    states: [],
    isPaused: false,
    redraws: 0,
    me: () => me,
    nameOf: (id) => names[id] || "#" + id,
    now: () => ctx.time,
    clock: () => 42,
    send: (body) => ctx.sent.push(body),
    sendState: (key, body) => ctx.states.push({ key: key, body: body }),
    paused: () => ctx.isPaused,
    redraw: () => { ctx.redraws += 1; },
  };
  return ctx;
}

/* Plays `bodies` to a game's phone; stops after the first body for which `until(body)` holds. */
export function play(phone, bodies, until) {
  for (const item of bodies) {
    if (item.state) phone.state(item.state, item.body);
    else phone.message(item);
    if (until && !item.state && until(item)) return item;
  }
  return null;
}

/* The feed after `messages` (or until `until(message)` holds), with the game's module; from
   `start` (a feed folded before) or from nothing. */
export function fold(messages, game, until, now = 1_000_000, start = null) {
  let feed = start || initial();
  for (const m of messages) {
    feed = reduce(feed, m, game, now);
    if (until && until(m)) break;
  }
  return feed;
}

export const isPublic = (kind) => (m) => m.type === "sent" && m.to === "all" && m.body.kind === kind;
