/* The trivia quiz in the browser (docs/TRIVIA.md, docs/WEB.md), the TV's and the host page's
   half: how the TV shows the question, who has answered but never what, the reveal and the
   buzzer's turns, and the host page's summary and tools. The TV and the host page load it
   (/games/trivia.watch.mjs, docs/WEB.md, "A game's page module"); it imports the phone's half,
   trivia.mjs, for the words and marks they share, and passes all of it on, so it is the whole
   module to them. Nothing else: Tests/js runs it in Node. */

import { answer, answerLine, clock, clockText, correctOf, namesText, pointsNote, runClock, stopClock, teamStandingsList,
  teamTitle, teamMark } from "./trivia.mjs";

export * from "./trivia.mjs";

/* The host page's tools (docs/WEB.md, "A game's host tools"): the quiz library and the past games'
   reports, imported by the host page only when pressed (Page/quizzes.mjs and Page/reports.mjs,
   served by the quiz desk). */
export const hostTools = [
  { label: "Quizzes", icon: "\u2630", module: "/games/trivia/files/quizzes.mjs" },
  { label: "Past games", icon: "\u25A4", module: "/games/trivia/files/reports.mjs" },
];

/* ---- A watcher of the feed (feed.mjs) ---- */

export function watchStart() {
  return { info: null, question: null, answered: [], buzz: null, result: null, countdown: clock(), showing: null };
}

export function watch(s, m, at) {
  const now = at.now;
  switch (m.kind) {
    case "game": return Object.assign({}, s, { info: m, showing: "game" });
    case "question":
      return Object.assign({}, s, { question: m, answered: [], buzz: null, result: null, showing: "question", countdown: runClock(s.countdown, now + m.durationMs - at.age) });
    case "buzzed": case "marked": case "buzzersOpen":
      if (!s.question || m.question !== s.question.number) return s;
      return Object.assign({}, s, {
        buzz: m,
        countdown: m.kind === "buzzed" ? stopClock(s.countdown, now) : m.kind === "buzzersOpen" ? runClock(s.countdown, now + m.leftMs) : s.countdown,
      });
    case "result": return Object.assign({}, s, { result: m, showing: "result", countdown: { deadline: null, frozen: "" } });
    case "pause":
      if (m.paused) return Object.assign({}, s, { countdown: stopClock(s.countdown, now) });
      if (s.showing === "question" && m.leftMs != null) return Object.assign({}, s, { countdown: runClock(s.countdown, now + m.leftMs) });
      return s;
    case "gameOver": return Object.assign({}, s, { showing: null, countdown: clock() });
    default: return s;
  }
}

/* A private "accepted" is an answer taken: the TV names who answered, never what. */
export function watchPrivate(s, kind, ids) {
  if (kind !== "accepted" || s.showing !== "question") return s;
  return Object.assign({}, s, { answered: s.answered.concat(ids.filter((id) => s.answered.indexOf(id) < 0)) });
}

export function watchState(s) { return s; }

export function final(m, names) {
  const lines = m.standings || [];
  const nameOf = (id) => { const line = lines.filter((l) => l.id === id)[0]; return line ? line.name : names[id] || "#" + id; };
  const hard = m.hardest;
  const out = {
    winners: m.winners.slice(0, 10).map(nameOf).concat(Math.max(m.winnerCount || 0, m.winners.length) > 10 ?
      ["and " + (Math.max(m.winnerCount || 0, m.winners.length) - 10).toLocaleString("en") + " more"] : []),
    standings: lines.map((l) => ({ id: l.id, name: l.name, score: l.points === 1 ? "1 point" : l.points + " points" })),
    /* The TV says the hardest question under the podium. */
    note: hard ? "Hardest question: \u201C" + hard.text + "\u201D \u2014 " + hard.right + " of " + hard.of + " got it right" : "",
  };
  if (m.teams) Object.assign(out, { title: teamTitle(m.teams), teams: m.teams, board: lines });  /* tvOver's */
  return out;
}

/* How many members a team has past those its line names ("" for none), as the room reads it. */
function more(size, named) { return size != null && size > named ? (size - named).toLocaleString("en") : ""; }

/* The TV's lobby in team mode: the teams' first members (and how many more), who is still choosing. */
export function tvLobby(lobby, feed, ctx) {
  if (!lobby || !lobby.teams) return null;
  const h = ctx.h, choosing = lobby.choosing || [];
  return h("section", { id: "tv-teams" },
    h("div", { class: "team-boards n" + lobby.teams.length }, lobby.teams.map((t, i) => h("div", { id: "tv-team-" + i, class: "team-board t" + t.colour },
      h("h2", null, teamMark(h, t, i), t.name),
      h("ul", null, (t.members.length ? t.members : [{ name: "nobody yet" }]).map((p) => h("li", null, p.name)),
        more(t.size, t.members.length) ? h("li", { class: "more" }, "and " + more(t.size, t.members.length) + " more") : null)))),
    choosing.length ? h("p", { id: "tv-choosing", class: "status" }, "Still choosing: " +
      choosing.map((p) => p.name).join(", ") + (more(lobby.stillChoosing, choosing.length) ? " and " + more(lobby.stillChoosing, choosing.length) + " more" : "")) : null);
}

/* The TV's game over in team mode: the teams ranked, above the podium. */
export function tvOver(last, feed, ctx) {
  return last && last.teams ? teamStandingsList(ctx.h, "tv-over-teams", last.teams, last.board) : null;
}

/* The TV header's phase: "10 questions". */
export function phase(s) { return s.info ? s.info.questions + " questions" : ""; }

/* The TV's picture of the game, or null when there is nothing to show yet. `feed`: feed.mjs's value. */
export function tvView(s, feed, ctx) {
  const h = ctx.h, q = s.question;
  if (!q || (s.showing !== "question" && s.showing !== "result")) return null;
  const nameOf = (id) => feed.players[id] || "#" + id;
  const r = s.showing === "result" ? s.result : null;
  const out = s.buzz && (s.buzz.lockedOut || []).length ? " (locked out: " + s.buzz.lockedOut.map(nameOf).join(", ") + ")" : "";
  let answered, scored = "", board = null;  /* team mode's standings, in place of the players' */
  if (r) {
    scored = answerLine(r) + ". " + (r.scored.length ? "Scored: " + namesText(r.scored, nameOf, 10, r.scoredCount) : "Nobody scored.");
    answered = r.scoreboard.slice(0, 5).map((l, n) => (n + 1) + ". " + l.name + " " + l.points).join("   ");
    if (r.teams) board = teamStandingsList(h, "tv-result-teams", r.teams, r.scoreboard);
  } else if (s.buzz && s.buzz.kind === "buzzed") {
    answered = s.buzz.name + " buzzed first!";
    scored = "Answer out loud\u2026" + out;
  } else if (s.buzz && s.buzz.kind === "marked") {
    answered = s.buzz.name + " buzzed first!";
    scored = s.buzz.right ? s.buzz.name + " is right!" : s.buzz.name + " is wrong";
  } else if (s.buzz && s.buzz.kind === "buzzersOpen") {
    answered = "Buzzers open again" + out;
  } else if (q.mode === "buzzer") {
    answered = "Buzz in on your phone!";
  } else {
    const total = Object.keys(feed.players).length;
    answered = "Answered: " + (s.answered.length ? s.answered.map(nameOf).join(", ") : "nobody yet") + " (" + s.answered.length + " of " + total + ")";
  }
  const answers = h("div", { id: "tv-answers", class: "answers" },
    q.answers.map((text, index) => answer(h, "div", index, text, r ? (correctOf(r).indexOf(index) >= 0 ? " right" : " wrong") : "")));
  return h("section", { id: "tv-question" },
    h("p", { class: "status" },
      h("span", { id: "tv-number" }, "Question " + q.number + " of " + q.of + (q.category ? " \u00B7 " + q.category : "") + pointsNote(q)), " ",
      h("span", { id: "tv-countdown", class: "countdown" }, r ? "" : clockText(s.countdown, ctx.now()))),
    h("h1", { id: "question-title" }, q.text),
    /* With a picture: the picture large on the left, the answers in a column beside it. */
    q.picture ? h("div", { id: "tv-picture-row", class: "tv-picture-row" },
      h("img", { id: "tv-picture", class: "tv-picture", src: q.picture, alt: "" }), answers) : answers,
    board || h("p", { id: "answered" }, answered),
    h("p", { id: "scored", class: "message" }, scored));
}

/* The host's eyes only: the next game's quiz chosen on the host page ({"kind":"nextQuiz", title,
   questions, mode}); a game's state keeps it from then on. */
export function watchNote(s, note) {
  if (note.kind !== "nextQuiz") return s;
  return Object.assign({}, s, { nextQuiz: { title: note.title, questions: note.questions, mode: note.mode, teams: note.teams || null } });
}

const MODE_WORDS = { first: "first right answer scores", timed: "timed", buzzer: "buzzer" };

/* The host page between games: the quiz the next game plays, once chosen there. */
export function hostBetween(s) {
  const n = s.nextQuiz;
  if (!n) return [];
  return ["Next game: \u201C" + n.title + "\u201D \u00B7 " + (n.questions === 1 ? "1 question" : n.questions + " questions") +
    " \u00B7 " + (MODE_WORDS[n.mode] || n.mode) + (n.teams ? " \u00B7 teams " + n.teams.join(", ") : "")];
}

/* A done command of the quiz's own, in words (the next quiz's carries the whole quiz). */
export function commandDone(c) {
  return c.command === "nextQuiz" && typeof c.title === "string" ? "The next game plays \u201C" + c.title + "\u201D" : null;
}

/* The host page's summary: {title, line, lines}, or null to say the lobby. */
export function hostSummary(s, feed, ctx) {
  if (s.showing === "question" && s.question) {
    const q = s.question;
    return {
      title: "Question " + q.number + " of " + q.of + " \u00B7 " + clockText(s.countdown, ctx.now()).replace(/^$/, "0 s"),
      line: q.text,
      lines: ["Answered: " + s.answered.length + " of " + Object.keys(feed.players).length],
    };
  }
  if (s.showing === "result" && s.result) {
    const r = s.result;
    const names = namesText(r.scored, (id) => feed.players[id] || "#" + id, 10, r.scoredCount);
    return { title: "Question " + r.number + " of " + r.of + ": the answer", line: r.correctAnswer + ". " + (names ? "Scored: " + names : "Nobody scored."), lines: [] };
  }
  if (s.showing === "game" && s.info) {
    return { title: "A game begins", line: s.info.questions ? s.info.questions + (s.info.questions === 1 ? " question" : " questions") : "", lines: [] };
  }
  return null;
}

/* What a host's skip did, in words, as the game stood when it was done. */
export function skipped(s) {
  if (s.showing === "question" && s.question) return "Skipped question " + s.question.number;
  if (s.showing === "result" && s.result) return "Went on after question " + s.result.number;
  return null;
}
