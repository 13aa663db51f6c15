/* Punchline's page module (Sources/Punchline/Page/punchline.mjs) fed the messages of a recorded
   game (Tests/js/fixtures/punchline.json: a phone, Ann, who writes and votes, two bots, and the
   TV's feed), and the host page's notes. */
import { test } from "node:test";
import assert from "node:assert/strict";
import * as punchline from "../../Sources/Punchline/Page/punchline.mjs";
import { fixture, playerBodies, phoneCtx, play, fold, isPublic, byId, byClass, textOf, h } from "./support.mjs";

const recording = fixture("punchline");
const me = recording.me;
const bodies = playerBodies(recording);
const names = { 1: "Bot 2", 2: "Bot 1", 3: "Ann" };
const firstPrompt = bodies.filter((b) => b.kind === "prompt")[0];
const firstBallot = bodies.filter((b) => b.kind === "ballot")[0];

test("the phone shows the prompt with a box to type in; Send sends the answer of this round", () => {
  const ctx = phoneCtx(me, names), phone = punchline.phone(ctx);
  play(phone, bodies, (b) => b.kind === "prompt");
  const view = phone.view();
  assert.equal(view.props.id, "punchline-prompt");
  assert.equal(textOf(byId(view, "prompt-text")), firstPrompt.prompt);
  assert.equal(textOf(byId(view, "round")), "Round 1 of 3");
  assert.equal(textOf(byId(view, "countdown")), "75 s");
  assert.equal(byId(view, "answer-input").props.maxlength, "80");
  byId(view, "answer-form").props.on.submit({ preventDefault() {}, target: { elements: { answer: { value: "Exactly one sock" } } } });
  assert.deepEqual(ctx.sent, [{ kind: "answer", round: 1, text: "Exactly one sock" }]);
  phone.message({ kind: "refused", round: 1, reason: "tooLong", text: "an answer is at most 80 characters" });
  assert.equal(textOf(byId(phone.view(), "answer-status")), "an answer is at most 80 characters");
  play(phone, bodies.slice(bodies.indexOf(firstPrompt) + 1), (b) => b.kind === "written" && b.written.length === 3);
  assert.equal(textOf(byId(phone.view(), "written")), "Written: 3 of 3");
  assert.equal(textOf(byId(phone.view(), "send-answer")), "Change my answer");
});

test("a watcher sees the prompt without a box", () => {
  const ctx = phoneCtx({ id: 9, name: "Eve" }, names), phone = punchline.phone(ctx);
  phone.message(firstPrompt);
  assert.equal(byId(phone.view(), "answer-input"), null);
  assert.match(textOf(byId(phone.view(), "watching")), /audience/);
});

test("the ballot: letters and shapes, my own answer disabled, a tap votes for another", () => {
  const ctx = phoneCtx(me, names), phone = punchline.phone(ctx);
  play(phone, bodies, (b) => b.kind === "yours");
  const view = phone.view(), mine = bodies.filter((b) => b.kind === "yours")[0].letter;
  assert.equal(view.props.id, "punchline-ballot");
  const buttons = byClass(view, "answer");
  assert.equal(buttons.length, firstBallot.answers.length);
  assert.deepEqual(buttons.map((b) => textOf(b.children[1])), firstBallot.answers.map((a) => a.letter));
  const own = buttons.filter((b) => b.props.disabled);
  assert.equal(own.length, 1);
  assert.equal(textOf(own[0].children[1]), mine);
  const other = buttons.filter((b) => !b.props.disabled)[0];
  other.props.on.click();
  assert.deepEqual(ctx.sent, [{ kind: "vote", round: 1, letter: textOf(other.children[1]) }]);
  assert.ok(byClass(phone.view(), "chosen").length === 1);
});

test("the results name the authors with votes and points; the end gives my place", () => {
  const ctx = phoneCtx(me, names), phone = punchline.phone(ctx);
  play(phone, bodies, (b) => b.kind === "reveal");
  const reveal = bodies.filter((b) => b.kind === "reveal")[0];
  const view = phone.view();
  assert.equal(view.props.id, "punchline-reveal");
  assert.equal(byId(view, "reveal-results").children.length, reveal.results.length);
  assert.ok(textOf(byId(view, "reveal-results")).includes(reveal.results[0].name + " \u00B7 "));
  play(phone, bodies.slice(bodies.indexOf(reveal) + 1));
  const over = bodies.filter((b) => b.kind === "gameOver")[0];
  const place = over.scores.findIndex((s) => s.id === me.id) + 1;
  const end = h("div", null, phone.overView());
  assert.match(textOf(byId(end, "over-place")), new RegExp("place " + place + " of " + over.scores.length));
  assert.equal(phone.view(), null);
});

test("the TV: the prompt and who wrote, the answers without names and who voted, then names and points", () => {
  const screen = recording.screen;
  const ctx = { h: h, now: () => 1_000_000 };
  let feed = fold(screen, punchline, isPublic("written"));
  let view = punchline.tvView(feed.game, feed, ctx);
  assert.equal(textOf(byId(view, "question-title")), firstPrompt.prompt);
  assert.match(textOf(byId(view, "answered")), /^Written: .+ \(1 of 3\)$/);
  const upToVotes = screen.slice(0, screen.findIndex(isPublic("reveal")));
  feed = fold(upToVotes, punchline);
  view = punchline.tvView(feed.game, feed, ctx);
  const board = textOf(byId(view, "tv-answers"));
  firstBallot.answers.forEach((a) => assert.ok(board.includes(a.text)));
  /* Each entry is its shape, letter and text alone: no author's name. */
  byClass(byId(view, "tv-answers"), "answer").forEach((entry, i) => {
    assert.deepEqual(entry.children.slice(1).map(textOf), [firstBallot.answers[i].letter, firstBallot.answers[i].text]);
  });
  assert.match(textOf(byId(view, "answered")), /^Voted: /);
  assert.equal(textOf(byId(view, "answered")).split(", ").length, 3);
  feed = fold(screen, punchline, isPublic("reveal"));
  view = punchline.tvView(feed.game, feed, ctx);
  assert.ok(textOf(byId(view, "tv-answers")).includes(" points"));
  assert.equal(punchline.phase(feed.game), "Round 1 of 3");
  feed = fold(screen, punchline);
  assert.equal(feed.phase, "over");
  assert.equal(feed.final.standings.length, 3);
});

test("the host page: each answer with its author and a Hide button that sends hide", () => {
  const screen = recording.screen;
  let feed = fold(screen, punchline, isPublic("prompt"));
  const ctx = { h: h, now: () => 1_000_000 };
  const note = (author, text) => ({ type: "note", body: { kind: "answer", round: 1, author: author, name: names[author], text: text } });
  feed = fold([note(2, "first"), note(2, "changed"), note(1, "rude")], punchline, null, 1_000_000, feed);
  const summary = punchline.hostSummary(feed.game, feed, ctx);
  const actions = summary.lines.filter((l) => typeof l === "object");
  assert.deepEqual(actions.map((l) => l.text), ["Bot 1: \u201Cchanged\u201D", "Bot 2: \u201Crude\u201D"]);
  assert.deepEqual(actions[1].command, { command: "hide", player: 1 });
  assert.match(summary.title, /^Round 1 of 3 \u00B7 writing/);
});
