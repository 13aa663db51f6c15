/* Trivia's quiz library on the host page (docs/TRIVIA.md, "Your own quizzes"): owns the list of
   the host's quizzes (upload, download as JSON or CSV, copy, delete), the editor (the title, the
   questions, their answers, category, time limit, points and picture; saved with the revision it
   was loaded at, so a second editor's save is refused, never silently lost) and the next game's
   form (categories, rounds, mode, times, shuffling; then Start now). The host page imports it
   only when the host presses "Quizzes" (trivia.mjs's hostTools; docs/WEB.md, "A game's host
   tools"): the phone and the TV never load it. It imports nothing; the host page hands it
   `ctx` (h, patch, api, command, feed, save, close), so the model below runs in Node
   (Tests/js/quizzes.test.mjs). Requests: QuizDesk's table (Sources/Trivia/Desk/QuizDesk.swift). */

export const MIN_ANSWERS = 2, MAX_ANSWERS = 6;
export const MAX_QUESTION = 500, MAX_ANSWER = 200, MAX_CATEGORY = 40;
export const TIME_LIMITS = [1, 600];  /* a question's own time limit, seconds */
export const QUESTION_TIMES = [0.5, 600];  /* the next game's time for every question, seconds */
export const RESULT_TIMES = [0, 60];  /* how long each answer shows before the next question, seconds (the game's 4 when blank) */
export const TEAM_COUNT = [2, 8], TEAM_NAME = 16;  /* team mode: how many teams, a name's most characters (TeamPlan) */
export const PLACEMENTS = [["choose", "Players choose in the lobby"], ["placed", "The host places them (even teams)"]];
export const POINTS = [["standard", "Standard"], ["double", "Double"], ["none", "No points"]];
export const MODES = [
  ["first", "First right answer scores"],
  ["timed", "Timed: every right answer scores"],
  ["buzzer", "Buzzer: the first to buzz answers aloud"],
];

/* ---- The model: a quiz's document (snap-host's JSON) as the editor holds it, and back ---- */

let lastKey = 0;
const key = () => { lastKey += 1; return lastKey; };  /* each question and answer's own, for its elements' ids */

function answerModel(a) { return { key: key(), text: a && typeof a.text === "string" ? a.text : "", correct: !!(a && a.correct === true) }; }

function questionModel(q) {
  return {
    key: key(),
    text: typeof q.question === "string" ? q.question : "",
    category: typeof q.category === "string" ? q.category : "",
    timeLimit: typeof q.timeLimit === "number" ? String(q.timeLimit) : "",
    points: q.points === "double" || q.points === "none" ? q.points : "standard",
    picture: typeof q.picture === "string" ? q.picture : null,
    answers: (Array.isArray(q.answers) ? q.answers : []).map(answerModel),
  };
}

/* The editor's model of a document: {questions: [{key, text, category, timeLimit (words as
   typed), points, picture (hash or null), answers: [{key, text, correct}]}]}. */
export function editorModel(document) {
  const questions = document && Array.isArray(document.questions) ? document.questions : [];
  return { questions: questions.filter((q) => q && typeof q === "object").map(questionModel) };
}

/* A new question: two empty answers, the first marked correct. */
export function blankQuestion() {
  return questionModel({ answers: [{ text: "", correct: true }, { text: "" }] });
}

/* A time limit as typed: null (blank: the game's own), a number, or NaN (not one). */
export function seconds(typed) {
  const text = String(typed == null ? "" : typed).trim().replace(",", ".");
  if (text === "") return null;
  return /^[0-9]+(\.[0-9]+)?$/.test(text) ? Number(text) : NaN;
}

/* The document to save, in snap-host's JSON as the host writes it: `correct` only on the right
   answers, a standard question's points, an empty category and a blank time limit left out. */
export function documentOf(model) {
  return {
    questions: model.questions.map((q) => {
      const out = { question: q.text.trim(), answers: q.answers.map((a) => a.correct ? { text: a.text.trim(), correct: true } : { text: a.text.trim() }) };
      if (q.category.trim()) out.category = q.category.trim();
      const limit = seconds(q.timeLimit);
      if (limit !== null) out.timeLimit = limit;
      if (q.points !== "standard") out.points = q.points;
      if (q.picture) out.picture = q.picture;
      return out;
    }),
  };
}

/* What stops a save, as the page says it: [{question (index, or -1 for the quiz), text}];
   the host checks again (and more), but these a person fixes before sending. */
export function problems(model, title) {
  const found = [];
  if (!String(title || "").trim()) found.push({ question: -1, text: "The quiz needs a title." });
  if (model.questions.length === 0) found.push({ question: -1, text: "The quiz needs one question at least." });
  model.questions.forEach((q, i) => {
    const say = (text) => found.push({ question: i, text: "Question " + (i + 1) + ": " + text });
    if (!q.text.trim()) say("the question is empty.");
    if (q.answers.length < MIN_ANSWERS) say("give it " + MIN_ANSWERS + " answers at least.");
    const seen = {};
    q.answers.forEach((a, n) => {
      const text = a.text.trim().toLowerCase();
      if (!text) say("answer " + (n + 1) + " is empty.");
      else if (seen[text]) say("answers " + seen[text] + " and " + (n + 1) + " are the same.");
      else seen[text] = n + 1;
    });
    if (!q.answers.some((a) => a.correct)) say("mark one answer correct at least.");
    const limit = seconds(q.timeLimit);
    if (limit !== null && !(limit >= TIME_LIMITS[0] && limit <= TIME_LIMITS[1])) {
      say("the time limit is " + TIME_LIMITS[0] + " to " + TIME_LIMITS[1] + " seconds (blank: the game's own).");
    }
  });
  return found;
}

/* The list moved: the item at `index` goes `by` places (-1 up, 1 down); the same list when it cannot. */
export function moved(list, index, by) {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return list;
  const out = list.slice();
  out.splice(to, 0, out.splice(index, 1)[0]);
  return out;
}

/* A document's categories, in the order they first come (none: []). */
export function categoriesOf(document) {
  const out = [];
  const questions = document && Array.isArray(document.questions) ? document.questions : [];
  for (const q of questions) {
    const name = q && typeof q.category === "string" ? q.category.trim() : "";
    if (name && out.indexOf(name) < 0) out.push(name);
  }
  return out;
}

/* The next game's request (`POST next-game`) from its form, or {problem} to say instead. */
export function nextGameRequest(quiz, form) {
  const chosen = form.categories.filter((c) => form.chosen[c]);
  if (form.categories.length && chosen.length === 0) return { problem: "Choose one category at least." };
  const rounds = String(form.rounds).trim() === "" ? 0 : Number(String(form.rounds).trim());
  if (!(Number.isInteger(rounds) && rounds >= 0 && rounds <= 10000)) return { problem: "Questions to ask: a whole number (0: all of them)." };
  const time = seconds(form.time);
  if (time !== null && !(time >= QUESTION_TIMES[0] && time <= QUESTION_TIMES[1])) {
    return { problem: "Seconds per question: " + QUESTION_TIMES[0] + " to " + QUESTION_TIMES[1] + " (blank: each question's own)." };
  }
  const result = seconds(form.resultTime);
  if (result !== null && !(result >= RESULT_TIMES[0] && result <= RESULT_TIMES[1])) {
    return { problem: "Seconds showing each answer: " + RESULT_TIMES[0] + " to " + RESULT_TIMES[1] + " (blank: 4)." };
  }
  const teams = form.teamsOn ? teamNames(form.teams) : null;
  if (teams && teams.problem) return teams;
  const body = { quiz: quiz, mode: form.mode, rounds: rounds, shuffleQuestions: !!form.shuffleQuestions, shuffleAnswers: !!form.shuffleAnswers,
    picturesOnPhones: !!form.picturesOnPhones };
  if (teams) { body.teams = teams.names; body.teamPlacement = form.teamPlacement || "choose"; }
  if (chosen.length && chosen.length < form.categories.length) body.categories = chosen;
  if (time !== null) body.questionTime = time;
  if (result !== null) body.resultTime = result;
  return { body: body };
}

/* The teams' names typed in the form ("Red, Blue"): {names}, or {problem} in the host's words (the
   game checks them again: TeamPlan). */
export function teamNames(text) {
  const names = String(text || "").split(",").map((n) => n.trim());
  if (names.length === 1 && names[0] === "") names.pop();
  const lower = names.map((n) => n.toLowerCase());
  if (names.length < TEAM_COUNT[0] || names.length > TEAM_COUNT[1]) {
    return { problem: "Teams: " + TEAM_COUNT[0] + " to " + TEAM_COUNT[1] + " names, separated by commas (you gave " + names.length + ")." };
  }
  for (let i = 0; i < names.length; i++) {
    if (!names[i]) return { problem: "Teams: team " + (i + 1) + " has no name." };
    if ([...names[i]].length > TEAM_NAME) return { problem: "Teams: \u201C" + names[i] + "\u201D is longer than " + TEAM_NAME + " characters." };
    if (lower.indexOf(lower[i]) !== i) return { problem: "Teams: \u201C" + names[i] + "\u201D twice; each team needs a name of its own." };
  }
  return { names: names };
}

/* A quiz's line in the list: "12 questions · read-only · built-in". */
export function quizLine(quiz, count) {
  const words = [];
  if (count != null) words.push(count === 1 ? "1 question" : count + " questions");
  if (quiz.id === "built-in") words.push("built-in");
  else if (quiz.id === "questions") words.push("serve --questions");
  if (quiz.readOnly) words.push("read-only");
  return words.join(" \u00B7 ");
}

/* Where the host serves a quiz's picture (QuizDesk.pictureURL). */
export function pictureURL(id, hash) { return "/games/trivia/files/pictures/" + encodeURIComponent(id) + "/" + hash; }

/* A refusal's sentence as the host said it (an upload's names the file, "pub quiz.csv:3:8: …"). */
export function said(answer, fallback) {
  return answer && answer.json && typeof answer.json.error === "string" ? answer.json.error : fallback;
}

/* The same as a sentence of the page's own: first letter up. */
export function sentence(answer, fallback) {
  const text = said(answer, fallback);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/* ---- The view: mounted in the host page's tool area ---- */

export function mount(element, ctx) {
  const h = ctx.h;
  const st = {
    view: "list", quizzes: null, counts: {}, message: "", tone: "", deleting: null, busy: false,
    editor: null,  /* {id, title, revision, model, open (a question's key), dirty, conflict, leaving} */
    next: null,    /* {quiz: summary, categories, chosen, rounds, mode, time, resultTime, shuffleQuestions, shuffleAnswers, planned} */
  };

  function render() { ctx.patch(element, view()); }
  function say(message, tone) { st.message = message; st.tone = tone || ""; render(); }

  function view() {
    const conflict = st.view === "editor" && st.editor && st.editor.conflict;
    return [
      /* What the last action did, kept in sight at the top while the view scrolls under it. */
      h("div", { id: "quiz-status", class: "quiz-status" },
        h("p", { id: "quiz-message", class: "message quiz-message" + (st.tone ? " " + st.tone : ""), role: "status", "aria-live": "polite" }, st.message),
        conflict ? h("div", { id: "quiz-conflict", class: "conflict" },
          button("quiz-reload", "\u21BB", "Reload", () => openEditor(st.editor.id, "\u2713 Reloaded: the quiz as it is now."), { class: "command go" })) : null),
      st.view === "editor" && st.editor ? editorView() : st.view === "next" && st.next ? nextView() : listView(),
    ];
  }

  // ---- the list ----

  function load() {
    return ctx.api("GET", "quizzes").then((r) => {
      if (r.status !== 200) { say("\u2715 " + sentence(r, "The quizzes could not be listed."), "bad"); return; }
      st.quizzes = r.json.quizzes || [];
      for (const q of st.quizzes) if (typeof q.questions === "number") st.counts[q.id] = q.questions;
      render();
    });
  }

  function button(id, icon, label, click, extra) {
    const props = Object.assign({ type: "button", id: id, class: "command", on: { click: click } }, extra || {});
    return h("button", props, icon ? h("span", { class: "icon", "aria-hidden": "true" }, icon) : null, h("span", { class: "label" }, label));
  }

  function listView() {
    const quizzes = st.quizzes;
    return h("div", { id: "quiz-library", class: "quiz-library" },
      h("div", { class: "upload" },
        h("label", { for: "quiz-upload" }, "Upload a quiz: snap-host's JSON, CSV, Open Trivia DB's JSON or Kahoot's .xlsx (up to 20 MB)"),
        h("input", { id: "quiz-upload", type: "file", accept: ".json,.csv,.xlsx", class: "file", disabled: st.busy, on: { change: (e) => upload(e.target) } })),
      h("h2", { class: "quiz-list-title" }, quizzes ? (quizzes.length === 1 ? "1 quiz" : quizzes.length + " quizzes") : "Loading the quizzes\u2026"),
      h("ul", { id: "quiz-list", class: "quiz-list" }, (quizzes || []).map(quizItem)));
  }

  function quizItem(q) {
    const id = q.id, name = "\u201C" + q.title + "\u201D";
    let actions;
    if (st.deleting === id) {
      actions = h("div", { class: "confirm quiz-confirm" },
        h("p", null, "Delete " + name + "? Its questions and pictures go for good."),
        h("div", { class: "confirm-buttons" },
          button("delete-yes-" + id, "\u2715", "Delete", () => remove(q), { class: "command danger" }),
          button("delete-no-" + id, "\u21A9\uFE0E", "Cancel", () => { st.deleting = null; render(); })));
    } else if (q.problem) {
      actions = h("div", { class: "quiz-actions" }, button("delete-" + id, "\u2715", "Delete", () => { st.deleting = id; render(); }, { class: "command danger", "aria-label": "Delete " + name }));
    } else {
      actions = h("div", { class: "quiz-actions" },
        button("play-" + id, "\u25B6", "Play next", () => openNext(q), { class: "command go", "aria-label": "Play " + name + " next" }),
        q.readOnly ? button("copyedit-" + id, "\u270E", "Copy to edit", () => copy(q, true), { "aria-label": "Copy " + name + " to edit" })
          : button("edit-" + id, "\u270E", "Edit", () => openEditor(id), { "aria-label": "Edit " + name }),
        button("json-" + id, "\u2913", "JSON", () => download(q, "json"), { "aria-label": "Download " + name + " as JSON" }),
        button("csv-" + id, "\u2913", "CSV", () => download(q, "csv"), { "aria-label": "Download " + name + " as CSV" }),
        q.readOnly ? null : button("copy-" + id, "\u2750", "Copy", () => copy(q, false), { "aria-label": "Copy " + name }),
        q.readOnly ? null : button("delete-" + id, "\u2715", "Delete", () => { st.deleting = id; render(); }, { class: "command danger", "aria-label": "Delete " + name }));
    }
    return h("li", { id: "quiz-" + id, class: "quiz-item" },
      h("div", { class: "quiz-head" }, h("span", { class: "quiz-title" }, q.title), h("span", { class: "quiz-meta" }, quizLine(q, st.counts[id]))),
      q.problem ? h("p", { class: "quiz-problem" }, "Cannot be read: " + q.problem) : null,
      actions);
  }

  function upload(input) {
    const file = input.files && input.files[0];
    if (!file) return;
    st.busy = true;
    say("Uploading " + file.name + "\u2026");
    ctx.api("POST", "quizzes", file, { "X-File-Name": encodeURIComponent(file.name), "Content-Type": "application/octet-stream" }).then((r) => {
      st.busy = false;
      input.value = "";
      if (r.status === 201) {
        st.counts[r.json.id] = r.json.questions;
        say("\u2713 Added \u201C" + r.json.title + "\u201D: " + quizLine(r.json, r.json.questions) + ".", "good");
        load();
      } else {
        say("\u2715 " + said(r, "The file was refused."), "bad");
      }
    });
  }

  function download(q, kind) {
    ctx.api("GET", "quizzes/" + q.id + "/quiz." + kind).then((r) => {
      if (r.status !== 200 || !r.blob) { say("\u2715 " + sentence(r, "The download failed."), "bad"); return; }
      ctx.save(r.blob, r.name || q.title + "." + kind);
      say("\u2713 Downloaded \u201C" + q.title + "\u201D as " + kind.toUpperCase() + ".", "good");
    });
  }

  function copy(q, thenEdit) {
    ctx.api("POST", "quizzes/" + q.id + "/copy", {}).then((r) => {
      if (r.status !== 201) { say("\u2715 " + sentence(r, "The copy failed."), "bad"); return; }
      st.counts[r.json.id] = st.counts[q.id];
      if (thenEdit) { openEditor(r.json.id, "\u2713 Copied: this is \u201C" + r.json.title + "\u201D, yours to change."); load(); return; }
      say("\u2713 Copied as \u201C" + r.json.title + "\u201D.", "good");
      load();
    });
  }

  function remove(q) {
    ctx.api("DELETE", "quizzes/" + q.id, null, { "If-Match": "\"" + q.revision + "\"" }).then((r) => {
      st.deleting = null;
      if (r.status !== 200) { say("\u2715 " + sentence(r, "The quiz was not deleted."), "bad"); load(); return; }
      say("\u2713 Deleted \u201C" + q.title + "\u201D.", "good");
      load();
    });
  }

  // ---- the editor ----

  function openEditor(id, message) {
    say(message || "Loading the quiz\u2026", message ? "good" : "");
    return ctx.api("GET", "quizzes/" + id).then((r) => {
      if (r.status !== 200) { say("\u2715 " + sentence(r, "The quiz could not be loaded."), "bad"); return; }
      const model = editorModel(r.json.document);
      st.counts[id] = model.questions.length;
      st.editor = {
        id: id, title: r.json.quiz.title, revision: r.json.quiz.revision, readOnly: r.json.quiz.readOnly, model: model,
        open: model.questions.length ? model.questions[0].key : null, dirty: false, conflict: false, leaving: false,
      };
      st.view = "editor";
      if (!message) st.message = "";
      render();
    });
  }

  function changed() { st.editor.dirty = true; st.editor.leaving = false; render(); }

  function editorView() {
    const e = st.editor, qs = e.model.questions;
    return h("div", { id: "quiz-editor", class: "quiz-editor" },
      h("label", { for: "quiz-title" }, "Title"),
      h("input", { id: "quiz-title", type: "text", maxlength: "200", value: e.title, on: { input: (ev) => { e.title = ev.target.value; changed(); } } }),
      h("h2", { class: "questions-title" }, (qs.length === 1 ? "1 question" : qs.length + " questions") + (e.dirty ? " \u00B7 not saved yet" : "")),
      h("ol", { id: "quiz-questions", class: "questions-edit" }, qs.map((q, i) => questionItem(q, i, qs.length))),
      button("quiz-add-question", "+", "Add a question", addQuestion, { class: "command wide" }),
      h("div", { class: "editor-foot" },
        button("quiz-save", "\u2714", "Save", save, { class: "command go", disabled: st.busy }),
        button("quiz-close", "\u21A9\uFE0E", e.leaving ? "Discard" : "Close", closeEditor, e.leaving ? { class: "command danger" } : null)));
  }

  function questionItem(q, i, count) {
    const e = st.editor, open = e.open === q.key, base = "q" + q.key;
    const marks = [q.answers.length + " answers"];
    if (q.category.trim()) marks.push(q.category.trim());
    if (q.picture) marks.push("picture");
    return h("li", { id: base, class: "question-edit" + (open ? " open" : "") },
      h("button", { type: "button", id: base + "-open", class: "question-open", "aria-expanded": open ? "true" : "false",
        on: { click: () => { e.open = open ? null : q.key; render(); } } },
        h("span", { class: "number" }, (i + 1) + "."), " ",
        h("span", { class: "text" }, q.text.trim() || "(no question yet)"),
        h("span", { class: "marks" }, marks.join(" \u00B7 "))),
      open ? questionForm(q, i, count, base) : null);
  }

  function field(id, label, input) { return h("div", { class: "field" }, h("label", { for: id }, label), input); }

  function questionForm(q, i, count, base) {
    const set = (name) => (ev) => { q[name] = ev.target.value; changed(); };
    return h("div", { class: "question-form" },
      field(base + "-text", "Question", h("textarea", { id: base + "-text", class: "q-text", rows: "3", maxlength: String(MAX_QUESTION), on: { input: set("text") } }, q.text)),
      h("div", { class: "field-row" },
        field(base + "-category", "Category", h("input", { id: base + "-category", class: "q-category", type: "text", maxlength: String(MAX_CATEGORY), value: q.category, on: { input: set("category") } })),
        field(base + "-time", "Time (seconds)", h("input", { id: base + "-time", class: "q-time", type: "text", inputmode: "decimal", placeholder: "default", value: q.timeLimit, on: { input: set("timeLimit") } })),
        field(base + "-points", "Points", h("select", { id: base + "-points", class: "q-points", on: { change: set("points") } },
          POINTS.map((p) => h("option", { value: p[0], selected: q.points === p[0] ? "selected" : null }, p[1]))))),
      h("fieldset", { class: "answers-edit" },
        h("legend", null, "Answers: tick each right one"),
        q.answers.map((a, n) => answerRow(q, a, n, base)),
        button(base + "-add-answer", "+", "Answer", () => { q.answers = q.answers.concat([answerModel({})]); changed(); },
          { class: "command small", disabled: q.answers.length >= MAX_ANSWERS })),
      pictureField(q, base),
      h("div", { class: "question-tools" },
        button(base + "-up", "\u25B2", "Up", () => move(i, -1), { class: "command small", disabled: i === 0, "aria-label": "Move question " + (i + 1) + " up" }),
        button(base + "-down", "\u25BC", "Down", () => move(i, 1), { class: "command small", disabled: i === count - 1, "aria-label": "Move question " + (i + 1) + " down" }),
        button(base + "-delete", "\u2715", "Delete", () => deleteQuestion(i), { class: "command small danger", "aria-label": "Delete question " + (i + 1) })));
  }

  function answerRow(q, a, n, base) {
    const id = base + "-a" + a.key;
    return h("div", { id: id, class: "answer-edit a" + (n % 6) + (a.correct ? " right" : "") },
      h("label", { class: "correct" },
        h("input", { id: id + "-correct", type: "checkbox", checked: a.correct ? "checked" : null, on: { change: (ev) => { a.correct = ev.target.checked; changed(); } } }),
        " Right"),
      h("input", { id: id + "-text", class: "answer-text", type: "text", maxlength: String(MAX_ANSWER), value: a.text, "aria-label": "Answer " + (n + 1),
        on: { input: (ev) => { a.text = ev.target.value; changed(); } } }),
      h("button", { type: "button", id: id + "-remove", class: "command small remove", disabled: q.answers.length <= MIN_ANSWERS,
        "aria-label": "Remove answer " + (n + 1), on: { click: () => { q.answers = q.answers.filter((x) => x !== a); changed(); } } },
        h("span", { "aria-hidden": "true" }, "\u2715")));
  }

  function pictureField(q, base) {
    return h("div", { class: "picture-edit" },
      q.picture ? h("img", { id: base + "-thumb", class: "thumb", src: pictureURL(st.editor.id, q.picture), alt: "The question's picture" }) : null,
      h("div", { class: "field" },
        h("label", { for: base + "-picture" }, q.picture ? "Another picture" : "Picture (PNG, JPEG, WebP or GIF, up to 2 MB)"),
        h("input", { id: base + "-picture", class: "file q-picture", type: "file", accept: "image/*", disabled: st.busy, on: { change: (ev) => addPicture(q, ev.target) } })),
      q.picture ? button(base + "-no-picture", "\u2715", "Remove the picture", () => { q.picture = null; changed(); }, { class: "command small" }) : null);
  }

  function addPicture(q, input) {
    const file = input.files && input.files[0];
    if (!file) return;
    st.busy = true;
    say("Sending the picture\u2026");
    ctx.api("POST", "quizzes/" + st.editor.id + "/pictures", file, { "Content-Type": "application/octet-stream" }).then((r) => {
      st.busy = false;
      input.value = "";
      if (r.status !== 201) { say("\u2715 " + sentence(r, "The picture was refused."), "bad"); return; }
      q.picture = r.json.hash;
      st.editor.dirty = true;
      say("\u2713 Picture added (" + r.json.format + ", " + r.json.width + "\u00D7" + r.json.height + "): save to keep it.", "good");
    });
  }

  function addQuestion() {
    const q = blankQuestion();
    st.editor.model.questions = st.editor.model.questions.concat([q]);
    st.editor.open = q.key;
    changed();
  }

  function move(i, by) { st.editor.model.questions = moved(st.editor.model.questions, i, by); changed(); }

  function deleteQuestion(i) {
    const qs = st.editor.model.questions;
    st.editor.model.questions = qs.filter((_, n) => n !== i);
    say("Question " + (i + 1) + " deleted: save to keep it so, or close without saving to have it back.");
    changed();
  }

  function save() {
    const e = st.editor, found = problems(e.model, e.title);
    if (found.length) {
      const first = found[0];
      if (first.question >= 0) e.open = e.model.questions[first.question].key;
      say("\u2715 " + first.text + (found.length > 1 ? " (and " + (found.length - 1) + " more)" : ""), "bad");
      return;
    }
    st.busy = true;
    say("Saving\u2026");
    ctx.api("PUT", "quizzes/" + e.id, { title: e.title.trim(), document: documentOf(e.model) }, { "If-Match": "\"" + e.revision + "\"" }).then((r) => {
      st.busy = false;
      if (r.status === 200) {
        e.revision = r.json.revision;
        e.title = r.json.title;
        e.dirty = false;
        e.conflict = false;
        st.counts[e.id] = e.model.questions.length;
        say("\u2713 Saved \u201C" + e.title + "\u201D (revision " + e.revision + ").", "good");
      } else if (r.status === 409 && /elsewhere/.test(said(r, ""))) {
        e.conflict = true;
        say("\u2715 Changed elsewhere: reload to see the other changes.", "bad");
      } else {
        say("\u2715 " + sentence(r, "The quiz was not saved."), "bad");
      }
    });
  }

  function closeEditor() {
    if (st.editor.dirty && !st.editor.leaving) {
      st.editor.leaving = true;
      say("Not saved yet: Save, or press Discard to leave without the changes.", "bad");
      return;
    }
    st.editor = null;
    st.view = "list";
    say("");
    load();
  }

  // ---- the next game ----

  function openNext(q) {
    say("Loading \u201C" + q.title + "\u201D\u2026");
    ctx.api("GET", "quizzes/" + q.id).then((r) => {
      if (r.status !== 200) { say("\u2715 " + sentence(r, "The quiz could not be loaded."), "bad"); return; }
      const categories = categoriesOf(r.json.document), chosen = {};
      categories.forEach((c) => { chosen[c] = true; });
      st.counts[q.id] = (r.json.document.questions || []).length;
      st.next = { quiz: q, categories: categories, chosen: chosen, rounds: "0", mode: "first", time: "", resultTime: "", shuffleQuestions: true, shuffleAnswers: true,
        picturesOnPhones: false, teamsOn: false, teams: "Red, Blue", teamPlacement: "choose", planned: null };
      st.view = "next";
      say("");
    });
  }

  function check(id, label, value, onChange) {
    return h("label", { class: "check", for: id },
      h("input", { id: id, type: "checkbox", checked: value ? "checked" : null, on: { change: (ev) => onChange(ev.target.checked) } }), " " + label);
  }

  function nextView() {
    const n = st.next, f = ctx.feed(), waiting = Object.keys(f.players || {}).length, playing = f.phase === "playing";
    return h("div", { id: "next-game", class: "next-game" },
      h("h2", null, "Play next: \u201C" + n.quiz.title + "\u201D"),
      h("p", { class: "status" }, quizLine(n.quiz, st.counts[n.quiz.id])),
      n.categories.length ? h("fieldset", { class: "categories" }, h("legend", null, "Categories"),
        n.categories.map((c, i) => check("next-cat-" + i, c, n.chosen[c], (on) => { n.chosen[c] = on; render(); })))
        : h("p", { class: "status" }, "No categories: every question may play."),
      field("next-rounds", "Questions to ask (0: all of them)", h("input", { id: "next-rounds", type: "text", inputmode: "numeric", value: n.rounds, on: { input: (ev) => { n.rounds = ev.target.value; } } })),
      field("next-mode", "Mode", h("select", { id: "next-mode", on: { change: (ev) => { n.mode = ev.target.value; } } },
        MODES.map((m) => h("option", { value: m[0], selected: n.mode === m[0] ? "selected" : null }, m[1])))),
      field("next-time", "Seconds per question (blank: each question's own)", h("input", { id: "next-time", type: "text", inputmode: "decimal", value: n.time, on: { input: (ev) => { n.time = ev.target.value; } } })),
      field("next-result-time", "Seconds showing each answer (blank: 4)", h("input", { id: "next-result-time", type: "text", inputmode: "decimal", value: n.resultTime, on: { input: (ev) => { n.resultTime = ev.target.value; } } })),
      check("next-shuffle-questions", "Shuffle the questions", n.shuffleQuestions, (on) => { n.shuffleQuestions = on; }),
      check("next-shuffle-answers", "Shuffle the answers", n.shuffleAnswers, (on) => { n.shuffleAnswers = on; }),
      check("next-pictures-on-phones", "Show pictures on phones too", n.picturesOnPhones, (on) => { n.picturesOnPhones = on; }),
      teamsFields(n),
      h("div", { class: "next-buttons" },
        button("next-play", "\u25B6", "Play next", playNext, { class: "command go", disabled: st.busy || playing }),
        button("next-back", "\u21A9\uFE0E", "Quizzes", () => { st.next = null; st.view = "list"; say(""); load(); })),
      playing ? h("p", { id: "next-wait", class: "status" }, "A game is under way: choose the next one when it ends (or end it on the controls).") : null,
      n.planned ? h("p", { id: "next-planned", class: "status" }, "The next game plays \u201C" + n.planned.title + "\u201D: " +
        (n.planned.questions === 1 ? "1 question" : n.planned.questions + " questions") + ".") : null,
      n.planned && !playing && waiting > 0
        ? button("next-start", "\u25B6", "Start now (" + (waiting === 1 ? "1 player" : waiting + " players") + " waiting)", () => ctx.command({ command: "startNow" }), { class: "command go wide" })
        : null);
  }

  /* Team mode: off, or the teams' names and how players get into them. */
  function teamsFields(n) {
    return h("fieldset", { id: "next-teams-set", class: "teams" }, h("legend", null, "Teams"),
      check("next-teams-on", "Play in teams (a team scores its members' mean)", n.teamsOn, (on) => { n.teamsOn = on; render(); }),
      n.teamsOn ? field("next-teams", "Team names, separated by commas (" + TEAM_COUNT[0] + " to " + TEAM_COUNT[1] + ")",
        h("input", { id: "next-teams", type: "text", value: n.teams, maxlength: "200", on: { input: (ev) => { n.teams = ev.target.value; } } })) : null,
      n.teamsOn ? field("next-team-placement", "Who chooses the teams", h("select", { id: "next-team-placement", on: { change: (ev) => { n.teamPlacement = ev.target.value; } } },
        PLACEMENTS.map((p) => h("option", { value: p[0], selected: n.teamPlacement === p[0] ? "selected" : null }, p[1])))) : null);
  }

  function playNext() {
    const n = st.next, made = nextGameRequest(n.quiz.id, n);
    if (made.problem) { say("\u2715 " + made.problem, "bad"); return; }
    st.busy = true;
    say("Choosing the next game\u2026");
    ctx.api("POST", "next-game", made.body).then((r) => {
      st.busy = false;
      if (r.status !== 202) { say("\u2715 " + sentence(r, "The next game was not chosen."), "bad"); return; }
      n.planned = r.json;
      say("\u2713 Next game: \u201C" + r.json.title + "\u201D, " + (r.json.questions === 1 ? "1 question" : r.json.questions + " questions") + ".", "good");
    });
  }

  render();
  load();
  return { refresh: render };
}
