/* Punchline in the browser (docs/PUNCHLINE.md, docs/WEB.md): owns how its messages look on the
   phone (the prompt with a box to type an answer in, the ballot to vote on, the round's results,
   the final scores), on the TV (the prompt and who has written, the answers without names, the
   results with names and points) and on the host page (one summary, and each answer with its
   author as it comes in, with a Hide button, before the room sees it). Loaded as
   /games/punchline.mjs when the host's hello names the game "punchline" (docs/WEB.md, "A game's
   page module"). Imports nothing: views are made with the `h` the page hands over. */

export const name = "punchline";

/* Answers on a ballot are told apart by letter and shape as well as colour (the class aN). */
const SHAPES = ["\u25B2", "\u25C6", "\u25CF", "\u25A0", "\u2605", "\u2665", "\u271A", "\u2B1F"];

function indexOf(letter) { return Math.max(0, letter.charCodeAt(0) - 65); }

/* One answer of a ballot: shape, letter, text, in colour aN (a button on the phone, a box on the TV). */
function entry(h, tag, a, extra, on) {
  const index = indexOf(a.letter);
  return h(tag, { class: "answer a" + (index % 6) + (extra || ""), type: tag === "button" ? "button" : null, disabled: tag === "button" && extra === " own" ? true : null, on: on },
    h("span", { class: "shape", "aria-hidden": "true" }, SHAPES[index % SHAPES.length]),
    h("span", { class: "letter" }, a.letter),
    h("span", { class: "label" }, a.text));
}

/* A countdown that can stand still: running until `deadline` (ms), or frozen showing `frozen`. */
function runClock(until) { return { deadline: until, frozen: "" }; }
function stopClock(c, now) { return { deadline: null, frozen: c.deadline != null ? left(c.deadline, now) + " s" : c.frozen }; }
function clockText(c, now) { return c.deadline != null ? left(c.deadline, now) + " s" : c.frozen; }
function left(until, now) { return Math.max(0, Math.ceil((until - now) / 1000)); }

function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }

/* "Ann · 2 votes +1 audience · 450 points · clean sweep!" */
export function resultLine(r) {
  return r.name + " \u00B7 " + plural(r.votes, "vote", "votes") + (r.audienceVotes ? " +" + r.audienceVotes + " audience" : "") +
    " \u00B7 " + plural(r.points, "point", "points") + (r.sweep ? " \u00B7 clean sweep!" : "");
}

function scoresLine(scores) { return scores.map((s) => s.name + " " + s.points).join(" \u00B7 "); }

/* ---- The phone: a writer, or a watcher who votes ---- */

/* ctx: h, me(), nameOf(id), now() (ms), send(body), paused(), redraw(). */
export function phone(ctx) {
  const h = ctx.h;
  let prompt = null, ballot = null, mine = null, voted = null, answered = false, reveal = null, final = null;
  let showing = null, status = "", written = 0, countdown = { deadline: null, frozen: "" };

  const writes = () => !!(prompt && ctx.me() && prompt.writers.indexOf(ctx.me().id) >= 0);

  function submit(event) {
    if (event && event.preventDefault) event.preventDefault();
    const form = event && event.target, input = form && form.elements ? form.elements.answer : null;
    const text = input ? input.value : "";
    if (!prompt) return;
    if (ctx.paused()) { status = "The game is paused."; ctx.redraw(); return; }
    ctx.send({ kind: "answer", round: prompt.round, text: text });
  }

  function vote(letter) {
    if (!ballot || letter === mine) return;
    if (ctx.paused()) { status = "The game is paused."; ctx.redraw(); return; }
    ctx.send({ kind: "vote", round: ballot.round, letter: letter });
    voted = letter;
    ctx.redraw();
  }

  function message(m) {
    const now = ctx.now();
    switch (m.kind) {
      case "prompt":
        if (!prompt || prompt.round !== m.round) { answered = false; status = ""; written = 0; }
        prompt = m; ballot = null; mine = null; voted = null; showing = "prompt"; final = null;
        countdown = m.deadline != null ? runClock(now + m.leftMs) : { deadline: null, frozen: Math.ceil(m.leftMs / 1000) + " s" };
        break;
      case "written": written = m.written.length; break;
      case "ballot":
        if (!ballot || ballot.round !== m.round) { mine = null; voted = null; }
        if (voted && !m.answers.some((a) => a.letter === voted)) voted = null;
        ballot = m; showing = "ballot"; status = "";
        countdown = m.deadline != null ? runClock(now + m.leftMs) : countdown;
        break;
      case "yours": mine = m.letter; break;
      case "accepted":
        if (m.what === "answer") { answered = true; status = "Your answer is in. You can change it until the time is up."; }
        else { voted = m.letter; status = "You voted " + m.letter + "."; }
        break;
      case "refused": status = m.text; if (m.reason === "ownAnswer" || m.reason === "noSuchAnswer") voted = null; break;
      case "reveal": reveal = m; showing = "reveal"; countdown = { deadline: null, frozen: "" }; break;
      case "pause":
        if (m.paused) countdown = stopClock(countdown, now);
        else if (m.leftMs != null && (showing === "prompt" || showing === "ballot")) countdown = runClock(now + m.leftMs);
        break;
      case "gameOver": final = m; showing = null; break;
      default: break;
    }
  }

  function header(round, rounds) {
    return h("p", { class: "status" },
      h("span", { id: "round" }, "Round " + round + " of " + rounds), " ",
      h("span", { id: "countdown", class: "countdown", role: "timer" }, clockText(countdown, ctx.now())));
  }

  function promptView() {
    const p = prompt;
    return h("section", { id: "punchline-prompt" },
      header(p.round, p.rounds),
      h("h2", { id: "prompt-text" }, p.prompt),
      writes()
        ? h("form", { id: "answer-form", autocomplete: "off", on: { submit: submit } },
          h("label", { for: "answer-input" }, "Your answer"),
          h("input", { id: "answer-input", name: "answer", maxlength: "80", autocapitalize: "sentences", spellcheck: "true", enterkeyhint: "send" }),
          h("button", { id: "send-answer", type: "submit", class: "big primary" }, answered ? "Change my answer" : "Send"))
        : h("p", { id: "watching", class: "message" }, "You're the audience: you vote when the answers are up."),
      h("p", { id: "answer-status", class: "message", role: "status" }, status),
      h("p", { id: "written", class: "status" }, "Written: " + written + " of " + p.writers.length));
  }

  function ballotView() {
    const b = ballot;
    return h("section", { id: "punchline-ballot" },
      header(b.round, prompt ? prompt.rounds : reveal ? reveal.rounds : 3),
      h("h2", { id: "prompt-text" }, b.prompt),
      h("div", { id: "ballot", class: "answers n" + b.answers.length + (b.answers.length > 4 ? " told" : "") },
        b.answers.map((a) => a.letter === mine
          ? entry(h, "button", a, " own")
          : entry(h, "button", a, a.letter === voted ? " chosen" : "", { click: () => vote(a.letter) }))),
      h("p", { id: "vote-status", class: "message", role: "status" }, status || (mine ? "Yours is " + mine + ": vote for another." : "Vote for the best.")));
  }

  function revealView() {
    const r = reveal, me = ctx.me();
    const top = r.results[0];
    const mineResult = me ? r.results.filter((x) => x.author === me.id)[0] : null;
    return h("section", { id: "punchline-reveal" },
      h("p", { class: "status" }, h("span", { id: "round" }, "Round " + r.round + " of " + r.rounds + " \u00B7 results")),
      h("h2", { id: "reveal-title" }, mineResult && top && mineResult.author === top.author && top.points > 0 ? "Yours won the round!" : top && top.points > 0 ? top.name + " won the round" : "No votes this round"),
      h("ol", { id: "reveal-results", class: "standings" }, r.results.slice(0, 4).map((x) =>
        h("li", { class: me && x.author === me.id ? "mine" : null }, x.letter + " \u00B7 \u201C" + x.text + "\u201D \u2014 " + resultLine(x)))),
      h("p", { id: "reveal-scores", class: "status" }, scoresLine(r.scores)));
  }

  return {
    message: message,
    state: () => {},
    view: () => showing === "prompt" && prompt ? promptView() : showing === "ballot" && ballot ? ballotView() : showing === "reveal" && reveal ? revealView() : null,
    overView: () => {
      if (!final) return null;
      const lines = final.scores || [], me = ctx.me();
      const won = me && final.winners.indexOf(me.id) >= 0;
      let place = 0;
      lines.forEach((line, i) => { if (me && line.id === me.id) place = i + 1; });
      return [
        h("h1", { id: "over-title" }, won ? "You won!" : final.winners.length ? "Winner: " + final.winners.map(ctx.nameOf).join(", ") : "Game over"),
        h("p", { id: "over-place", class: "status" }, place ? "You scored " + plural(lines[place - 1].points, "point", "points") + ", place " + place + " of " + lines.length : "You were the audience."),
        h("ol", { id: "over-standings", class: "standings" }, lines.slice(0, 6).map((line) =>
          h("li", { class: me && line.id === me.id ? "mine" : null }, line.name + " \u2014 " + line.points))),
      ];
    },
  };
}

/* ---- The TV and the host page: a watcher of the feed (feed.mjs) ---- */

export function watchStart() {
  return { prompt: null, written: [], ballot: null, voted: [], reveal: null, showing: null, answers: [], countdown: { deadline: null, frozen: "" } };
}

export function watch(s, m, at) {
  const now = at.now;
  switch (m.kind) {
    case "prompt":
      return Object.assign({}, s, {
        prompt: m, written: [], ballot: null, voted: [], showing: "prompt",
        answers: s.prompt && s.prompt.round === m.round ? s.answers : [],
        countdown: m.deadline != null ? runClock(now + m.leftMs - at.age) : { deadline: null, frozen: Math.ceil(m.leftMs / 1000) + " s" },
      });
    case "written": return Object.assign({}, s, { written: m.written });
    case "ballot":
      return Object.assign({}, s, { ballot: m, voted: s.ballot && s.ballot.round === m.round ? s.voted : [], showing: "ballot",
        countdown: m.deadline != null ? runClock(now + m.leftMs - at.age) : s.countdown });
    case "reveal": return Object.assign({}, s, { reveal: m, showing: "reveal", countdown: { deadline: null, frozen: "" } });
    case "pause":
      if (m.paused) return Object.assign({}, s, { countdown: stopClock(s.countdown, now) });
      if (m.leftMs != null && (s.showing === "prompt" || s.showing === "ballot")) return Object.assign({}, s, { countdown: runClock(now + m.leftMs) });
      return s;
    case "gameOver": return Object.assign({}, s, { showing: null, answers: [] });
    default: return s;
  }
}

/* A private "accepted" while the ballot is up is a vote: the TV names who voted, never for what. */
export function watchPrivate(s, kind, ids) {
  if (kind !== "accepted" || s.showing !== "ballot") return s;
  return Object.assign({}, s, { voted: s.voted.concat(ids.filter((id) => s.voted.indexOf(id) < 0)) });
}

export function watchState(s) { return s; }

/* The host page's eyes only: each answer with its author as it comes in (the newest per author). */
export function watchNote(s, note) {
  if (note.kind !== "answer") return s;
  const answers = s.answers.filter((a) => a.author !== note.author || a.round !== note.round).concat([note]);
  return Object.assign({}, s, { answers: answers });
}

export function final(m) {
  const lines = m.scores || [];
  const nameOf = (id) => { const line = lines.filter((l) => l.id === id)[0]; return line ? line.name : "#" + id; };
  return { winners: m.winners.map(nameOf), standings: lines.map((l) => ({ id: l.id, name: l.name, score: plural(l.points, "point", "points") })) };
}

/* The TV header's phase: "Round 2 of 3". */
export function phase(s) {
  const p = s.reveal && s.showing === "reveal" ? s.reveal : s.prompt;
  return p ? "Round " + p.round + " of " + p.rounds : "";
}

export function tvView(s, feed, ctx) {
  const h = ctx.h, nameOf = (id) => feed.players[id] || "#" + id;
  if (s.showing === "prompt" && s.prompt) {
    const p = s.prompt;
    return h("section", { id: "tv-punchline" },
      h("p", { class: "status" }, h("span", { id: "tv-number" }, "Write your answer on your phone"), " ",
        h("span", { id: "tv-countdown", class: "countdown" }, clockText(s.countdown, ctx.now()))),
      h("h1", { id: "question-title" }, p.prompt),
      h("p", { id: "answered" }, "Written: " + (s.written.length ? s.written.map(nameOf).join(", ") : "nobody yet") + " (" + s.written.length + " of " + p.writers.length + ")"));
  }
  if (s.showing === "ballot" && s.ballot) {
    const b = s.ballot;
    return h("section", { id: "tv-punchline" },
      h("p", { class: "status" }, h("span", { id: "tv-number" }, "Vote on your phone for the best answer (not your own)"), " ",
        h("span", { id: "tv-countdown", class: "countdown" }, clockText(s.countdown, ctx.now()))),
      h("h1", { id: "question-title" }, b.prompt),
      h("div", { id: "tv-answers", class: "answers" }, b.answers.map((a) => entry(h, "div", a, ""))),
      h("p", { id: "answered" }, "Voted: " + (s.voted.length ? s.voted.map(nameOf).join(", ") : "nobody yet")));
  }
  if (s.showing === "reveal" && s.reveal) {
    const r = s.reveal;
    return h("section", { id: "tv-punchline" },
      h("p", { class: "status" }, h("span", { id: "tv-number" }, "The results: names and points")),
      h("h1", { id: "question-title" }, r.prompt),
      h("div", { id: "tv-answers", class: "answers" }, r.results.slice(0, 6).map((x, n) =>
        h("div", { class: "answer a" + (indexOf(x.letter) % 6) + (n === 0 && x.points > 0 ? " right" : "") },
          h("span", { class: "shape", "aria-hidden": "true" }, SHAPES[indexOf(x.letter) % SHAPES.length]),
          h("span", { class: "letter" }, x.letter),
          h("span", { class: "label" }, "\u201C" + x.text + "\u201D \u2014 " + resultLine(x))))),
      h("p", { id: "scored", class: "message" }, scoresLine(r.scores)));
  }
  return null;
}

/* The host page's summary; while writing and voting each answer with its author and a Hide button. */
export function hostSummary(s, feed, ctx) {
  const nameOf = (id) => feed.players[id] || "#" + id;
  const round = s.showing === "reveal" && s.reveal ? s.reveal.round : s.prompt ? s.prompt.round : 0;
  const hides = s.answers.filter((a) => a.round === round).map((a) => ({
    text: a.name + ": \u201C" + a.text + "\u201D", label: "Hide", id: "hide-" + a.author, command: { command: "hide", player: a.author },
  }));
  if (s.showing === "prompt" && s.prompt) {
    const p = s.prompt;
    return { title: "Round " + p.round + " of " + p.rounds + " \u00B7 writing \u00B7 " + (clockText(s.countdown, ctx.now()) || "0 s"), line: p.prompt,
      lines: ["Written: " + s.written.length + " of " + p.writers.length].concat(hides) };
  }
  if (s.showing === "ballot" && s.ballot) {
    const b = s.ballot;
    return { title: "Round " + b.round + " \u00B7 voting \u00B7 " + (clockText(s.countdown, ctx.now()) || "0 s"), line: b.prompt,
      lines: ["Voted: " + s.voted.map(nameOf).join(", ")].concat(hides.filter((l) => b.answers.some((a) => l.text.endsWith("\u201C" + a.text + "\u201D")))) };
  }
  if (s.showing === "reveal" && s.reveal) {
    const r = s.reveal;
    return { title: "Round " + r.round + " of " + r.rounds + " \u00B7 results", line: r.results.length && r.results[0].points > 0 ? r.results[0].name + " won the round" : "No votes",
      lines: [scoresLine(r.scores)] };
  }
  return null;
}

/* What a host's skip did, in words. */
export function skipped(s) {
  if (s.showing === "prompt" && s.prompt) return "Writing of round " + s.prompt.round + " ended";
  if (s.showing === "ballot" && s.ballot) return "Voting of round " + s.ballot.round + " ended";
  if (s.showing === "reveal" && s.reveal) return "Went on after round " + s.reveal.round;
  return null;
}
