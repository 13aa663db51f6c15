/* Trivia's page module (Sources/Trivia/Page/trivia.mjs) fed the messages of a recorded game
   (Tests/js/fixtures/trivia.json: a phone, Ann, who answers A, two bots, and the TV's feed). */
import { test } from "node:test";
import assert from "node:assert/strict";
import * as trivia from "../../Sources/Trivia/Page/trivia-watch.mjs";  /* the whole module: the watchers' half passes the phone's on */
import { fixture, playerBodies, phoneCtx, play, fold, isPublic, byId, byClass, textOf, h } from "./support.mjs";

const recording = fixture("trivia");
const me = recording.me;
const names = Object.fromEntries(recording.screen.filter((m) => m.type === "joined").map((m) => [m.peer.id, m.peer.name]));
const bodies = playerBodies(recording);
const firstQuestion = bodies.filter((b) => b.kind === "question")[0];

function phoneAt(kind) {
  const ctx = phoneCtx(me, names), phone = trivia.phone(ctx);
  play(phone, bodies, (b) => b.kind === kind);
  return { ctx: ctx, phone: phone };
}

test("the phone shows the question with its answers told apart by shape and letter, and presses one", () => {
  const { ctx, phone } = phoneAt("question");
  const view = phone.view();
  assert.equal(view.props.id, "question-view");
  assert.equal(textOf(byId(view, "question-text")), firstQuestion.text);
  assert.equal(textOf(byId(view, "question-number")), "Question 1 of " + firstQuestion.of);
  assert.equal(textOf(byId(view, "countdown")), Math.ceil(firstQuestion.durationMs / 1000) + " s");
  const answers = byId(view, "answers").children;
  assert.equal(answers.length, firstQuestion.answers.length);
  answers.forEach((button, i) => {
    assert.equal(button.tag, "button");
    assert.equal(textOf(byClass(button, "letter")[0]), "ABCD"[i]);
    assert.ok(textOf(byClass(button, "shape")[0]).length === 1, "a shape beside the colour");
    assert.ok(button.props.class.includes("a" + i));
  });
  answers[1].props.on.click();
  assert.deepEqual(ctx.sent, [{ kind: "answer", question: 1, choice: 1, pressedAt: 42 }]);
  assert.ok(byId(phone.view(), "answers").children[1].props.class.includes("chosen"));
  ctx.time += 1500;
  assert.equal(textOf(byId(phone.view(), "countdown")), Math.ceil((firstQuestion.durationMs - 1500) / 1000) + " s");
});

test("a press while paused is not sent and says why; the countdown stands still", () => {
  const { ctx, phone } = phoneAt("question");
  phone.message({ kind: "pause", paused: true });
  ctx.isPaused = true;
  ctx.time += 5000;
  byId(phone.view(), "answers").children[0].props.on.click();
  assert.deepEqual(ctx.sent, []);
  assert.equal(textOf(byId(phone.view(), "answer-status")), "The game is paused.");
  assert.equal(textOf(byId(phone.view(), "countdown")), Math.ceil(firstQuestion.durationMs / 1000) + " s");
  phone.message({ kind: "pause", paused: false, leftMs: 700 });
  assert.equal(textOf(byId(phone.view(), "countdown")), "1 s");
});

test("the host's answers to the phone: accepted, then the result, then the game's end with the summary", () => {
  const accepted = bodies.filter((b) => b.kind === "accepted")[0];
  assert.ok(accepted, "the recording has Ann's answer accepted");
  const { phone } = phoneAt("accepted");
  assert.match(textOf(byId(phone.view(), "answer-status")), /^Answer A locked in/);
  const result = bodies.filter((b) => b.kind === "result")[0];
  play(phone, bodies.slice(bodies.indexOf(accepted) + 1), (b) => b.kind === "result");
  const view = phone.view();
  assert.equal(view.props.id, "result-view");
  const right = result.scored.indexOf(me.id) >= 0;
  assert.equal(textOf(byId(view, "result-title")), right ? "Correct! +1" : "Not this time");
  assert.ok(textOf(byId(view, "result-answer")).startsWith("The answer: " + "ABCD"[result.correctChoice] + " \u2014 " + result.correctAnswer));
  assert.equal(byId(view, "result-standings").children.length, Math.min(6, result.scoreboard.length));

  play(phone, bodies.slice(bodies.indexOf(result) + 1));
  const over = bodies.filter((b) => b.kind === "gameOver")[0];
  const mine = over.standings.filter((l) => l.id === me.id)[0];
  const place = 1 + over.standings.filter((l) => l.points > mine.points).length;
  const overView = h("div", null, phone.overView());
  assert.equal(textOf(byId(overView, "over-place")), "You scored " + mine.points + " of " + over.asked + ", place " + place + " of " + over.standings.length);
  assert.equal(byId(overView, "over-standings").children.length, over.standings.length);
  assert.equal(byClass(overView, "mine").length, 1);
});

test("the TV shows who answered, never what, then the reveal", () => {
  const screen = recording.screen;
  const question = screen.findIndex(isPublic("question"));
  let feed = fold(screen, trivia, isPublic("question"));
  const ctx = { h: h, now: () => 1_000_000 };
  let view = trivia.tvView(feed.game, feed, ctx);
  assert.equal(view.props.id, "tv-question");
  assert.equal(textOf(byId(view, "question-title")), firstQuestion.text);
  assert.equal(textOf(byId(view, "answered")), "Answered: nobody yet (0 of 3)");
  const accepted = screen.slice(question).filter((m) => m.type === "sent" && Array.isArray(m.to) && m.kind === "accepted");
  assert.ok(accepted.length >= 1, "the recording has private accepted notices");
  assert.ok(accepted.every((m) => m.body === undefined), "the feed never carries a private message's content");
  feed = fold(screen, trivia, (m) => m === accepted[0]);
  view = trivia.tvView(feed.game, feed, ctx);
  assert.match(textOf(byId(view, "answered")), new RegExp("^Answered: " + accepted[0].to.map((id) => names[id]).join(", ") + " \\("));
  feed = fold(screen, trivia, isPublic("result"));
  view = trivia.tvView(feed.game, feed, ctx);
  const result = screen.filter(isPublic("result"))[0].body;
  assert.ok(textOf(byId(view, "scored")).startsWith("The answer: " + "ABCD"[result.correctChoice]));
  byId(view, "tv-answers").children.forEach((box, i) => assert.ok(box.props.class.endsWith(i === result.correctChoice ? " right" : " wrong")));
  assert.equal(textOf(byId(view, "tv-countdown")), "");
});

test("the host page's summary follows the game; a skip is told by what it skipped", () => {
  const ctx = { h: h, now: () => 1_000_000 };
  let feed = fold(recording.screen, trivia, isPublic("question"));
  const summary = trivia.hostSummary(feed.game, feed, ctx);
  assert.equal(summary.title, "Question 1 of " + firstQuestion.of + " \u00B7 " + Math.ceil(firstQuestion.durationMs / 1000) + " s");
  assert.equal(summary.line, firstQuestion.text);
  assert.deepEqual(summary.lines, ["Answered: 0 of 3"]);
  assert.equal(trivia.skipped(feed.game), "Skipped question 1");
  feed = fold(recording.screen, trivia, isPublic("result"));
  assert.equal(trivia.hostSummary(feed.game, feed, ctx).title, "Question 1 of " + firstQuestion.of + ": the answer");
  assert.equal(trivia.skipped(feed.game), "Went on after question 1");
});

test("buzzer mode: the BUZZ button, who buzzed first, a lockout", () => {
  const ctx = phoneCtx(me, names), phone = trivia.phone(ctx);
  phone.message(Object.assign({}, firstQuestion, { mode: "buzzer" }));
  let view = phone.view();
  assert.equal(byId(view, "answers").children[0].tag, "div", "answers are said, not pressed");
  byId(view, "buzz").props.on.click();
  assert.deepEqual(ctx.sent, [{ kind: "buzz", question: 1, pressedAt: 42 }]);
  phone.message({ kind: "buzzed", question: 1, player: 99, name: "Bob", lockedOut: [] });
  view = phone.view();
  assert.equal(textOf(byId(view, "buzz")), "WAIT");
  assert.equal(byId(view, "buzz").props.disabled, true);
  assert.equal(textOf(byId(view, "answer-status")), "Bob buzzed first");
  phone.message({ kind: "marked", question: 1, player: 99, name: "Bob", right: false });
  phone.message({ kind: "buzzersOpen", question: 1, lockedOut: [99], leftMs: 4000 });
  assert.equal(textOf(byId(phone.view(), "answer-status")), "Buzzers open again: buzz!");
  phone.message({ kind: "buzzed", question: 1, player: me.id, name: me.name, lockedOut: [99] });
  assert.equal(textOf(byId(phone.view(), "buzz")), "YOUR TURN");
});

test("a question worth double with two right answers: the phone and the TV say so, and mark both right", () => {
  const question = Object.assign({}, firstQuestion, { points: "double" });
  const recorded = bodies.filter((b) => b.kind === "result")[0];
  const result = Object.assign({}, recorded, { number: question.number, correctChoices: [0, 2], correctChoice: 0,
    correctAnswer: question.answers[0] + " / " + question.answers[2], scored: [me.id] });
  const ctx = phoneCtx(me, names), phone = trivia.phone(ctx);
  phone.message(bodies.filter((b) => b.kind === "game")[0]);
  phone.message(question);
  assert.equal(textOf(byId(phone.view(), "question-number")), "Question 1 of " + question.of + " \u00B7 Double points");
  phone.message(result);
  const view = phone.view();
  assert.equal(textOf(byId(view, "result-title")), "Correct! +2");
  assert.ok(textOf(byId(view, "result-answer")).startsWith("The answers: A and C \u2014 " + result.correctAnswer));
  const tv = trivia.tvView({ question: question, result: result, showing: "result", answered: [], countdown: { deadline: null, frozen: "" } },
    { players: names }, { h: h, now: () => 0 });
  assert.match(textOf(byId(tv, "tv-number")), /Double points$/);
  byId(tv, "tv-answers").children.forEach((box, i) => assert.ok(box.props.class.endsWith(i === 0 || i === 2 ? " right" : " wrong"), "box " + i));
  const none = Object.assign({}, question, { points: "none" });
  assert.equal(trivia.pointsOf(none), 0);
  assert.equal(trivia.pointsOf(firstQuestion), 1);
});

test("the TV's game over says the hardest question", () => {
  const over = Object.assign({}, bodies.filter((b) => b.kind === "gameOver")[0], { hardest: { number: 2, text: "Who painted it?", right: 1, of: 3 } });
  assert.equal(trivia.final(over, names).note, "Hardest question: \u201CWho painted it?\u201D \u2014 1 of 3 got it right");
  assert.equal(trivia.final(bodies.filter((b) => b.kind === "gameOver")[0], names).note, "", "an older host sends none");
});

test("a question's picture: large on the TV, on phones only when the host shows it there", () => {
  const question = Object.assign({}, firstQuestion, { picture: "/games/trivia/files/pictures/q1/" + "a".repeat(64) });
  const tvState = { question: question, result: null, showing: "question", answered: [], countdown: { deadline: null, frozen: "" } };
  const tv = trivia.tvView(tvState, { players: names }, { h: h, now: () => 0 });
  assert.equal(byId(tv, "tv-picture").props.src, question.picture);
  assert.deepEqual(byId(tv, "tv-picture-row").children.map((c) => c.props.id), ["tv-picture", "tv-answers"], "the answers beside the picture");
  assert.equal(byId(trivia.tvView(Object.assign({}, tvState, { question: firstQuestion }), { players: names }, { h: h, now: () => 0 }), "tv-picture-row"), null);
  const ctx = phoneCtx(me, names), phone = trivia.phone(ctx);
  phone.message(bodies.filter((b) => b.kind === "game")[0]);
  phone.message(question);
  assert.equal(byId(phone.view(), "question-picture"), null, "the TV only, unless the host chose phones too");
  phone.message(Object.assign({}, question, { pictureOnPhones: true }));
  assert.equal(byId(phone.view(), "question-picture").props.src, question.picture);
});

/* ---- Team mode ---- */

const ann = { id: 1, name: "Ann" }, bob = { id: 2, name: "Bob" }, cy = { id: 3, name: "Cy" }, dee = { id: 4, name: "Dee" };
const teamLobby = (placement) => ({ kind: "lobby", players: 4, capacity: 8, startRule: "whenFull", teamPlacement: placement,
  teams: [{ name: "Red", colour: 0, members: [ann, cy] }, { name: "Blue", colour: 1, members: [bob] }], choosing: placement === "choose" ? [dee] : undefined });

test("team mode: the phone's lobby has a big button a team, told apart by name, shape and colour; a press sends the choice", () => {
  const ctx = phoneCtx(dee, {}), phone = trivia.phone(ctx);
  let view = phone.lobbyView(teamLobby("choose"), "lobby");
  assert.equal(textOf(byId(view, "my-team")), "Choose your team");
  const red = byId(view, "team-0"), blue = byId(view, "team-1");
  assert.equal(red.tag, "button");
  assert.match(red.props.class, /\bt0\b/);
  assert.match(blue.props.class, /\bt1\b/);
  assert.equal(textOf(byClass(red, "team-name")[0]), "Red");
  assert.equal(textOf(red.children[0]), "\u25B2 ");
  assert.equal(textOf(blue.children[0]), "\u25C6 ", "shapes differ, not only colours");
  assert.equal(textOf(byClass(red, "team-members")[0]), "Ann, Cy");
  blue.props.on.click();
  assert.deepEqual(ctx.sent, [{ kind: "team", team: "Blue" }]);
  assert.equal(textOf(byId(phone.lobbyView(teamLobby("choose"), "lobby"), "team-status")), "Joining Blue\u2026");
  const chosen = teamLobby("choose");
  chosen.teams[1].members = [bob, dee];
  assert.equal(textOf(byId(phone.lobbyView(chosen, "lobby"), "my-team")), "Choose your team", "named on a line is not told: the host tells each its team");
  phone.message({ kind: "yourTeam", team: 1 });
  view = phone.lobbyView(chosen, "lobby");
  assert.equal(textOf(byId(view, "my-team")), "\u25C6 You're on Blue", "its shape, then its name");
  assert.equal(byId(view, "team-1").props["aria-pressed"], "true");
  assert.equal(byId(view, "team-1").props.on, null, "its own team: nothing to send");
  assert.equal(textOf(byId(view, "team-status")), "");
  const over = phone.lobbyView(chosen, "over");
  assert.equal(byId(over, "over-team-1").props["aria-pressed"], "true", "after a game, ids of their own");
  assert.equal(byClass(over, "team-members").length, 0, "smaller: the names only");
  assert.equal(textOf(byId(over, "over-my-team")), "Your team next game:");
  phone.message({ kind: "rejected", reason: "unknownTeam", team: "Green", teams: ["Red", "Blue"] });
  assert.equal(textOf(byId(phone.lobbyView(chosen, "lobby"), "team-status")), "There is no team \u201CGreen\u201D: choose Red or Blue.");
  assert.equal(phone.lobbyView({ kind: "lobby", players: 1, capacity: 8, startRule: "after" }, "lobby"), null, "no teams: the page's own list");
});

test("team mode: placed by the host, the phone shows its team and no buttons", () => {
  const phone = trivia.phone(phoneCtx(bob, {}));
  phone.message({ kind: "yourTeam", team: 1 });
  const view = phone.lobbyView(teamLobby("placed"), "lobby");
  assert.equal(textOf(byId(view, "my-team")), "\u25C6 You're on Blue");
  assert.equal(byId(view, "team-1").tag, "div");
  assert.deepEqual(trivia.phone(phoneCtx(bob, {})).between, ["yourTeam"], "a message of the lobby: no game begins");
});

test("team mode in a big room: a line names its first members and counts the rest; the player finds its team by what it was told", () => {
  const phone = trivia.phone(phoneCtx({ id: 1999, name: "Player 1999" }, {}));
  const first = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({ id: id, name: "P" + id }));
  const lobby = { kind: "lobby", players: 2000, capacity: 3000, startRule: "after", teamPlacement: "choose", stillChoosing: 1200,
    teams: [{ name: "Red", colour: 0, members: first, size: 500 }, { name: "Blue", colour: 1, members: [], size: 0 }], choosing: first };
  phone.message({ kind: "yourTeam", team: 0 });
  const view = phone.lobbyView(lobby, "lobby");
  assert.equal(textOf(byId(view, "my-team")), "\u25B2 You're on Red", "not named on the line, told alone");
  assert.equal(textOf(byClass(byId(view, "team-0"), "team-members")[0]), "500 players: P1, P2, P3, P4, P5, P6, P7, P8, \u2026", "the count first: a line cut at the edge still shows it");
  const standings = [{ team: 0, name: "Red", colour: 0, mean: 0.5, rank: 1, members: first.slice(0, 2), size: 500 }];
  assert.equal(textOf(byClass(trivia.teamStandingsList(h, "s", standings, [{ id: 1, name: "P1", points: 1 }]), "team-members")[0]),
    "500 players: P1 1, P2, \u2026");
  assert.equal(textOf(byClass(byId(view, "team-1"), "team-members")[0]), "nobody yet");
  phone.message({ kind: "yourTeam" });
  assert.equal(textOf(byId(phone.lobbyView(lobby, "lobby"), "my-team")), "Choose your team", "none yet: the host's new plan");
  const tv = trivia.tvLobby(lobby, { players: {} }, { h: h, now: () => 0 });
  assert.equal(textOf(byId(tv, "tv-team-0")), "\u25B2 Red" + "P1P2P3P4P5P6P7P8" + "and 492 more");
  assert.equal(textOf(byId(tv, "tv-choosing")), "Still choosing: P1, P2, P3, P4, P5, P6, P7, P8 and 1,192 more");
});

test("team mode: the result and the game over say the team's rank, the teams with their means and members", () => {
  const ctx = phoneCtx(cy, {}), phone = trivia.phone(ctx);
  const teams = [{ team: 1, name: "Blue", colour: 1, mean: 2, rank: 1, members: [bob] }, { team: 0, name: "Red", colour: 0, mean: 1.5, rank: 2, members: [ann, cy] }];
  const board = [{ id: 2, name: "Bob", points: 2 }, { id: 1, name: "Ann", points: 2 }, { id: 3, name: "Cy", points: 1 }];
  phone.message({ kind: "yourTeam", team: 0 });
  phone.message({ kind: "game", mode: "first", questions: 3, firstQuestion: 1, scoreboard: [] });
  phone.message(firstQuestion);
  phone.message({ kind: "result", number: 1, of: 3, correctChoice: 0, correctChoices: [0], correctAnswer: "x", scored: [], tie: false, ended: "deadline", scoreboard: board, teams: teams });
  assert.equal(textOf(byId(phone.view(), "result-team")), "Your team Red: 2nd of 2 \u00B7 1.5 points on average");
  phone.message({ kind: "gameOver", standings: board, winners: [1, 2], points: 2, ended: "questionsDone", asked: 3, teams: teams });
  const over = h("div", null, phone.overView());
  assert.equal(textOf(byId(over, "over-title")), "Blue wins!");
  assert.equal(textOf(byId(over, "over-team")), "Your team Red: 2nd of 2 \u00B7 1.5 points on average");
  const lines = byId(over, "over-teams").children;
  assert.deepEqual(lines.map((li) => textOf(li)), ["\u25C6 " + "1. Blue" + "2.0" + "Bob 2", "\u25B2 " + "2. Red" + "1.5" + "Ann 2, Cy 1"]);
  assert.equal(lines[1].props.class, "t0 mine");
});

test("team mode: the TV's lobby shows each team with its members and who is still choosing; its standings and game over rank the teams", () => {
  const ctx = { h: h, now: () => 0 };
  const lobby = trivia.tvLobby(teamLobby("choose"), { players: {} }, ctx);
  assert.equal(textOf(byId(lobby, "tv-team-0")), "\u25B2 Red" + "Ann" + "Cy");
  assert.equal(textOf(byId(lobby, "tv-team-1")), "\u25C6 Blue" + "Bob");
  assert.equal(textOf(byId(lobby, "tv-choosing")), "Still choosing: Dee");
  assert.equal(trivia.tvLobby({ kind: "lobby", players: 0, capacity: 8, startRule: "after" }, { players: {} }, ctx), null);
  const teams = [{ team: 0, name: "Red", colour: 0, mean: 1, rank: 1, members: [ann] }, { team: 1, name: "Blue", colour: 1, mean: 1, rank: 1, members: [bob] }];
  const board = [{ id: 1, name: "Ann", points: 1 }, { id: 2, name: "Bob", points: 1 }];
  const result = { kind: "result", number: 1, of: 3, correctChoice: 0, correctChoices: [0], correctAnswer: "x", scored: [1, 2], tie: false, ended: "deadline", scoreboard: board, teams: teams };
  const tv = trivia.tvView({ question: firstQuestion, result: result, showing: "result", answered: [], countdown: { deadline: null, frozen: "" } }, { players: {} }, ctx);
  assert.deepEqual(byId(tv, "tv-result-teams").children.map(textOf), ["\u25B2 1. Red1.0Ann 1", "\u25C6 1. Blue1.0Bob 1"]);
  const last = trivia.final({ kind: "gameOver", standings: board, winners: [1, 2], points: 1, ended: "questionsDone", asked: 1, teams: teams }, {});
  assert.equal(last.title, "Red and Blue tie!");
  assert.deepEqual(byId(trivia.tvOver(last, {}, ctx), "tv-over-teams").children.map(textOf), ["\u25B2 1. Red1.0Ann 1", "\u25C6 1. Blue1.0Bob 1"]);
  assert.equal(trivia.tvOver(trivia.final({ kind: "gameOver", standings: board, winners: [1], points: 1, ended: "questionsDone" }, {}), {}, ctx), null);
  assert.equal(trivia.ordinal(1) + trivia.ordinal(2) + trivia.ordinal(3) + trivia.ordinal(11) + trivia.ordinal(22), "1st2nd3rd11th22nd");
});

test("team mode: the host page says the next game's teams", () => {
  const s = trivia.watchNote(trivia.watchStart(), { kind: "nextQuiz", title: "Pub quiz", questions: 3, mode: "first", teams: ["Owls", "Larks"] });
  assert.deepEqual(trivia.hostBetween(s), ["Next game: \u201CPub quiz\u201D \u00B7 3 questions \u00B7 first right answer scores \u00B7 teams Owls, Larks"]);
});

/* A big room (docs/TRIVIA.md, "A big room"): the host lists the best 20, and tells a player below
   them its own line and place just before the result or the final standings. */
test("a player below the listed board sees its own place after the best five", () => {
  const zed = { id: 500, name: "Zed" };
  const board = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: "P" + (i + 1), points: 3 }));
  const names = Object.fromEntries(board.map((l) => [l.id, l.name]));
  const ctx = phoneCtx(zed, names);
  const phone = trivia.phone(ctx);
  const question = { kind: "question", number: 3, of: 3, text: "Q", answers: ["a", "b"], mode: "first", durationMs: 10000, deadline: 0 };
  const scored = board.map((l) => l.id);
  play(phone, [
    { kind: "game", mode: "first", questions: 3, firstQuestion: 1, scoreboard: board.map((l) => Object.assign({}, l, { points: 0 })), players: 40 },
    question,
    { kind: "standing", question: 3, line: { id: 500, name: "Zed", points: 1 }, place: 31, players: 40 },
    { kind: "result", number: 3, of: 3, correctChoice: 0, correctAnswer: "a", correctChoices: [0], scored: scored, tie: false, ended: "deadline",
      scoreboard: board, players: 40 },
  ]);
  const view = phone.view();
  const items = byId(view, "result-standings").children;
  assert.equal(items.length, 6);
  assert.equal(items[5].props.class, "mine apart");
  assert.equal(items[5].props.value, "31");
  assert.equal(textOf(items[5]), "Zed \u2014 1 \u00B7 31st of 40");
  assert.equal(textOf(items[0]), "P1 \u2014 3");
  assert.match(textOf(byId(view, "result-answer")), /scored: P1, P2, P3, P4, P5, P6, P7, P8, P9, P10 and 10 more$/);

  play(phone, [
    { kind: "standing", line: { id: 500, name: "Zed", points: 1, questions: 3 }, place: 31, players: 40 },
    { kind: "gameOver", standings: board.map((l) => Object.assign({}, l, { questions: 3 })), winners: scored, points: 3, ended: "questionsDone", asked: 3, players: 40 },
  ]);
  const over = h("div", null, phone.overView());
  assert.equal(textOf(byId(over, "over-place")), "You scored 1 of 3, place 31 of 40");
  assert.equal(textOf(byId(over, "over-title")), "Winner: P1, P2, P3, P4, P5 and 15 more");
  assert.equal(byClass(over, "mine").length, 1);
});

test("a scorer the result does not name learns it scored from its standing; a winner not named, from its points", () => {
  const zed = { id: 500, name: "Zed" };
  const board = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: "P" + (i + 1), points: 1 }));
  const phone = trivia.phone(phoneCtx(zed, Object.fromEntries(board.map((l) => [l.id, l.name]))));
  const question = { kind: "question", number: 1, of: 1, text: "Q", answers: ["a", "b"], mode: "timed", durationMs: 10000, deadline: 0 };
  const scored = board.slice(0, 10).map((l) => l.id);
  const result = { kind: "result", number: 1, of: 1, correctChoice: 0, correctAnswer: "a", correctChoices: [0], scored: scored, scoredCount: 1500,
    tie: false, ended: "deadline", scoreboard: board, players: 2000 };
  play(phone, [{ kind: "game", mode: "timed", questions: 1, firstQuestion: 1, scoreboard: [], players: 2000 }, question,
    { kind: "standing", question: 1, line: { id: 500, name: "Zed", points: 1 }, place: 1, players: 2000, scored: true }, result]);
  assert.equal(textOf(byId(phone.view(), "result-title")), "Correct! +1");
  assert.match(textOf(byId(phone.view(), "result-answer")), /scored: P1, P2, P3, P4, P5, P6, P7, P8, P9, P10 and 1,490 more$/);
  play(phone, [
    { kind: "standing", line: { id: 500, name: "Zed", points: 1, questions: 1 }, place: 1, players: 2000 },
    { kind: "gameOver", standings: board, winners: scored, winnerCount: 1500, points: 1, ended: "questionsDone", asked: 1, players: 2000 },
  ]);
  const over = h("div", null, phone.overView());
  assert.equal(textOf(byId(over, "over-title")), "You won!", "on the best points, not named");

  const other = trivia.phone(phoneCtx(zed, Object.fromEntries(board.map((l) => [l.id, l.name]))));
  play(other, [{ kind: "game", mode: "timed", questions: 1, firstQuestion: 1, scoreboard: [], players: 2000 }, question,
    { kind: "standing", question: 1, line: { id: 500, name: "Zed", points: 0 }, place: 1501, players: 2000 }, result,
    { kind: "standing", line: { id: 500, name: "Zed", points: 0, questions: 1 }, place: 1501, players: 2000 },
    { kind: "gameOver", standings: board, winners: scored, winnerCount: 1500, points: 1, ended: "questionsDone", asked: 1, players: 2000 }]);
  assert.equal(textOf(byId(h("div", null, other.overView()), "over-title")), "Winner: P1, P2, P3, P4, P5 and 1,495 more");
});

test("a standing for another result is not shown with this one", () => {
  const zed = { id: 500, name: "Zed" };
  const board = [{ id: 1, name: "Ann", points: 1 }];
  const phone = trivia.phone(phoneCtx(zed, { 1: "Ann" }));
  play(phone, [
    { kind: "standing", question: 1, line: { id: 500, name: "Zed", points: 0 }, place: 2, players: 2 },
    { kind: "result", number: 2, of: 3, correctChoice: 0, correctAnswer: "a", correctChoices: [0], scored: [1], tie: false, ended: "deadline", scoreboard: board, players: 2 },
  ]);
  assert.equal(byClass(phone.view(), "mine").length, 0);
});
