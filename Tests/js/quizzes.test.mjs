/* The host page's quiz library (Sources/Trivia/Page/quizzes.mjs): a quiz's document (snap-host's
   JSON, as QuizDesk sends it) to the editor's model and back, what stops a save, the next game's
   request; then the view mounted with a fake host page (its requests answered here, as QuizDesk
   would), read as descriptions. */
import { test } from "node:test";
import assert from "node:assert/strict";
import * as quizzes from "../../Sources/Trivia/Page/quizzes.mjs";
import * as trivia from "../../Sources/Trivia/Page/trivia-watch.mjs";  /* the whole module: the watchers' half passes the phone's on */
import { h, byId, byClass, textOf } from "./support.mjs";

const HASH = "a".repeat(64);
/* A document as the host writes it: keys sorted, `correct` only on right answers, standard points left out. */
const DOCUMENT = {
  questions: [
    { answers: [{ correct: true, text: "Mars" }, { text: "Venus" }], category: "Space", question: "Which planet is red?" },
    { answers: [{ text: "3" }, { correct: true, text: "4" }, { correct: true, text: "four" }], picture: HASH, points: "double", question: "2 + 2?", timeLimit: 7.5 },
    { answers: [{ correct: true, text: "Yes" }, { text: "No" }], category: "Space", points: "none", question: "Is the Moon round?", timeLimit: 30 },
  ],
};
const copy = (value) => JSON.parse(JSON.stringify(value));

test("a document becomes the editor's model and the same document again", () => {
  const model = quizzes.editorModel(copy(DOCUMENT));
  assert.equal(model.questions.length, 3);
  const second = model.questions[1];
  assert.equal(second.text, "2 + 2?");
  assert.equal(second.timeLimit, "7.5");
  assert.equal(second.points, "double");
  assert.equal(second.picture, HASH);
  assert.deepEqual(second.answers.map((a) => [a.text, a.correct]), [["3", false], ["4", true], ["four", true]]);
  assert.equal(model.questions[0].points, "standard");
  assert.equal(model.questions[0].timeLimit, "");
  const keys = model.questions.flatMap((q) => [q.key].concat(q.answers.map((a) => a.key)));
  assert.equal(new Set(keys).size, keys.length, "every question and answer has a key of its own (its elements' ids)");
  assert.deepEqual(quizzes.documentOf(model), DOCUMENT);
  assert.deepEqual(quizzes.problems(model, "Pub quiz"), []);
});

test("what is typed is saved trimmed; blanks are left out, a time limit is a number", () => {
  const model = quizzes.editorModel(copy(DOCUMENT));
  const q = model.questions[0];
  q.text = "  Which planet is the red one? ";
  q.category = "  ";
  q.timeLimit = "12,5";
  q.points = "double";
  q.answers[1].correct = true;
  q.answers[0].text = " Mars ";
  const saved = quizzes.documentOf(model).questions[0];
  assert.deepEqual(saved, {
    question: "Which planet is the red one?", answers: [{ text: "Mars", correct: true }, { text: "Venus", correct: true }], timeLimit: 12.5, points: "double",
  });
  model.questions[1].picture = null;
  model.questions[1].points = "standard";
  model.questions[1].timeLimit = "";
  assert.deepEqual(Object.keys(quizzes.documentOf(model).questions[1]).sort(), ["answers", "question"]);
});

test("a save waits until every question has a text, answers and a right one", () => {
  const model = quizzes.editorModel(copy(DOCUMENT));
  model.questions[0].answers.forEach((a) => { a.correct = false; });
  model.questions[1].text = " ";
  model.questions[1].answers[2].text = "4";
  model.questions[2].timeLimit = "0";
  model.questions[2].answers = model.questions[2].answers.slice(0, 1);
  assert.deepEqual(quizzes.problems(model, " ").map((p) => [p.question, p.text]), [
    [-1, "The quiz needs a title."],
    [0, "Question 1: mark one answer correct at least."],
    [1, "Question 2: the question is empty."],
    [1, "Question 2: answers 2 and 3 are the same."],
    [2, "Question 3: give it 2 answers at least."],
    [2, "Question 3: the time limit is 1 to 600 seconds (blank: the game's own)."],
  ]);
  assert.deepEqual(quizzes.problems({ questions: [] }, "Empty").map((p) => p.text), ["The quiz needs one question at least."]);
  const blank = quizzes.blankQuestion();
  assert.deepEqual(blank.answers.map((a) => a.correct), [true, false]);
  assert.deepEqual(quizzes.problems({ questions: [blank] }, "New").map((p) => p.text),
    ["Question 1: the question is empty.", "Question 1: answer 1 is empty.", "Question 1: answer 2 is empty."]);
  assert.ok(Number.isNaN(quizzes.seconds("soon")) && quizzes.seconds(" ") === null && quizzes.seconds("20") === 20);
});

test("questions move up and down, and not past either end", () => {
  assert.deepEqual(quizzes.moved(["a", "b", "c"], 2, -1), ["a", "c", "b"]);
  assert.deepEqual(quizzes.moved(["a", "b", "c"], 0, 1), ["b", "a", "c"]);
  const list = ["a", "b"];
  assert.equal(quizzes.moved(list, 0, -1), list);
  assert.equal(quizzes.moved(list, 1, 1), list);
});

test("the next game's request: categories only when some are left out, times and rounds checked", () => {
  const categories = quizzes.categoriesOf(DOCUMENT);
  assert.deepEqual(categories, ["Space"]);
  const form = { categories: ["Space", "Music"], chosen: { Space: true, Music: true }, rounds: "0", mode: "timed", time: "", shuffleQuestions: true, shuffleAnswers: false };
  assert.deepEqual(quizzes.nextGameRequest("q1", form).body,
    { quiz: "q1", mode: "timed", rounds: 0, shuffleQuestions: true, shuffleAnswers: false, picturesOnPhones: false });
  form.chosen.Music = false;
  form.picturesOnPhones = true;
  form.time = "15";
  form.rounds = "5";
  assert.deepEqual(quizzes.nextGameRequest("q1", form).body,
    { quiz: "q1", mode: "timed", rounds: 5, shuffleQuestions: true, shuffleAnswers: false, picturesOnPhones: true, categories: ["Space"], questionTime: 15 });
  form.chosen.Space = false;
  assert.equal(quizzes.nextGameRequest("q1", form).problem, "Choose one category at least.");
  form.chosen.Space = true;
  form.time = "0.1";
  assert.match(quizzes.nextGameRequest("q1", form).problem, /^Seconds per question: 0\.5 to 600/);
  form.time = "";
  form.resultTime = "1";
  assert.equal(quizzes.nextGameRequest("q1", form).body.resultTime, 1);
  form.resultTime = "0";
  assert.equal(quizzes.nextGameRequest("q1", form).body.resultTime, 0, "no pause between questions");
  form.resultTime = "61";
  assert.equal(quizzes.nextGameRequest("q1", form).problem, "Seconds showing each answer: 0 to 60 (blank: 4).");
  form.resultTime = "";
  assert.equal("resultTime" in quizzes.nextGameRequest("q1", form).body, false);
  form.rounds = "two";
  assert.match(quizzes.nextGameRequest("q1", form).problem, /^Questions to ask/);
});

test("the next game's teams: 2 to 8 names, each short and its own, and how players get into them", () => {
  const form = { categories: [], chosen: {}, rounds: "3", mode: "first", time: "", shuffleQuestions: true, shuffleAnswers: true,
    teamsOn: true, teams: " Red , Blue ", teamPlacement: "placed" };
  assert.deepEqual(quizzes.nextGameRequest("q1", form).body,
    { quiz: "q1", mode: "first", rounds: 3, shuffleQuestions: true, shuffleAnswers: true, picturesOnPhones: false, teams: ["Red", "Blue"], teamPlacement: "placed" });
  form.teams = "Red";
  assert.equal(quizzes.nextGameRequest("q1", form).problem, "Teams: 2 to 8 names, separated by commas (you gave 1).");
  form.teams = "Red,,Blue";
  assert.equal(quizzes.nextGameRequest("q1", form).problem, "Teams: team 2 has no name.");
  form.teams = "Red,The Incredible Hulks";
  assert.equal(quizzes.nextGameRequest("q1", form).problem, "Teams: \u201CThe Incredible Hulks\u201D is longer than 16 characters.");
  form.teams = "Red,RED";
  assert.equal(quizzes.nextGameRequest("q1", form).problem, "Teams: \u201CRED\u201D twice; each team needs a name of its own.");
  form.teamsOn = false;
  assert.equal(quizzes.nextGameRequest("q1", form).body.teams, undefined, "off: no teams, whatever was typed");
});

test("a quiz's line in the list, and a refusal said as the host said it", () => {
  assert.equal(quizzes.quizLine({ id: "built-in", readOnly: true }, 70), "70 questions \u00B7 built-in \u00B7 read-only");
  assert.equal(quizzes.quizLine({ id: "x1", readOnly: false }, 1), "1 question");
  assert.equal(quizzes.quizLine({ id: "x1", readOnly: false }), "");
  const refusal = { status: 422, json: { error: "pub quiz.csv:3:8: the correct answer is empty" } };
  assert.equal(quizzes.said(refusal, "?"), "pub quiz.csv:3:8: the correct answer is empty");
  assert.equal(quizzes.sentence({ json: { error: "the quiz is read-only" } }, "?"), "The quiz is read-only");
  assert.equal(quizzes.sentence({ status: 500, json: null }, "Not saved."), "Not saved.");
  assert.equal(quizzes.pictureURL("q1", HASH), "/games/trivia/files/pictures/q1/" + HASH);
});

/* ---- mounted: a fake host page ---- */

/* The host page's means, with the desk's answers given by `answer(method, path, body, headers)`. */
function host(answer) {
  const page = { nodes: [], requests: [], commands: [], saved: [], players: {}, phase: "lobby" };
  page.ctx = {
    h: h,
    patch: (element, nodes) => { page.nodes = nodes; },
    api: (method, path, body, headers) => {
      page.requests.push({ method: method, path: path, body: body, headers: headers || {} });
      return Promise.resolve(answer(method, path, body, headers || {}));
    },
    command: (c) => page.commands.push(c),
    save: (blob, name) => page.saved.push({ blob: blob, name: name }),
    feed: () => ({ players: page.players, phase: page.phase }),
    close: () => {},
  };
  page.find = (id) => { for (const node of page.nodes) { const found = byId(node, id); if (found) return found; } return null; };
  page.text = (id) => textOf(page.find(id));
  page.click = (id) => { const found = page.find(id); assert.ok(found, "#" + id + " is shown"); found.props.on.click(); };
  return page;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const LIST = { quizzes: [
  { id: "built-in", title: "Built-in questions", revision: 1, readOnly: true },
  { id: "pub", title: "Pub quiz", revision: 3, readOnly: false },
  { id: "bad", title: "Broken", revision: 1, readOnly: false, problem: "quiz.json is not JSON" },
] };

function desk(extra) {
  return (method, path, body, headers) => {
    const own = extra && extra(method, path, body, headers);
    if (own) return own;
    if (method === "GET" && path === "quizzes") return { status: 200, json: LIST };
    if (method === "GET" && path === "quizzes/pub") return { status: 200, json: { quiz: LIST.quizzes[1], document: copy(DOCUMENT), pictures: [] } };
    return { status: 404, json: { error: "no such request" } };
  };
}

test("the list: each quiz with what it can do; read-only ones copy to edit, unreadable ones only go", async () => {
  const page = host(desk());
  quizzes.mount({}, page.ctx);
  await settle();
  assert.deepEqual(byClass(page.find("quiz-list"), "quiz-title").map(textOf), ["Built-in questions", "Pub quiz", "Broken"]);
  const labels = (id) => byClass(page.find("quiz-" + id), "label").map(textOf);
  assert.deepEqual(labels("built-in"), ["Play next", "Copy to edit", "JSON", "CSV"]);
  assert.deepEqual(labels("pub"), ["Play next", "Edit", "JSON", "CSV", "Copy", "Delete"]);
  assert.deepEqual(labels("bad"), ["Delete"]);
  assert.match(page.text("quiz-bad"), /Cannot be read: quiz\.json is not JSON/);
  assert.equal(textOf(byClass(page.find("quiz-built-in"), "quiz-meta")[0]), "built-in \u00B7 read-only");
});

test("an upload's refusal is shown as the host said it; a good one is added with its questions", async () => {
  let refuse = true;
  const page = host(desk((method, path) => {
    if (method !== "POST" || path !== "quizzes") return null;
    return refuse ? { status: 422, json: { error: "pub quiz.csv:3:8: the correct answer is empty" } }
      : { status: 201, json: { id: "new", title: "pub quiz", revision: 1, readOnly: false, questions: 2 } };
  }));
  quizzes.mount({}, page.ctx);
  await settle();
  const file = { name: "pub quiz.csv" }, input = { files: [file], value: "C:\\fakepath\\pub quiz.csv" };
  page.find("quiz-upload").props.on.change({ target: input });
  await settle();
  assert.equal(page.text("quiz-message"), "\u2715 pub quiz.csv:3:8: the correct answer is empty");
  assert.equal(page.find("quiz-message").props.role, "status");
  const sent = page.requests.filter((r) => r.method === "POST")[0];
  assert.equal(sent.body, file);
  assert.equal(sent.headers["X-File-Name"], "pub%20quiz.csv");
  assert.equal(input.value, "", "the same file may be chosen again");
  refuse = false;
  page.find("quiz-upload").props.on.change({ target: { files: [file], value: "x" } });
  await settle();
  assert.equal(page.text("quiz-message"), "\u2713 Added \u201Cpub quiz\u201D: 2 questions.");
});

test("the editor saves with the revision it loaded; changed elsewhere offers a reload", async () => {
  let status = 200;
  const page = host(desk((method, path, body) => {
    if (method !== "PUT") return null;
    return status === 200 ? { status: 200, json: { id: "pub", title: body.title, revision: 4, readOnly: false } }
      : { status: 409, json: { error: "the quiz was changed elsewhere since you opened it (it is now at revision 4): reload it and make your changes again" } };
  }));
  quizzes.mount({}, page.ctx);
  await settle();
  page.click("edit-pub");
  await settle();
  assert.ok(page.find("quiz-editor"), "the editor is open");
  const first = page.find("quiz-questions").children[0];
  const base = first.props.id;
  assert.equal(textOf(page.find(base + "-text")), "Which planet is red?");
  page.find(base + "-text").props.on.input({ target: { value: "Which planet is the red one?" } });
  const [, venus] = byClass(page.find(base), "answer-edit");
  page.find(venus.props.id + "-correct").props.on.change({ target: { checked: true } });
  page.click(base + "-add-answer");
  assert.equal(byClass(page.find(base), "answer-edit").length, 3);
  page.click("quiz-save");
  await settle();
  assert.match(page.text("quiz-message"), /^\u2715 Question 1: answer 3 is empty\./);
  const third = byClass(page.find(base), "answer-edit")[2];
  page.click(third.props.id + "-remove");
  page.click("quiz-save");
  await settle();
  const put = page.requests.filter((r) => r.method === "PUT")[0];
  assert.equal(put.path, "quizzes/pub");
  assert.equal(put.headers["If-Match"], "\"3\"");
  assert.equal(put.body.title, "Pub quiz");
  assert.deepEqual(put.body.document.questions[0],
    { question: "Which planet is the red one?", answers: [{ text: "Mars", correct: true }, { text: "Venus", correct: true }], category: "Space" });
  assert.equal(page.text("quiz-message"), "\u2713 Saved \u201CPub quiz\u201D (revision 4).");

  status = 409;
  page.click("quiz-save");
  await settle();
  assert.equal(page.requests.filter((r) => r.method === "PUT")[1].headers["If-Match"], "\"4\"");
  assert.equal(page.text("quiz-message"), "\u2715 Changed elsewhere: reload to see the other changes.");
  assert.match(page.text("quiz-conflict"), /Reload/);
  page.click("quiz-reload");
  await settle();
  assert.equal(page.find("quiz-conflict"), null);
  assert.equal(page.text("quiz-message"), "\u2713 Reloaded: the quiz as it is now.");
});

test("closing with changes not saved asks first; questions are added, moved and deleted", async () => {
  const page = host(desk());
  quizzes.mount({}, page.ctx);
  await settle();
  page.click("edit-pub");
  await settle();
  const texts = () => byClass(page.find("quiz-questions"), "question-open").map((b) => textOf(byClass(b, "text")[0]));
  page.click("quiz-add-question");
  assert.deepEqual(texts(), ["Which planet is red?", "2 + 2?", "Is the Moon round?", "(no question yet)"]);
  const added = page.find("quiz-questions").children[3].props.id;
  assert.equal(page.find(added + "-open").props["aria-expanded"], "true", "the new question is the open one");
  page.click(added + "-up");
  assert.deepEqual(texts(), ["Which planet is red?", "2 + 2?", "(no question yet)", "Is the Moon round?"]);
  page.click(added + "-delete");
  assert.deepEqual(texts(), ["Which planet is red?", "2 + 2?", "Is the Moon round?"]);
  page.click("quiz-close");
  assert.ok(page.find("quiz-editor"), "still editing");
  assert.equal(page.text("quiz-message"), "Not saved yet: Save, or press Discard to leave without the changes.");
  assert.match(page.text("quiz-close"), /Discard$/);
  page.click("quiz-close");
  await settle();
  assert.equal(page.find("quiz-editor"), null);
  assert.ok(page.find("quiz-list"));
});

test("a picture is sent, becomes the question's and shows as a thumbnail", async () => {
  const page = host(desk((method, path) => method === "POST" && path === "quizzes/pub/pictures"
    ? { status: 201, json: { hash: "b".repeat(64), format: "PNG", width: 2, height: 2, bytes: 70, url: "/games/trivia/files/pictures/pub/" + "b".repeat(64) } } : null));
  quizzes.mount({}, page.ctx);
  await settle();
  page.click("edit-pub");
  await settle();
  const base = page.find("quiz-questions").children[0].props.id;
  const picture = { name: "tiny.png" };
  page.find(base + "-picture").props.on.change({ target: { files: [picture], value: "x" } });
  await settle();
  assert.equal(page.requests.filter((r) => r.path === "quizzes/pub/pictures")[0].body, picture);
  assert.equal(page.find(base + "-thumb").props.src, "/games/trivia/files/pictures/pub/" + "b".repeat(64));
  assert.match(page.text("quiz-message"), /^\u2713 Picture added \(PNG, 2\u00D72\)/);
  page.click(base + "-no-picture");
  assert.equal(page.find(base + "-thumb"), null);
});

test("downloads are fetched with the token and saved under the host's name", async () => {
  const blob = { size: 10 };
  const page = host(desk((method, path) => path === "quizzes/pub/quiz.csv" ? { status: 200, json: null, blob: blob, name: "Pub quiz.csv" } : null));
  quizzes.mount({}, page.ctx);
  await settle();
  page.click("csv-pub");
  await settle();
  assert.deepEqual(page.saved, [{ blob: blob, name: "Pub quiz.csv" }]);
});

test("play next: the quiz's categories, the plan posted, then Start now while players wait", async () => {
  const page = host(desk((method, path, body) => method === "POST" && path === "next-game"
    ? { status: 202, json: { title: "Pub quiz", questions: body.categories ? 2 : 3 } } : null));
  quizzes.mount({}, page.ctx);
  await settle();
  page.click("play-pub");
  await settle();
  assert.match(page.text("next-game"), /Play next: \u201CPub quiz\u201D/);
  assert.equal(page.find("next-cat-0").props.checked, "checked");
  assert.equal(page.find("next-start"), null);
  page.find("next-mode").props.on.change({ target: { value: "timed" } });
  page.click("next-play");
  await settle();
  assert.deepEqual(page.requests.filter((r) => r.path === "next-game")[0].body,
    { quiz: "pub", mode: "timed", rounds: 0, shuffleQuestions: true, shuffleAnswers: true, picturesOnPhones: false });
  assert.equal(page.find("next-teams"), null, "teams off: no names to type");
  page.find("next-teams-on").props.on.change({ target: { checked: true } });
  assert.equal(page.find("next-teams").props.value, "Red, Blue");
  page.find("next-teams").props.on.input({ target: { value: "Owls, Larks" } });
  page.find("next-team-placement").props.on.change({ target: { value: "placed" } });
  page.click("next-play");
  await settle();
  const teams = page.requests.filter((r) => r.path === "next-game")[1].body;
  assert.deepEqual([teams.teams, teams.teamPlacement], [["Owls", "Larks"], "placed"]);
  page.find("next-teams-on").props.on.change({ target: { checked: false } });
  assert.equal(page.text("quiz-message"), "\u2713 Next game: \u201CPub quiz\u201D, 3 questions.");
  assert.equal(page.find("next-start"), null, "nobody waits: nothing to start");
  page.players = { 3: "Ann", 4: "Bob" };
  page.click("next-play");
  await settle();
  assert.equal(page.text("next-start"), "\u25B6Start now (2 players waiting)");
  page.click("next-start");
  assert.deepEqual(page.commands, [{ command: "startNow" }]);
  page.phase = "playing";  /* the game runs: the next one is chosen when it ends */
  page.ctx.patch({}, []);
  quizzes.mount({}, page.ctx).refresh();
  await settle();
  page.click("play-pub");
  await settle();
  assert.equal(page.find("next-play").props.disabled, true);
  assert.match(page.text("next-wait"), /^A game is under way/);
});

test("trivia's module lists the tool, keeps the next quiz's note and says it between games", () => {
  assert.deepEqual(trivia.hostTools.map((t) => [t.label, t.module])[0], ["Quizzes", "/games/trivia/files/quizzes.mjs"]);
  let s = trivia.watchStart();
  assert.deepEqual(trivia.hostBetween(s), []);
  s = trivia.watchNote(s, { kind: "awaitingMark", question: 1 });
  s = trivia.watchNote(s, { kind: "nextQuiz", title: "Pub quiz", questions: 3, mode: "timed" });
  assert.deepEqual(trivia.hostBetween(s), ["Next game: \u201CPub quiz\u201D \u00B7 3 questions \u00B7 timed"]);
  s = trivia.watch(s, { kind: "game", questions: 3 }, { now: 0, age: 0 });
  assert.equal(trivia.hostBetween(s).length, 1, "kept through the game: later games play it too");
  assert.equal(trivia.commandDone({ command: "nextQuiz", title: "Pub quiz", quiz: { questions: [] } }), "The next game plays \u201CPub quiz\u201D");
  assert.equal(trivia.commandDone({ command: "mark", right: true }), null);
});
