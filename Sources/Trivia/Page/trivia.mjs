/* The trivia quiz in the browser (docs/TRIVIA.md, docs/WEB.md), its phone's half: owns how its
   messages look on the phone (the question with its answers to press, or in buzzer mode to say
   beside one BUZZ button; the result; the final standings), and the words and marks the TV and
   the host page share with it. The phone loads it as /games/trivia.mjs when the host's hello
   names the game "trivia"; the TV and the host page load trivia-watch.mjs, which imports it
   (docs/WEB.md, "A game's page module"), so a phone never downloads their code. It imports
   nothing: views are descriptions made with the `h` the page hands over, and the phone acts
   through its `ctx`, so Tests/js runs it in Node. */

export const name = "trivia";

/* Answers are told apart by shape and letter as well as colour (the class aN). */
const SHAPES = ["\u25B2", "\u25C6", "\u25CF", "\u25A0", "\u2605", "\u2665"];  /* ▲ ◆ ● ■ ★ ♥ */
const LETTERS = "ABCDEF";

export function letter(index) { return LETTERS.charAt(index); }

/* The result's correct answers (a host before several correct answers sends one). */
export function correctOf(r) { return r.correctChoices || [r.correctChoice]; }

/* "The answer: B — Mars", or "The answers: A and C — Mars / Venus". */
export function answerLine(r) {
  const right = correctOf(r).map(letter);
  return (right.length > 1 ? "The answers: " + right.slice(0, -1).join(", ") + " and " + right[right.length - 1] : "The answer: " + right[0]) +
    " — " + r.correctAnswer;
}

/* What a right answer to the question is worth: 1, 2 (double) or 0 (none). */
export function pointsOf(q) { return q && q.points === "double" ? 2 : q && q.points === "none" ? 0 : 1; }

/* " · Double points" / " · No points" beside the question's number; "" for a standard one. */
export function pointsNote(q) { return q.points === "double" ? " · Double points" : q.points === "none" ? " · No points" : ""; }

/* One answer: shape, letter, text, in colour aN (a button on the phone, a box on the TV). */
export function answer(h, tag, index, text, extra, on) {
  return h(tag, { class: "answer a" + index + (extra || ""), type: tag === "button" ? "button" : null, on: on },
    h("span", { class: "shape", "aria-hidden": "true" }, SHAPES[index % SHAPES.length]),
    h("span", { class: "letter" }, letter(index)),
    h("span", { class: "label" }, text));
}

/* A countdown that can stand still: running until `deadline`, or frozen showing `frozen`. */
export function clock() { return { deadline: null, frozen: "" }; }
export function runClock(c, until) { return { deadline: until, frozen: "" }; }
export function stopClock(c, now) { return { deadline: null, frozen: c.deadline != null ? left(c.deadline, now) + " s" : c.frozen }; }
export function clockText(c, now) { return c.deadline != null ? left(c.deadline, now) + " s" : c.frozen; }
function left(until, now) { return Math.max(0, Math.ceil((until - now) / 1000)); }

export function rejectSentence(reason) {
  switch (reason) {
    case "tooLate": case "questionClosed": return "Too late: the question had closed.";
    case "alreadyAnswered": return "You already answered this one.";
    case "notInThisQuestion": return "You joined during this question: you play from the next one.";
    case "paused": return "The game is paused.";
    default: return "Answer not taken (" + reason + ").";
  }
}

/* "You scored 3 of 10, place 2 of 4": points of the questions this player could answer (a
   late joiner's from the one after it joined), place shared on equal points (1, 2, 2, 4), as
   join prints it (docs/TRIVIA.md, "Game over"). */
export function summary(final, mine, questionsOf, place) {
  const asked = final.asked != null ? final.asked : questionsOf || 0;
  const of = Math.min(asked, mine.questions != null ? mine.questions : asked);
  const at = place || 1 + final.standings.filter((line) => line.points > mine.points).length;
  const players = final.players != null ? final.players : final.standings.length;
  const late = of >= asked ? "" : of === 0 ? " (you joined after the last question)" : " (you joined at question " + (asked - of + 1) + ")";
  return "You scored " + mine.points + " of " + of + ", place " + at + " of " + players + late;
}

/* The player's own line and place: on the board `lines` (the best of the room, best first), or
   from its own `standing` (sent just before a result or the final standings when it is below
   them: docs/TRIVIA.md, "A big room"); null when neither has it. */
export function ownPlace(lines, id, standing) {
  const at = lines.findIndex((line) => line.id === id);
  if (at >= 0) return { line: lines[at], place: 1 + lines.filter((line) => line.points > lines[at].points).length };
  return standing && standing.line.id === id ? { line: standing.line, place: standing.place } : null;
}

/* "Ann, Bob" or, past `limit` names (or when `ids` are the first of `count`), "Ann, Bob and 1,234 more". */
export function namesText(ids, nameOf, limit, count) {
  const shown = ids.slice(0, limit).map(nameOf), all = Math.max(count || 0, ids.length);
  return shown.join(", ") + (all > shown.length ? " and " + (all - shown.length).toLocaleString("en") + " more" : "");
}

/* The best lines (6), or 5 and the player's own line with its place ("Zed — 0 · 31st of 40")
   when it is below them; `players`: how many are on the whole board. */
function standingsList(h, id, lines, me, own, players) {
  const below = own && lines.slice(0, 6).every((line) => line.id !== own.line.id);
  const items = lines.slice(0, below ? 5 : 6).map((line) =>
    h("li", { class: me && line.id === me.id ? "mine" : null }, line.name + " \u2014 " + line.points));
  if (below) {
    items.push(h("li", { class: "mine apart", value: String(own.place) },
      own.line.name + " \u2014 " + own.line.points + " \u00B7 " + ordinal(own.place) + " of " + (players || lines.length)));
  }
  return h("ol", { id: id, class: "standings" }, items);
}

/* ---- Team mode (docs/TRIVIA.md, "Team mode") ---- */

/* A team is told apart by its shape (by its place, `team`, in the host's list) and its colour (tN,
   the host's choice), as well as its name. */
const TEAM_SHAPES = "\u25B2\u25C6\u25CF\u25A0\u2605\u2665\u271A\u2B22";  /* ▲ ◆ ● ■ ★ ♥ ✚ ⬢ */

export function teamMark(h, t, i) { return h("span", { "aria-hidden": "true" }, TEAM_SHAPES[t.team != null ? t.team : i] + " "); }

/* One decimal: "2.5", "1.0". */
export function meanText(mean) { return Number(mean).toFixed(1); }

export function ordinal(n) { return n + ([, "st", "nd", "rd"][n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] || "th"); }

/* Team `team` (its index, as `yourTeam` tells it) among a lobby's lines or standings (with `team`). */
export function teamAt(teams, team) {
  if (team == null || !teams) return null;
  return teams.filter((t, i) => (t.team != null ? t.team : i) === team)[0] || null;
}

/* A team's members on one line: "Ann, Cy"; in a big room, whose lines name only the first members,
   the count first, so that a line cut at the screen's edge still shows it: "500 players: P1, P2, …". */
export function membersLine(t, nameOf) {
  const size = t.size != null ? t.size : t.members.length, names = t.members.map(nameOf || ((m) => m.name)).join(", ");
  return size > t.members.length ? size.toLocaleString("en") + " players: " + names + ", \u2026" : names;
}

/* "Your team Red: 1st of 2 · 2.5 points on average" (`team`: the player's team's index). */
export function teamLine(standings, team) {
  const t = teamAt(standings, team);
  return t ? "Your team " + t.name + ": " + ordinal(t.rank) + " of " + standings.length + " \u00B7 " + meanText(t.mean) + " points on average" : "";
}

/* "Red wins!", "Red and Blue tie!". */
export function teamTitle(standings) {
  const first = standings.filter((t) => t.rank === 1).map((t) => t.name);
  return first.length > 1 ? first.slice(0, -1).join(", ") + " and " + first[first.length - 1] + " tie!" : first.length ? first[0] + " wins!" : "Game over";
}

/* A choice of team refused (the page offers only the teams there are). */
export function teamRejectSentence(m) {
  return m.reason === "unknownTeam" ? "There is no team \u201C" + m.team + "\u201D: choose " + m.teams.join(" or ") + "." : "Team not taken (" + m.reason + ").";
}

/* The teams ranked: shape, rank, name, mean, members and their points (`board`). */
export function teamStandingsList(h, id, standings, board, mine) {
  const points = {};
  board.forEach((l) => { points[l.id] = l.points; });
  return h("ol", { id: id, class: "team-standings" }, standings.map((t) => h("li", { class: "t" + t.colour + (mine === t ? " mine" : "") },
    teamMark(h, t),
    h("span", { class: "team-name" }, t.rank + ". " + t.name),
    h("span", { class: "team-mean" }, meanText(t.mean)),
    h("span", { class: "team-members" }, membersLine(t, (m) => m.name + (points[m.id] != null ? " " + points[m.id] : ""))))));
}

/* ---- The phone: a player ---- */

/* ctx: h, me() ({id, name} or null), nameOf(id), now() (ms), clock() (µs, for presses),
   send(body), paused(), redraw(). */
export function phone(ctx) {
  const h = ctx.h;
  let question = null, buzzer = null, chosen = null, status = "", result = null, final = null, countdown = clock();
  let standing = null;  /* the player's own place, below the board the next result or game over lists */
  let showing = null;  /* "question" or "result" */
  let teamStatus = "", asked = null;  /* team mode: a choice's refusal, the team asked for */
  let myTeam = null;  /* team mode: this player's team, its index, as the host told it (yourTeam) */

  const me = () => ctx.me();
  const lockedOut = () => !!(buzzer && me() && buzzer.lockedOut.indexOf(me().id) >= 0);

  function press(choice) {
    if (!question) return;
    if (ctx.paused()) { status = "The game is paused."; ctx.redraw(); return; }
    ctx.send({ kind: "answer", question: question.number, choice: choice, pressedAt: ctx.clock() });
    chosen = choice;
    ctx.redraw();
  }

  function buzz() {
    if (!buzzer || !question || buzzDisabled()) return;
    if (ctx.paused()) { status = "The game is paused."; ctx.redraw(); return; }
    ctx.send({ kind: "buzz", question: question.number, pressedAt: ctx.clock() });
    buzzer.sent = true;
    status = "Buzzed\u2026";
    ctx.redraw();
  }

  const buzzDisabled = () => buzzer.sent || buzzer.holder !== null || lockedOut();

  function message(m) {
    const now = ctx.now();
    switch (m.kind) {
      case "game": showing = null; question = null; result = null; teamStatus = ""; asked = null; standing = null; break;
      case "standing": standing = m; break;
      case "yourTeam": myTeam = m.team != null ? m.team : null; break;
      case "question":
        question = m; chosen = null; result = null; showing = "question"; status = "";
        buzzer = m.mode === "buzzer" ? { sent: false, holder: null, lockedOut: [] } : null;
        if (buzzer) status = "Buzz when you know it!";
        countdown = runClock(countdown, now + m.durationMs);
        break;
      case "accepted":
        status = "Answer " + letter(m.choice) + " locked in" + (m.final ? "." : " (you can still change it).");
        chosen = m.choice;
        break;
      case "rejected":
        if (m.team !== undefined) { teamStatus = teamRejectSentence(m); asked = null; break; }
        if (!buzzer) { status = rejectSentence(m.reason); break; }
        buzzer.sent = false;
        if (m.reason === "lockedOut") status = "Locked out for this question";
        else if (m.reason === "buzzerTaken") status = "Someone else buzzed first.";
        else if (m.reason !== "alreadyBuzzed") status = rejectSentence(m.reason);
        break;
      case "buzzed":
        if (!buzzer || !question || m.question !== question.number) break;
        countdown = stopClock(countdown, now);
        buzzer.holder = m.player; buzzer.lockedOut = m.lockedOut || []; buzzer.sent = false;
        status = me() && m.player === me().id ? "You buzzed first! Answer out loud." : m.name + " buzzed first";
        break;
      case "marked": {
        if (!buzzer || !question || m.question !== question.number) break;
        const mine = me() && m.player === me().id;
        if (!m.right) { buzzer.lockedOut = buzzer.lockedOut.concat([m.player]); buzzer.holder = null; }
        status = m.right ? (mine ? "Right! +1" : m.name + " is right") : mine ? "Wrong \u2014 locked out for this question" : m.name + " is wrong";
        break;
      }
      case "buzzersOpen":
        if (!buzzer || !question || m.question !== question.number) break;
        buzzer.holder = null; buzzer.lockedOut = m.lockedOut || []; buzzer.sent = false;
        status = lockedOut() ? "Locked out for this question" : "Buzzers open again: buzz!";
        countdown = runClock(countdown, now + m.leftMs);
        break;
      case "pause":
        if (m.paused) countdown = stopClock(countdown, now);
        else if (question && showing === "question" && m.leftMs != null) countdown = runClock(countdown, now + m.leftMs);
        break;
      case "result":
        countdown = stopClock(countdown, now);
        result = { body: m, tried: !!(question && question.number === m.number && (chosen !== null || lockedOut())),
          own: me() ? ownPlace(m.scoreboard, me().id, standing && standing.question === m.number ? standing : null) : null,
          mine: !!(me() && (m.scored.indexOf(me().id) >= 0 || (standing && standing.question === m.number && standing.scored))) };
        standing = null;
        showing = "result";
        break;
      case "gameOver":
        countdown = stopClock(countdown, now);
        final = Object.assign({}, m, { own: me() ? ownPlace(m.standings || [], me().id, standing && standing.question == null ? standing : null) : null });
        standing = null;
        showing = null;
        break;
      default: break;
    }
  }

  function questionView() {
    const q = question, mine = me();
    const won = buzzer && buzzer.holder !== null && mine && buzzer.holder === mine.id;
    return h("section", { id: "question-view" },
      h("p", { class: "status" },
        h("span", { id: "question-number" }, "Question " + q.number + " of " + q.of + pointsNote(q)), " ",
        h("span", { id: "countdown", class: "countdown", role: "timer" }, clockText(countdown, ctx.now()))),
      h("h2", { id: "question-text" }, q.text),
      q.picture && q.pictureOnPhones ? h("img", { id: "question-picture", class: "question-picture", src: q.picture, alt: "" }) : null,
      h("div", { id: "answers", class: "answers n" + q.answers.length + (buzzer ? " told" : "") },
        q.answers.map((text, index) => buzzer
          ? answer(h, "div", index, text)  /* buzzer mode: answers are said, not pressed */
          : answer(h, "button", index, text, index === chosen ? " chosen" : "", { click: () => press(index) }))),
      h("p", { id: "answer-status", class: "message", role: "status" }, status),
      buzzer && h("button", { id: "buzz", type: "button", class: "buzz" + (won ? " won" : ""), disabled: buzzDisabled(), on: { click: buzz } },
        won ? "YOUR TURN" : lockedOut() ? "LOCKED OUT" : buzzer.holder !== null ? "WAIT" : "BUZZ"));
  }

  function resultView() {
    const r = result.body, mine = result.mine;
    const title = mine ? "Correct! +" + pointsOf(question && question.number === r.number ? question : null) : result.tried ? "Not this time" : r.ended === "skipped" ? "Skipped by the host" :
      r.ended === "rightAnswer" ? ctx.nameOf(r.scored[0]) + " got it" : r.ended === "allLockedOut" ? "Nobody got it" : "Time's up";
    return h("section", { id: "result-view" },
      h("h2", { id: "result-title" }, title),
      h("p", { id: "result-answer", class: "status" }, answerLine(r) +
        (r.scored.length ? " \u00B7 scored: " + namesText(r.scored, ctx.nameOf, 10, r.scoredCount) : " \u00B7 nobody scored")),
      r.teams ? h("p", { id: "result-team", class: "team-note" }, teamLine(r.teams, myTeam)) : null,
      standingsList(h, "result-standings", r.scoreboard, me(), result.own, r.players));
  }

  /* Team mode's lobby (`where`: "lobby", or "over": after a game, smaller): a button a team. */
  function lobbyView(lobby, where) {
    if (!lobby || !lobby.teams) return null;
    const mine = teamAt(lobby.teams, myTeam), at = where === "over" ? "over-" : "", choose = lobby.teamPlacement === "choose";
    if (mine && mine.name === asked) asked = null;
    const pick = (name) => { ctx.send({ kind: "team", team: name }); asked = name; teamStatus = ""; ctx.redraw(); };
    return h("section", { id: at + "team-pick", class: "team-pick " + where },
      h("h2", { id: at + "my-team", class: mine && !at ? "t" + mine.colour : null }, mine && !at && teamMark(h, mine, lobby.teams.indexOf(mine)),
        at ? "Your team next game:" : mine ? "You're on " + mine.name : choose ? "Choose your team" : "The host places you in a team"),
      h("div", { id: at + "teams", class: "team-buttons n" + lobby.teams.length }, lobby.teams.map((t, i) => h(choose ? "button" : "div", {
        id: at + "team-" + i, type: choose ? "button" : null, class: "team-button t" + t.colour + (t === mine ? " chosen" : ""),
        "aria-pressed": choose ? String(t === mine) : null, on: choose && t !== mine ? { click: () => pick(t.name) } : null },
        teamMark(h, t, i), h("span", { class: "team-name" }, t.name),
        at ? null : h("span", { class: "team-members" }, membersLine(t) || "nobody yet")))),
      h("p", { id: at + "team-status", class: "message", role: "status" },
        teamStatus || (asked ? "Joining " + asked + "\u2026" : "")));
  }

  return {
    message: message,
    /* The messages the game sends between games too: they do not mean a game has begun. */
    between: ["yourTeam"],
    state: () => {},
    /* The game as it stands, or null before the first question. */
    view: () => showing === "question" ? questionView() : showing === "result" ? resultView() : null,
    /* The last game's end. */
    overView: () => {
      if (!final) return null;
      const lines = final.standings || [], mine = me(), own = final.own;
      const won = own && final.winners.length && own.line.points === final.points;  /* winners: all on the best points */
      if (final.teams) {
        const team = teamAt(final.teams, myTeam);
        return [
          h("h1", { id: "over-title" }, team && team.rank === 1 ? "Your team won!" : teamTitle(final.teams)),
          h("p", { id: "over-team", class: "team-note" }, teamLine(final.teams, myTeam)),
          teamStandingsList(h, "over-teams", final.teams, lines, team),
          h("p", { id: "over-place", class: "status" }, own ? summary(final, own.line, question ? question.of : 0, own.place) : ""),
        ];
      }
      return [
        h("h1", { id: "over-title" }, won ? "You won!" : final.winners.length ? "Winner: " + namesText(final.winners, ctx.nameOf, 5, final.winnerCount) : "Game over"),
        h("p", { id: "over-place", class: "status" }, own ? summary(final, own.line, question ? question.of : 0, own.place) : ""),
        standingsList(h, "over-standings", lines, mine, own, final.players),
      ];
    },
    lobbyView: lobbyView,
  };
}
