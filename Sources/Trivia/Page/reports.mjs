/* Trivia's past games on the host page (docs/TRIVIA.md, "Results to take home"): owns the list of
   the last games' reports (when, which quiz, how many played, who won), one game's summary (the
   ranks; the hardest question with its share right; the fastest right answer, who and how fast;
   each question's share right and how its answers spread, as bars labelled A, B, C… with their
   counts) and the report's download as CSV. The facts are the host's (QuizDesk's `reports`
   requests, worked out by GameReport): this only lays them out. The host page imports it only
   when the host presses "Past games" (trivia.mjs's hostTools; docs/WEB.md, "A game's host
   tools"), hands it `ctx` (h, patch, api, save, …) and it imports nothing, so Tests/js runs it
   in Node (Tests/js/reports.test.mjs). */

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MODE_WORDS = { first: "first right answer scores", timed: "timed", buzzer: "buzzer" };

/* An answer's letter, as the phones and the TV show it: 0 is "A". */
export function letter(index) { return LETTERS.charAt(index) || "#" + (index + 1); }

/* "1 player", "2 players". */
export function count(n, one, many) { return n + " " + (n === 1 ? one : many); }

/* When a game was played (`played`: ISO 8601, UTC), in the page's own time: "Today, 20:31",
   "Yesterday, 20:31", "27 Nov 2026, 20:31"; "" when unknown. */
export function playedWords(played, now) {
  const at = played ? new Date(played) : null;
  if (!at || isNaN(at.getTime())) return "";
  const pad = (n) => (n < 10 ? "0" : "") + n;
  const time = pad(at.getHours()) + ":" + pad(at.getMinutes());
  const day = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const today = day(now), then = day(at);
  if (then === today) return "Today, " + time;
  if (then === day(new Date(today - 12 * 3600 * 1000))) return "Yesterday, " + time;
  return at.getDate() + " " + MONTHS[at.getMonth()] + " " + at.getFullYear() + ", " + time;
}

/* Milliseconds as a person says them: "0.6 s", "12.3 s". */
export function seconds(ms) { return (Math.round(ms / 100) / 10).toFixed(1) + " s"; }

/* "Winner: Ann", "Winners: Ann and Bob", "Nobody played" (the list's and the summary's). */
export function winnerWords(names) {
  if (!names || names.length === 0) return "No winner";
  if (names.length === 1) return "Winner: " + names[0];
  return "Winners: " + names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
}

/* A question's share right: "1 of 2 got it right (50%)"; "Nobody could answer" when none could. */
export function shareWords(q) {
  if (!q.of) return "Nobody could answer it";
  return q.right + " of " + q.of + " got it right (" + (q.percent != null ? q.percent : Math.round(100 * q.right / q.of)) + "%)";
}

/* A bar's length class: w0 … w10, tenths of the players who could answer. */
export function widthClass(chose, of) {
  if (!of || !chose) return "w0";
  return "w" + Math.max(1, Math.min(10, Math.round(10 * chose / of)));
}

/* The list's line under a game's title: "Today, 20:31 · 2 players · 3 questions". */
export function listLine(line, now) {
  const s = line.summary, words = [];
  const when = playedWords(line.played, now);
  if (when) words.push(when);
  words.push(count(s.players, "player", "players"), count(s.questions, "question", "questions"));
  return words.join(" \u00B7 ");
}

/* A report's quiz, named: reports before titles were kept have none. */
export function titleOf(r) { return r && r.title ? r.title : "Trivia"; }

/* A refusal's sentence as the host said it, first letter up. */
function sentence(answer, fallback) {
  const text = answer && answer.json && typeof answer.json.error === "string" ? answer.json.error : fallback;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/* ---- The view: mounted in the host page's tool area ---- */

export function mount(element, ctx) {
  const h = ctx.h, now = () => new Date(ctx.now ? ctx.now() : Date.now());  /* ctx.now: a test's clock (ms) */
  const st = { reports: null, detail: null, message: "", tone: "" };

  function render() { ctx.patch(element, view()); }
  function say(message, tone) { st.message = message; st.tone = tone || ""; render(); }

  function view() {
    return [
      h("div", { id: "reports-status", class: "quiz-status" },
        h("p", { id: "reports-message", class: "message quiz-message" + (st.tone ? " " + st.tone : ""), role: "status", "aria-live": "polite" }, st.message)),
      st.detail ? summaryView(st.detail) : listView(),
    ];
  }

  function button(id, icon, label, click, extra) {
    const props = Object.assign({ type: "button", id: id, class: "command", on: { click: click } }, extra || {});
    return h("button", props, icon ? h("span", { class: "icon", "aria-hidden": "true" }, icon) : null, h("span", { class: "label" }, label));
  }

  // ---- the list ----

  function load() {
    return ctx.api("GET", "reports").then((r) => {
      if (r.status !== 200) { say("\u2715 " + sentence(r, "The past games could not be listed."), "bad"); return; }
      st.reports = r.json.reports || [];
      render();
    });
  }

  function listView() {
    const reports = st.reports;
    if (reports && reports.length === 0) {
      return h("div", { id: "past-games", class: "past-games" },
        h("h2", null, "No games yet"),
        h("p", { id: "reports-empty", class: "status" },
          "When a game ends, its report shows here: the ranks, the hardest question, the fastest right answer, and a CSV to download. The last 100 games are kept."));
    }
    return h("div", { id: "past-games", class: "past-games" },
      h("h2", null, reports ? count(reports.length, "past game", "past games") : "Loading the past games\u2026"),
      h("ul", { id: "report-list", class: "quiz-list report-list" }, (reports || []).map(reportItem)));
  }

  function reportItem(line) {
    const id = line.id, title = titleOf(line.summary), name = "\u201C" + title + "\u201D";
    return h("li", { id: "report-" + id, class: "quiz-item report-item" },
      h("div", { class: "quiz-head" }, h("span", { class: "quiz-title" }, title), h("span", { class: "quiz-meta" }, listLine(line, now()))),
      h("p", { class: "report-winner" }, winnerWords(line.summary.winners)),
      h("div", { class: "quiz-actions" },
        button("report-open-" + id, "\u25A4", "Summary", () => open(id), { class: "command go", "aria-label": "Summary of " + name + ", " + listLine(line, now()) }),
        button("report-csv-" + id, "\u2913", "CSV", () => download(id, title), { "aria-label": "Download the report of " + name + " as CSV" })));
  }

  function open(id) {
    say("Loading the game\u2026");
    ctx.api("GET", "reports/" + id).then((r) => {
      if (r.status !== 200) { say("\u2715 " + sentence(r, "The game's report could not be loaded."), "bad"); load(); return; }
      st.detail = r.json;
      say("");
    });
  }

  function download(id, title) {
    ctx.api("GET", "reports/" + id + "/report.csv").then((r) => {
      if (r.status !== 200 || !r.blob) { say("\u2715 " + sentence(r, "The download failed."), "bad"); return; }
      const name = r.name || title + " report " + id + ".csv";
      ctx.save(r.blob, name);
      say("\u2713 Downloaded \u201C" + name + "\u201D.", "good");
    });
  }

  // ---- one game ----

  function summaryView(d) {
    const meta = [playedWords(d.played, now()), MODE_WORDS[d.mode] || d.mode, count(d.questions.length, "question", "questions"),
      count(d.players.length, "player", "players")].filter((w) => w);
    return h("div", { id: "report-view", class: "report-view" },
      h("div", { class: "report-buttons" },
        button("report-back", "\u21A9\uFE0E", "Back", () => { st.detail = null; say(""); load(); }, { "aria-label": "Back to the past games" }),
        button("report-csv", "\u2913", "Download CSV", () => download(d.id, titleOf(d)), { class: "command go" })),
      h("h2", { id: "report-title", class: "report-title" }, titleOf(d)),
      h("p", { id: "report-meta", class: "status" }, meta.join(" \u00B7 ")),
      h("div", { class: "report-highlights" }, hardestView(d), fastestView(d)),
      h("h3", null, "Ranks"),
      h("ol", { id: "report-ranks", class: "report-ranks" }, d.players.map((p) =>
        h("li", { class: p.rank === 1 ? "first" : null },
          h("span", { class: "rank" }, String(p.rank)),
          h("span", { class: "who" }, p.name),
          h("span", { class: "points" }, count(p.points, "point", "points"))))),
      h("h3", null, "Questions"),
      h("ol", { id: "report-questions", class: "report-questions" }, d.questions.map((q) => questionView(q, d.mode))));
  }

  function hardestView(d) {
    const q = d.hardest;
    return h("div", { id: "report-hardest", class: "highlight" },
      h("p", { class: "highlight-title" }, "Hardest question"),
      q ? [h("p", { class: "highlight-main" }, "Question " + q.number + ": " + q.text), h("p", { class: "highlight-more" }, shareWords(q))]
        : h("p", { class: "highlight-more" }, "No question was asked."));
  }

  function fastestView(d) {
    const f = d.fastest;
    return h("div", { id: "report-fastest", class: "highlight" },
      h("p", { class: "highlight-title" }, "Fastest right answer"),
      f ? [h("p", { class: "highlight-main" }, f.name + " \u00B7 " + seconds(f.ms)), h("p", { class: "highlight-more" }, "Question " + f.question + ": " + f.text)]
        : h("p", { class: "highlight-more" }, "Nobody answered right."));
  }

  function questionView(q, mode) {
    return h("li", { id: "report-q" + q.number, class: "report-question" },
      h("p", { class: "question-line" }, h("span", { class: "number" }, q.number + "."), " ", h("span", { class: "text" }, q.text)),
      h("p", { class: "share" }, shareWords(q)),
      mode === "buzzer"
        ? h("p", { class: "status" }, "Answered aloud (buzzer): the right answer was " + q.correct.map((i) => letter(i) + ": " + q.answers[i]).join(" / ") + ".")
        : h("ul", { class: "spread", "aria-label": "How the answers to question " + q.number + " spread" }, q.answers.map((text, i) => {
          const right = q.correct.indexOf(i) >= 0, chose = q.spread[i] || 0;
          return h("li", { class: "spread-row" + (right ? " right" : "") },
            h("span", { class: "letter a" + (i % 6) }, letter(i)),
            h("span", { class: "answer-text" }, text, right ? h("span", { class: "mark" }, " \u2713 right") : null),
            h("span", { class: "track", "aria-hidden": "true" }, h("span", { class: "fill a" + (i % 6) + " " + widthClass(chose, q.of) })),
            h("span", { class: "chose" }, String(chose)));
        })));
  }

  render();
  load();
  return { refresh: render };
}
