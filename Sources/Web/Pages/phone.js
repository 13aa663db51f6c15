/* The phone page: join with a name (remembered on the phone), then the lobby and the game.
   A reload, a page closed and opened again, or a phone waking from sleep takes its seat back
   (same name, score and cards) while the host keeps it (the seat's token: client.js). After a
   game the player stays: the standings stay up with the next game's countdown. The host may
   pause the game (a banner, the countdown stands still) and remove players. In buzzer mode the
   question shows its answers with a big BUZZ button: the first to buzz answers out loud, the
   host marks it; a player marked wrong is locked out of the question. In Pong the two players see
   the court and drag a finger to move their paddle (its position goes to the host as a real-time
   state, at most 60 a second); everyone else watches the court. */
"use strict";
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var views = ["join-view", "lobby-view", "question-view", "result-view", "snap-view", "pong-view", "over-view", "end-view"];

  var link = null, hello = null, me = null, roster = {}, away = {}, playing = false, resuming = false;
  var afterGame = false, paused = false, noticeTimer = null;
  var lastSnap = "";
  var question = null, table = null, countdownTimer = null, retry = null, retryUntil = 0;
  var code = codeFromFragment();

  function codeFromFragment() {
    var match = /(?:^#|&)code=([^&]*)/.exec(location.hash);
    return match ? decodeURIComponent(match[1]) : null;
  }

  function show(view) {
    for (var i = 0; i < views.length; i++) $(views[i]).hidden = views[i] !== view;
  }

  function text(id, value) { $(id).textContent = value; }

  /* A banner above every view: for a few seconds, or until cleared (seconds 0). */
  function notice(message, seconds) {
    clearTimeout(noticeTimer);
    $("notice").hidden = !message;
    text("notice", message || "");
    if (message && seconds) noticeTimer = setTimeout(function () { notice(null); }, seconds * 1000);
  }

  function nameOf(id) { return id === 0 ? (hello ? hello.name : "host") : (roster[id] || "#" + id); }

  function list(element, items) {
    element.innerHTML = "";
    items.forEach(function (item) {
      var li = document.createElement("li");
      li.textContent = item.text + (item.away ? " (reconnecting\u2026)" : "");
      if (item.mine) li.className = "mine";
      element.appendChild(li);
    });
  }

  function standings(element, lines) {
    list(element, lines.slice(0, 6).map(function (line) {
      return { text: line.name + " \u2014 " + line.points, mine: me && line.id === me.id };
    }));
  }

  /* ---- Joining ---- */

  function join(auto) {
    var name = $("name").value.trim();
    if (!name) { say("Type a name first."); return; }
    if (!code && !$("code-row").hidden) code = $("code").value.trim() || null;
    localStorage.setItem("snap.name", name);
    if (link) link.abandon();
    if (!auto) say("Joining\u2026");
    offer(null);
    link = new SnapLink.Link(name, code, handlers);
  }

  function say(message) { text("join-message", message); }

  /* A free name the host suggested after nameTaken: one tap joins with it. */
  function offer(name) {
    $("suggested").hidden = !name;
    if (name) $("suggested").textContent = "Join as " + name;
    $("suggested").onclick = function () { $("name").value = name; join(false); };
  }

  var handlers = {
    hello: function (message) {
      var seat = SnapLink.savedSeat();
      if (resuming && (!seat || seat.serverId !== message.serverId)) {  /* a seat on an earlier run of the host */
        SnapLink.forgetSeat();
        resuming = false;
        show("join-view");
        return false;
      }
      resuming = false;
      hello = message;
      text("host-name", message.name);
      document.title = message.name + " \u2014 snap-host";
      if (message.joinCodeRequired && !code) {
        $("code-row").hidden = false;
        show("join-view");
        say("This game needs a join code: type the one on the TV.");
        $("code").focus();
        return false;
      }
      return true;
    },
    welcome: function (message) {
      me = message.you;
      roster = {};
      away = {};
      message.peers.forEach(function (peer) { roster[peer.id] = peer.name; });
      roster[me.id] = me.name;
      sessionStorage.setItem("snap.joined", "1");
      retryUntil = 0;
      text("me", me.name);
      text("lobby-title", message.resumed ? "Welcome back, " + me.name + "!" : "You're in, " + me.name + "!");
      say("");
      showLobby(null);
    },
    deny: function (reason, detail, suggestion) {
      if (reason === "nameTaken" && Date.now() < retryUntil) {  /* our old link is still leaving */
        retry = setTimeout(function () { join(true); }, 700);
        return;
      }
      if (reason === "wrongJoinCode") { code = null; $("code-row").hidden = false; $("code").value = ""; }
      SnapLink.forgetSeat();
      sessionStorage.removeItem("snap.joined");
      show("join-view");
      say(denySentence(reason, detail));
      offer(reason === "nameTaken" ? suggestion : null);
    },
    bye: function (reason, detail) {
      if (reason !== "connectionDropped") SnapLink.forgetSeat();  /* the seat is given up for good */
      ended(byeSentence(reason, detail), reason !== "serverQuit" && reason !== "kicked");
    },
    joined: function (peer) { roster[peer.id] = peer.name; refreshLobby(); },
    left: function (peer, reason) {
      if (reason === "kicked") notice(peer.name + " was removed by the host.", 6);
      delete roster[peer.id];
      delete away[peer.id];
      refreshLobby();
    },
    away: function (peer) { away[peer.id] = true; refreshLobby(); },
    back: function (peer) { delete away[peer.id]; refreshLobby(); },
    app: function (body, from) { if (from === 0 && body && body.kind) game(body); },
    state: function (key, body, from) { if (from === 0 && key === "court" && body && body.kind === "court") pongCourt(body); },
    closed: function () {
      if (!me) { show("join-view"); say("Cannot reach the host. Is it still running? Try again."); return; }
      rejoinSoon();
    }
  };

  function denySentence(reason, detail) {
    var counts = /\((\d+) of (\d+)/.exec(detail || "");
    switch (reason) {
      case "full": return "The game is full" + (counts ? " (" + counts[1] + " of " + counts[2] + ")" : "") + ". Try again when someone leaves.";
      case "wrongJoinCode": return code === null && /needs/.test(detail) ? "This game needs a join code." : "Wrong join code. Check the code on the TV and try again.";
      case "nameTaken": return "Someone here is already called that. Pick another name.";
      case "inProgress": return /shutting down/.test(detail) ? "The host is shutting down." : "A game is under way and takes no late joiners. Join when it ends.";
      case "versionMismatch": return "This page and the host do not speak the same version. Reload the page.";
      case "badHello": return "The host could not take that name: " + detail + ".";
      default: return "The host said no: " + detail;
    }
  }

  function byeSentence(reason, detail) {
    switch (reason) {
      case "serverQuit": return "The host has ended the evening. Thanks for playing!";
      case "protocolError": return "Something went wrong between this page and the host (" + detail + "). Join again.";
      case "connectionDropped": return "The host stopped hearing from this phone. Join again.";
      case "kicked": return "You were removed by the host.";
      default: return "You left the game.";
    }
  }

  function ended(message, canRejoin) {
    me = null;
    sessionStorage.removeItem("snap.joined");
    stopCountdown();
    notice(null);
    show("end-view");
    text("end-message", message);
    $("rejoin").hidden = !canRejoin;
  }

  /* The link dropped (Wi-Fi blip, sleep): join again with the same name. */
  function rejoinSoon() {
    me = null;
    retryUntil = Date.now() + 15000;
    show("end-view");
    text("end-title", "Reconnecting\u2026");
    text("end-message", "The connection to the host dropped; joining again.");
    $("rejoin").hidden = true;
    clearTimeout(retry);
    retry = setTimeout(function () { join(true); }, 500);
  }

  /* ---- The game ---- */

  function game(body) {
    switch (body.kind) {
      case "lobby": playing = false; showLobby(body); break;
      case "game": playing = true; afterGame = false; paused = false; notice(null); break;
      case "pause": showPause(body); break;
      case "question": showQuestion(body); break;
      case "accepted": text("answer-status", "Answer " + Look.letter(body.choice) + " locked in" + (body.final ? "." : " (you can still change it)."));
        markChosen(body.choice); break;
      case "rejected": if (buzzer) buzzRefused(body.reason); else text("answer-status", rejectSentence(body.reason)); break;
      case "buzzed": showBuzzed(body); break;
      case "marked": showMarked(body); break;
      case "buzzersOpen": showBuzzersOpen(body); break;
      case "result": showResult(body); break;
      case "gameOver": playing = false; afterGame = true; paused = false; notice(null);
        if (body.roles) showPongOver(body); else showGameOver(body);
        break;
      case "table": showTable(body); break;
      case "refused": if (pong.roles) text("pong-message", pongRefusal(body.reason)); else text("snap-message", refusalSentence(body)); break;
      case "roles": showRoles(body); break;
      case "court": pongCourt(body); break;  /* a host without the real-time channel sends the court as a message */
      case "point": showPoint(body); break;
      default: break;
    }
  }

  var lobbyStatus = null, startsAt = null;
  setInterval(function () { if (startsAt && (!$("lobby-view").hidden || !$("over-view").hidden)) refreshLobby(); }, 250);
  /* The lobby; after a game, the standings stay up with the lobby's line under them. */
  function showLobby(status) {
    if (status) {
      lobbyStatus = status;
      startsAt = status.startsInMs != null ? Date.now() + status.startsInMs : null;
    }
    if (playing) return;
    show(afterGame ? "over-view" : "lobby-view");
    refreshLobby();
  }

  function refreshLobby() {
    var names = Object.keys(roster).map(function (id) { return { text: roster[id], mine: me && +id === me.id, away: away[id] }; });
    list($("lobby-players"), names);
    var s = lobbyStatus, count = names.length;
    var capacity = s ? s.capacity : hello ? hello.capacity : "?";
    var line = count + " of " + capacity + " players", scheduled = Look.scheduled(s, startsAt);
    if (scheduled) line += " \u00B7 " + scheduled;
    else if (startsAt) line += " \u00B7 starting in " + Look.wait(startsAt - Date.now());
    else if (s && s.startRule === "whenFull") line += " \u00B7 starts when full";
    else line += " \u00B7 waiting for players";
    text("lobby-status", line);
    if (afterGame) text("over-next", startsAt ? "Next game in " + Look.wait(startsAt - Date.now()) + " \u00B7 " + count + " of " + capacity + " players" : "Stay here: the next game starts in the lobby.");
  }

  /* The host paused the game, or it goes on (with the open question's new deadline). */
  function showPause(p) {
    paused = p.paused;
    if (paused) {
      stopCountdown();
      notice("Paused by the host", 0);
    } else {
      notice("The game goes on!", 3);
      if (question && p.leftMs != null && !$("question-view").hidden) startCountdown(Date.now() + p.leftMs);
    }
  }

  function showQuestion(q) {
    question = q;
    show("question-view");
    text("question-number", "Question " + q.number + " of " + q.of);
    text("question-text", q.text);
    text("answer-status", "");
    afterGame = false;
    buzzer = q.mode === "buzzer" ? { sent: false, holder: null, lockedOut: [] } : null;
    var box = $("answers");
    box.innerHTML = "";
    box.className = "answers n" + q.answers.length + (buzzer ? " told" : "");
    q.answers.forEach(function (answer, index) {
      var button = Look.answer(buzzer ? "div" : "button", index, answer);  /* buzzer mode: answers are said, not pressed */
      if (!buzzer) button.onclick = function () { pressAnswer(index); };
      box.appendChild(button);
    });
    $("buzz").hidden = !buzzer;
    if (buzzer) showBuzzer("Buzz when you know it!");
    startCountdown(Date.now() + q.durationMs);
  }

  /* ---- Buzzer mode ---- */

  var buzzer = null;  /* the open question's buzzer: my buzz sent, who answers, who is locked out */

  function lockedOut() { return me && buzzer.lockedOut.indexOf(me.id) >= 0; }

  /* The BUZZ button and the line above it, as the buzzer stands. */
  function showBuzzer(status) {
    var button = $("buzz"), won = buzzer.holder !== null && me && buzzer.holder === me.id;
    button.disabled = buzzer.sent || buzzer.holder !== null || lockedOut();
    button.classList.toggle("won", won);
    button.textContent = won ? "YOUR TURN" : lockedOut() ? "LOCKED OUT" : buzzer.holder !== null ? "WAIT" : "BUZZ";
    text("answer-status", status);
  }

  function pressBuzz() {
    if (!buzzer || !question || !link || $("buzz").disabled) return;
    if (paused) { text("answer-status", "The game is paused."); return; }
    link.sendApp({ kind: "buzz", question: question.number, pressedAt: SnapLink.now() });
    buzzer.sent = true;
    showBuzzer("Buzzed\u2026");
  }

  function showBuzzed(b) {
    if (!buzzer || !question || b.question !== question.number) return;
    stopCountdown();
    buzzer.holder = b.player;
    buzzer.lockedOut = b.lockedOut;
    buzzer.sent = false;
    showBuzzer(me && b.player === me.id ? "You buzzed first! Answer out loud." : b.name + " buzzed first");
  }

  function showMarked(m) {
    if (!buzzer || !question || m.question !== question.number) return;
    var mine = me && m.player === me.id;
    if (!m.right) { buzzer.lockedOut.push(m.player); buzzer.holder = null; }
    showBuzzer(m.right ? (mine ? "Right! +1" : m.name + " is right") : mine ? "Wrong \u2014 locked out for this question" : m.name + " is wrong");
  }

  function showBuzzersOpen(o) {
    if (!buzzer || !question || o.question !== question.number) return;
    buzzer.holder = null;
    buzzer.lockedOut = o.lockedOut;
    buzzer.sent = false;
    showBuzzer(lockedOut() ? "Locked out for this question" : "Buzzers open again: buzz!");
    startCountdown(Date.now() + o.leftMs);
  }

  function buzzRefused(reason) {
    buzzer.sent = false;
    if (reason === "lockedOut") showBuzzer("Locked out for this question");
    else if (reason === "buzzerTaken") showBuzzer("Someone else buzzed first.");
    else if (reason !== "alreadyBuzzed") showBuzzer(rejectSentence(reason));
  }

  $("buzz").onclick = pressBuzz;

  function pressAnswer(choice) {
    if (!question || !link) return;
    if (paused) { text("answer-status", "The game is paused."); return; }
    link.sendApp({ kind: "answer", question: question.number, choice: choice, pressedAt: SnapLink.now() });
    markChosen(choice);
  }

  function markChosen(choice) {
    var buttons = $("answers").children;
    for (var i = 0; i < buttons.length; i++) buttons[i].classList.toggle("chosen", i === choice);
  }

  function rejectSentence(reason) {
    switch (reason) {
      case "tooLate": case "questionClosed": return "Too late: the question had closed.";
      case "alreadyAnswered": return "You already answered this one.";
      case "notInThisQuestion": return "You joined during this question: you play from the next one.";
      case "paused": return "The game is paused.";
      default: return "Answer not taken (" + reason + ").";
    }
  }

  function startCountdown(until) {
    stopCountdown();
    var tick = function () {
      var left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      text("countdown", left + " s");
      if (left === 0) stopCountdown();
    };
    tick();
    countdownTimer = setInterval(tick, 250);
  }

  function stopCountdown() { clearInterval(countdownTimer); countdownTimer = null; }

  function showResult(r) {
    stopCountdown();
    show("result-view");
    var mine = me && r.scored.indexOf(me.id) >= 0;
    var tried = question && question.number === r.number && (hasChosen() || buzzer && lockedOut());
    text("result-title", mine ? "Correct! +1" : tried ? "Not this time" : r.ended === "skipped" ? "Skipped by the host" :
      r.ended === "rightAnswer" ? nameOf(r.scored[0]) + " got it" : r.ended === "allLockedOut" ? "Nobody got it" : "Time's up");
    text("result-answer", "The answer: " + Look.letter(r.correctChoice) + " \u2014 " + r.correctAnswer +
      (r.scored.length ? " \u00B7 scored: " + r.scored.map(nameOf).join(", ") : " \u00B7 nobody scored"));
    standings($("result-standings"), r.scoreboard);
  }

  function hasChosen() { return document.querySelector("#answers .chosen") !== null; }

  function showGameOver(final) {
    stopCountdown();
    show("over-view");
    var lines = final.standings || [];
    var won = me && final.winners.indexOf(me.id) >= 0;
    if (final.ended === "endedByHost") notice("The host ended the game.", 6);
    text("over-title", won ? "You won!" : final.winners.length ? "Winner: " + final.winners.map(nameOf).join(", ") : "Game over");
    var place = 0;
    for (var i = 0; i < lines.length; i++) if (me && lines[i].id === me.id) place = i + 1;
    if (table || lines.length && lines[0].faceDown !== undefined) {
      text("over-place", place ? "You finished with " + cards(lines[place - 1]) + " cards \u2014 place " + place + " of " + lines.length : "");
      list($("over-standings"), lines.map(function (seat) { return { text: seat.name + " \u2014 " + cards(seat) + " cards", mine: me && seat.id === me.id }; }));
    } else {
      text("over-place", place ? summary(final, lines[place - 1]) : "");
      standings($("over-standings"), lines);
    }
    table = null;
  }

  /* "You scored 3 of 10, place 2 of 4": points of the questions this player could answer (a
     late joiner's from the one after it joined), place shared on equal points (1, 2, 2, 4), as
     join prints it (docs/TRIVIA.md, "Game over"). */
  function summary(final, mine) {
    var asked = final.asked != null ? final.asked : question ? question.of : 0;
    var of = Math.min(asked, mine.questions != null ? mine.questions : asked);
    var place = 1 + final.standings.filter(function (line) { return line.points > mine.points; }).length;
    var late = of >= asked ? "" : of === 0 ? " (you joined after the last question)" : " (you joined at question " + (asked - of + 1) + ")";
    return "You scored " + mine.points + " of " + of + ", place " + place + " of " + final.standings.length + late;
  }

  /* ---- Snap! ---- */

  function cards(seat) { return seat.faceDown + seat.faceUp; }

  function showTable(t) {
    table = t;
    playing = true;
    if (t.event.type === "deal") { afterGame = false; paused = false; notice(null); }
    show("snap-view");
    var box = $("snap-seats");
    box.innerHTML = "";
    var ranks = Look.topRanks(t.seats);
    t.seats.forEach(function (seat) {
      var div = document.createElement("div");
      div.className = "seat" + (seat.id === t.turn ? " turn" : "") + (me && seat.id === me.id ? " mine" : "") + (seat.status !== "playing" ? " out" : "");
      var card = Look.card(seat.top, ranks);
      var label = document.createElement("div");
      label.className = "who";
      label.textContent = (me && seat.id === me.id ? "You" : seat.name) + " \u00B7 " + cards(seat);
      div.appendChild(card);
      div.appendChild(label);
      box.appendChild(div);
    });
    var myTurn = me && t.turn === me.id;
    $("flip").disabled = !myTurn;
    text("snap-status", t.turn == null ? "" : myTurn ? "Your turn: FLIP!" : nameOf(t.turn) + "'s turn");
    var e = t.event;
    if (e.type === "flip") text("snap-message", lastSnap);
    else if (e.type === "snap") {
      lastSnap = (me && e.player === me.id ? "You" : nameOf(e.player)) + " won the last snap (" + e.cards + " cards).";
      text("snap-message", (me && e.player === me.id ? "You" : nameOf(e.player)) + " snapped and won " + e.cards + " cards!");
    }
    else if (e.type === "falseSnap") text("snap-message", (me && e.player === me.id ? "You" : nameOf(e.player)) + " snapped falsely and paid a card each.");
    else if (e.type === "deal") text("snap-message", "Cards dealt. Watch for two tops of the same rank!");
    else if (e.type === "leave") text("snap-message", nameOf(e.player) + " left.");
    else if (e.type === "skip") text("snap-message", (me && e.player === me.id ? "Your" : nameOf(e.player) + "'s") + " turn was skipped by the host.");
  }

  function refusalSentence(r) {
    switch (r.reason) {
      case "notYourTurn": return "Not your turn to flip.";
      case "stale": return "Too slow: the table changed.";
      case "judging": return "Hold on: a snap is being judged.";
      case "alreadySnapped": return "You already snapped.";
      case "notPlaying": return "You are out of cards.";
      case "paused": return "The game is paused.";
      default: return "Refused (" + r.reason + ").";
    }
  }

  $("flip").onclick = function () { if (link) link.sendApp({ kind: "flip" }); };
  $("snap").onclick = function () { if (link && table) link.sendApp({ kind: "snap", seq: table.seq, pressedAt: SnapLink.now() }); };

  /* ---- Pong ---- */

  /* roles: who plays which side (null: no game); side: mine, or null when watching; court: the
     newest court; target: where my finger asks my paddle to be (court units). */
  var pong = { roles: null, side: null, court: null, target: null, drawing: false,
    sentY: null, sentAt: 0, sendTimer: null, messageTimer: null };

  function showRoles(roles) {
    playing = true; afterGame = false; paused = false; notice(null);
    var fresh = !pong.roles || pong.roles.game !== roles.game;
    pong.roles = roles;
    pong.side = me && roles.left.id === me.id ? "left" : me && roles.right.id === me.id ? "right" : null;
    if (fresh) { pong.court = null; pong.target = null; pong.sentY = null; }
    show("pong-view");
    $("pong-pad").hidden = !pong.side;
    text("pong-role", pong.side ? "You play " + pong.side.toUpperCase() + (pong.side === "left" ? " \u25C0" : " \u25B6") + " \u00B7 first to " + roles.points
      : "Watching \u00B7 first to " + roles.points);
    if (fresh) text("pong-message", pong.side ? "Drag to move your paddle. Good luck!" : "You are watching: you play in a later game.");
    showPongScore();
    drawSoon();
  }

  function pongName(side) {
    var peer = pong.roles[side];
    return me && peer.id === me.id ? "You" : peer.name;
  }

  function showPongScore() {
    var score = pong.court ? pong.court.score : { left: 0, right: 0 };
    text("pong-left-name", "\u25C0 " + pongName("left"));
    text("pong-nums", score.left + " : " + score.right);
    text("pong-right-name", pongName("right") + " \u25B6");
  }

  /* A court newer than the one shown (of this game). */
  function pongCourt(court) {
    if (!pong.roles || court.game !== pong.roles.game) return;
    if (pong.court && court.tick <= pong.court.tick) return;
    var scored = !pong.court || pong.court.score.left !== court.score.left || pong.court.score.right !== court.score.right;
    pong.court = court;
    if (scored) showPongScore();
    drawSoon();
  }

  function drawSoon() {
    if (pong.drawing) return;
    pong.drawing = true;
    requestAnimationFrame(function () {
      pong.drawing = false;
      if (!pong.roles || $("pong-view").hidden) return;
      var canvas = $("pong-court");
      Look.drawCourt(canvas, pong.court, { left: pong.roles.left.name, right: pong.roles.right.name }, pong.side, pong.target);
      if (pong.court) {  /* for a screen reader, and for the tests: what the picture shows */
        canvas.setAttribute("data-tick", pong.court.tick);
        canvas.setAttribute("data-left", pong.court.paddles.left.toFixed(1));
        canvas.setAttribute("data-right", pong.court.paddles.right.toFixed(1));
        canvas.setAttribute("data-ball", pong.court.ball.y.toFixed(1));
        canvas.setAttribute("aria-label", pong.roles.left.name + " " + pong.court.score.left + ", " + pong.roles.right.name + " " + pong.court.score.right);
      }
    });
  }

  function showPoint(p) {
    if (!pong.roles) return;
    if (pong.court) pong.court.score = p.score;
    showPongScore();
    pongMessage(me && p.scorer === me.id ? "You score!" : pong.roles[p.side].name + " scores!");
  }

  function pongMessage(message) {
    clearTimeout(pong.messageTimer);
    text("pong-message", message);
    pong.messageTimer = setTimeout(function () { text("pong-message", ""); }, 2500);
  }

  function pongRefusal(reason) {
    switch (reason) {
      case "noGame": return "No game is under way.";
      case "notPlaying": return "You are watching this game.";
      default: return "Refused (" + reason + ").";
    }
  }

  function showPongOver(final) {
    var roles = final.roles, winner = final.winner;
    show("over-view");
    var name = function (side) { return roles[side].name; };
    var winning = winner == null ? null : roles.left.id === winner ? "left" : "right";
    text("over-title", winner == null ? "Game over: level" : me && winner === me.id ? "You won!" : name(winning) + " won!");
    $("over-title").className = "huge";
    var why = final.ended === "forfeit" ? " \u00B7 " + name(winning === "left" ? "right" : "left") + " left the game"
      : final.ended === "endedByHost" ? " \u00B7 the host ended the game" : "";
    var high = Math.max(final.score.left, final.score.right), low = Math.min(final.score.left, final.score.right);
    text("over-place", (winner == null ? "Level at " : "Won ") + high + " : " + low + " \u00B7 first to " + roles.points + why);
    list($("over-standings"), ["left", "right"].map(function (side) {
      return { text: name(side) + " (" + side + ") \u2014 " + final.score[side] + (roles[side].id === winner ? " \u2605 winner" : ""), mine: me && roles[side].id === me.id };
    }));
    if (final.ended === "endedByHost") notice("The host ended the game.", 6);
    pong.roles = null;
    pong.side = null;
  }

  /* The finger (or mouse) on the court or the pad below it: its height is where the paddle
     goes, the pad's top the court's top wall. */
  function aim(element, clientY) {
    if (!pong.side) return;
    var box = element.getBoundingClientRect(), C = Look.COURT, half = C.paddleHeight / 2;
    var y = (clientY - box.top) / box.height * C.height;
    pong.target = Math.round(Math.min(C.height - half, Math.max(half, y)) * 10) / 10;
    sendPaddle();
    drawSoon();
  }

  /* The paddle's intent as a state, at most 60 a second and only when it changed. */
  function sendPaddle() {
    if (!link || !pong.side || pong.target === null || pong.target === pong.sentY || pong.sendTimer) return;
    var wait = pong.sentAt + 1000 / 60 - performance.now();
    if (wait > 0) {
      pong.sendTimer = setTimeout(function () { pong.sendTimer = null; sendPaddle(); }, wait);
      return;
    }
    pong.sentAt = performance.now();
    pong.sentY = pong.target;
    link.sendState("paddle", { kind: "paddle", y: pong.target });
  }

  function dragArea(element) {
    if (window.PointerEvent) {
      element.addEventListener("pointerdown", function (e) {
        e.preventDefault();
        if (element.setPointerCapture) element.setPointerCapture(e.pointerId);
        aim(element, e.clientY);
      });
      element.addEventListener("pointermove", function (e) {
        if (e.pointerType === "mouse" && !e.buttons) return;  /* a mouse moves the paddle while pressed */
        aim(element, e.clientY);
      });
    } else {  /* older phones: touch events, and the mouse */
      var touch = function (e) { e.preventDefault(); aim(element, e.touches[0].clientY); };
      element.addEventListener("touchstart", touch);
      element.addEventListener("touchmove", touch);
      var down = false;
      element.addEventListener("mousedown", function (e) { down = true; aim(element, e.clientY); });
      window.addEventListener("mouseup", function () { down = false; });
      element.addEventListener("mousemove", function (e) { if (down) aim(element, e.clientY); });
    }
  }
  dragArea($("pong-court"));
  dragArea($("pong-pad"));
  window.addEventListener("resize", drawSoon);

  /* ---- Start ---- */

  $("join-form").onsubmit = function (event) { event.preventDefault(); join(false); };
  $("rejoin").onclick = function () { text("end-title", "Disconnected"); join(false); };
  $("name").value = localStorage.getItem("snap.name") || "";
  if (code) $("code").value = code;

  /* Back from sleep or the back/forward cache: if the link is gone, join again at once. */
  function wake() {
    if (sessionStorage.getItem("snap.joined") && (!link || link.ended)) rejoinSoon();
  }
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") wake(); });
  window.addEventListener("pageshow", function (event) { if (event.persisted) wake(); });
  window.addEventListener("pagehide", function () { if (link) link.abandon(); });

  show("join-view");
  var seat = SnapLink.savedSeat();
  if (sessionStorage.getItem("snap.joined") && $("name").value) {  /* a reload: the same player again */
    retryUntil = Date.now() + 15000;
    join(true);
  } else if (seat) {  /* the page was closed with a seat held: take it back, if this host still keeps it */
    $("name").value = seat.name;
    resuming = true;
    join(true);
  }
})();
