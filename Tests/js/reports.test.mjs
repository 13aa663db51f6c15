/* The host page's past games (Sources/Trivia/Page/reports.mjs): the words it makes of a report
   (when, winners, share right, bar lengths), then the view mounted with a fake host page whose
   requests are answered as QuizDesk answers them, read as descriptions. */
import { test } from "node:test";
import assert from "node:assert/strict";
import * as reports from "../../Sources/Trivia/Page/reports.mjs";
import * as trivia from "../../Sources/Trivia/Page/trivia-watch.mjs";  /* the whole module: the watchers' half passes the phone's on */
import { h, byId, byClass, textOf } from "./support.mjs";

const NOW = new Date(2026, 10, 27, 22, 5);  /* local time, as the page reads it */
const PLAYED = new Date(2026, 10, 27, 20, 31).toISOString();

/* What QuizDesk answers (GET reports, GET reports/ID). */
const LIST = { reports: [
  { id: "20261127-203112-k3x9", played: PLAYED, summary: { title: "Pub quiz", players: 2, winners: ["Ann"], questions: 2, hardest: { number: 1, text: "Which planet is this?", right: 1, of: 2 }, fastest: "Bob, question 2, 0.6 s" } },
  { id: "20261126-190000-aaaa", played: new Date(2026, 10, 26, 19, 0).toISOString(), summary: { players: 3, winners: ["Cy", "Dee"], questions: 10 } },
] };
const DETAIL = {
  id: "20261127-203112-k3x9", played: PLAYED, title: "Pub quiz", mode: "timed",
  players: [{ id: 1, name: "Ann", points: 2, rank: 1 }, { id: 2, name: "Bob", points: 1, rank: 2 }],
  questions: [
    { number: 1, text: "Which planet is this?", answers: ["Venus", "Mars", "Jupiter", "Saturn"], correct: [1], right: 1, of: 2, percent: 50, spread: [0, 1, 0, 1] },
    { number: 2, text: "What is 2 + 2?", answers: ["3", "5", "4", "22"], correct: [2], right: 2, of: 2, percent: 100, spread: [0, 0, 2, 0] },
  ],
  hardest: { number: 1, text: "Which planet is this?", right: 1, of: 2 },
  fastest: { name: "Bob", question: 2, text: "What is 2 + 2?", ms: 612 },
};

test("when, who won, how many got it right, how long a bar is", () => {
  assert.equal(reports.playedWords(PLAYED, NOW), "Today, 20:31");
  assert.equal(reports.playedWords(new Date(2026, 10, 26, 23, 59).toISOString(), NOW), "Yesterday, 23:59");
  assert.equal(reports.playedWords(new Date(2026, 0, 5, 9, 7).toISOString(), NOW), "5 Jan 2026, 09:07");
  assert.equal(reports.playedWords(null, NOW), "");
  assert.equal(reports.playedWords("not a date", NOW), "");
  assert.equal(reports.winnerWords(["Ann"]), "Winner: Ann");
  assert.equal(reports.winnerWords(["Ann", "Bob", "Cy"]), "Winners: Ann, Bob and Cy");
  assert.equal(reports.winnerWords([]), "No winner");
  assert.equal(reports.shareWords({ right: 1, of: 3, percent: 33 }), "1 of 3 got it right (33%)");
  assert.equal(reports.shareWords({ right: 0, of: 0, percent: null }), "Nobody could answer it");
  assert.equal(reports.seconds(612), "0.6 s");
  assert.equal(reports.seconds(12345), "12.3 s");
  assert.deepEqual([[0, 2], [1, 2], [2, 2], [1, 30], [3, 0]].map(([chose, of]) => reports.widthClass(chose, of)), ["w0", "w5", "w10", "w1", "w0"]);
  assert.deepEqual([0, 1, 25, 26].map(reports.letter), ["A", "B", "Z", "#27"]);
  assert.equal(reports.listLine(LIST.reports[0], NOW), "Today, 20:31 \u00B7 2 players \u00B7 2 questions");
});

/* The host page's means, the desk's answers given by `answer(method, path)`. */
function host(answer) {
  const page = { nodes: [], requests: [], saved: [] };
  page.ctx = {
    h: h,
    now: () => NOW.getTime(),
    patch: (element, nodes) => { page.nodes = nodes; },
    api: (method, path) => { page.requests.push({ method: method, path: path }); return Promise.resolve(answer(method, path)); },
    save: (blob, name) => page.saved.push({ blob: blob, name: name }),
    command: () => {},
    feed: () => ({ players: {}, phase: "over" }),
    close: () => {},
  };
  page.find = (id) => { for (const node of page.nodes) { const found = byId(node, id); if (found) return found; } return null; };
  page.text = (id) => textOf(page.find(id));
  page.click = (id) => { const found = page.find(id); assert.ok(found, "#" + id + " is shown"); found.props.on.click(); };
  return page;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const BLOB = { size: 100 };

function desk(method, path) {
  if (path === "reports") return { status: 200, json: LIST };
  if (path === "reports/" + DETAIL.id) return { status: 200, json: DETAIL };
  if (path === "reports/" + DETAIL.id + "/report.csv") return { status: 200, json: null, blob: BLOB, name: "Pub quiz report " + DETAIL.id + ".csv" };
  if (path === "reports/gone") return { status: 404, json: { error: "no such report: it may be older than the last 100 games." } };
  return { status: 404, json: { error: "no such request" } };
}

test("the list: when, which quiz, how many played, who won; each with its summary and CSV", async () => {
  const page = host(desk);
  reports.mount({}, page.ctx);
  assert.match(textOf(page.nodes[1]), /Loading the past games/);
  await settle();
  const items = byClass(page.find("report-list"), "report-item");
  assert.deepEqual(items.map((li) => textOf(byClass(li, "quiz-title")[0])), ["Pub quiz", "Trivia"]);
  assert.equal(textOf(byClass(items[0], "quiz-meta")[0]), "Today, 20:31 \u00B7 2 players \u00B7 2 questions");
  assert.equal(textOf(byClass(items[0], "report-winner")[0]), "Winner: Ann");
  assert.equal(textOf(byClass(items[1], "quiz-meta")[0]), "Yesterday, 19:00 \u00B7 3 players \u00B7 10 questions");
  assert.equal(textOf(byClass(items[1], "report-winner")[0]), "Winners: Cy and Dee");
  assert.deepEqual(byClass(items[0], "label").map(textOf), ["Summary", "CSV"]);
  assert.equal(page.find("report-csv-" + DETAIL.id).props["aria-label"], "Download the report of \u201CPub quiz\u201D as CSV");
});

test("no games yet: the list says so and what will come", async () => {
  const page = host((method, path) => path === "reports" ? { status: 200, json: { reports: [] } } : null);
  reports.mount({}, page.ctx);
  await settle();
  assert.equal(page.find("report-list"), null);
  assert.match(textOf(page.nodes[1]), /^No games yet/);
  assert.match(page.text("reports-empty"), /When a game ends, its report shows here/);
});

test("a game's summary: ranks, the hardest question, the fastest right answer, each question's spread", async () => {
  const page = host(desk);
  reports.mount({}, page.ctx);
  await settle();
  page.click("report-open-" + DETAIL.id);
  await settle();
  assert.equal(page.text("report-title"), "Pub quiz");
  assert.equal(page.text("report-meta"), "Today, 20:31 \u00B7 timed \u00B7 2 questions \u00B7 2 players");
  assert.equal(page.text("report-hardest"), "Hardest questionQuestion 1: Which planet is this?1 of 2 got it right (50%)");
  assert.equal(page.text("report-fastest"), "Fastest right answerBob \u00B7 0.6 sQuestion 2: What is 2 + 2?");
  assert.deepEqual(page.find("report-ranks").children.map(textOf), ["1Ann2 points", "2Bob1 point"]);
  const rows = byClass(page.find("report-q1"), "spread-row");
  assert.deepEqual(rows.map((row) => [textOf(byClass(row, "letter")[0]), textOf(byClass(row, "chose")[0])]), [["A", "0"], ["B", "1"], ["C", "0"], ["D", "1"]]);
  assert.deepEqual(rows.map((row) => row.props.class), ["spread-row", "spread-row right", "spread-row", "spread-row"]);
  assert.equal(textOf(byClass(rows[1], "answer-text")[0]), "Mars \u2713 right", "the right answer is said, not only coloured");
  assert.deepEqual(rows.map((row) => byClass(row, "fill")[0].props.class), ["fill a0 w0", "fill a1 w5", "fill a2 w0", "fill a3 w5"]);
  assert.equal(textOf(byClass(page.find("report-q2"), "share")[0]), "2 of 2 got it right (100%)");

  page.click("report-csv");
  await settle();
  assert.deepEqual(page.saved, [{ blob: BLOB, name: "Pub quiz report " + DETAIL.id + ".csv" }]);
  assert.equal(page.text("reports-message"), "\u2713 Downloaded \u201CPub quiz report " + DETAIL.id + ".csv\u201D.");
  page.click("report-back");
  await settle();
  assert.equal(page.find("report-view"), null);
  assert.ok(page.find("report-list"));
});

test("a buzzer game's questions were answered aloud: no bars, the right answer said", async () => {
  const buzzer = Object.assign({}, DETAIL, { mode: "buzzer" });
  const page = host((method, path) => path === "reports/" + DETAIL.id ? { status: 200, json: buzzer } : desk(method, path));
  reports.mount({}, page.ctx);
  await settle();
  page.click("report-open-" + DETAIL.id);
  await settle();
  assert.deepEqual(byClass(page.find("report-q1"), "spread-row"), []);
  assert.match(page.text("report-q1"), /Answered aloud \(buzzer\): the right answer was B: Mars\./);
});

test("a report gone or a download refused is said as the host said it", async () => {
  const page = host((method, path) => {
    if (path === "reports") return { status: 200, json: { reports: [{ id: "gone", played: PLAYED, summary: { title: "Old", players: 1, winners: ["Ann"], questions: 1 } }] } };
    if (path === "reports/gone/report.csv") return { status: 404, json: { error: "no such report: it may be older than the last 100 games." } };
    return desk(method, path);
  });
  reports.mount({}, page.ctx);
  await settle();
  page.click("report-open-gone");
  await settle();
  assert.equal(page.text("reports-message"), "\u2715 No such report: it may be older than the last 100 games.");
  assert.ok(page.find("report-list"), "back at the list");
  page.click("report-csv-gone");
  await settle();
  assert.equal(page.text("reports-message"), "\u2715 No such report: it may be older than the last 100 games.");
  assert.deepEqual(page.saved, []);
});

test("trivia's module lists the past games beside the quizzes", () => {
  assert.deepEqual(trivia.hostTools.map((t) => [t.label, t.module]),
    [["Quizzes", "/games/trivia/files/quizzes.mjs"], ["Past games", "/games/trivia/files/reports.mjs"]]);
});
