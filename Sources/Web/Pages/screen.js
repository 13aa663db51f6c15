/* The TV page: the join address and QR code, the lobby filling up, each question with its
   countdown and who has answered (never what), the reveal, the standings, the Snap! table and
   a podium; a banner when the host pauses or removes a player; in buzzer mode who buzzed first,
   the host's marks and who is locked out (never the answer before the result); Pong's court, the
   score, each side's player and the points that win (the court as the newest real-time state of
   key "court": latest-wins, at most one drawn a frame). It only watches:
   the host's screen feed (/screen/ws, docs/WEB.md). */
"use strict";
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var SECTIONS = ["tv-lobby", "tv-question", "tv-standings", "tv-snap", "tv-pong", "tv-over"];

  var host = null, players = {}, away = {}, lobby = null, question = null, answered = [], timer = null, lastSnap = "";
  var inGame = false, overUntil = 0, lobbyTimer = null, startsAt = null, noticeTimer = null;
  setInterval(function () { if (startsAt && !$("tv-lobby").hidden) lobbyLine(); }, 250);

  function show(id) {
    for (var i = 0; i < SECTIONS.length; i++) $(SECTIONS[i]).hidden = SECTIONS[i] !== id;
    $("small-join").hidden = id === "tv-lobby" || !host;
    document.body.classList.toggle("pong", id === "tv-pong");
  }
  function text(id, value) { $(id).textContent = value; }
  /* A banner over every section: for a few seconds, or until cleared (seconds 0). */
  function notice(message, seconds) {
    clearTimeout(noticeTimer);
    $("tv-notice").hidden = !message;
    text("tv-notice", message || "");
    if (message && seconds) noticeTimer = setTimeout(function () { notice(null); }, seconds * 1000);
  }
  function nameOf(id) { return players[id] || "#" + id; }
  function list(element, items) {
    element.innerHTML = "";
    items.forEach(function (item) { var li = document.createElement("li"); li.textContent = item; element.appendChild(li); });
  }

  function connect() {
    var socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/screen/ws");
    socket.onmessage = function (event) { var m; try { m = JSON.parse(event.data); } catch (e) { return; } receive(m); };
    socket.onclose = function () { text("phase", "reconnecting\u2026"); setTimeout(connect, 1500); };
  }

  function receive(m) {
    switch (m.type) {
      case "hello":
        host = m;
        players = {};
        m.players.forEach(function (p) { players[p.id] = p.name; });
        away = {};
        (m.away || []).forEach(function (id) { away[id] = true; });
        showAway();
        text("host-name", m.host);
        document.title = m.host + " \u2014 snap-host";
        $("qr").innerHTML = m.qr;
        $("qr-small").innerHTML = m.qr;
        text("join-url", m.url.replace(/^https?:\/\//, "").replace(/\/?#.*$|\/$/, ""));
        text("small-url", m.url.replace(/^https?:\/\//, "").replace(/\/?#.*$|\/$/, ""));
        text("join-hint", /#code=/.test(m.url) ? "Scan to join: the code is in the QR" : "Scan or type the address to join");
        inGame = false;
        showLobby();
        break;
      case "joined": players[m.peer.id] = m.peer.name; if (!inGame) showLobby(); break;
      case "left":
        if (m.reason === "kicked") notice(m.peer.name + " was removed by the host", 6);
        delete players[m.peer.id];
        delete away[m.peer.id];
        showAway();
        if (!inGame) showLobby();
        break;
      case "away": away[m.peer.id] = true; showAway(); if (!inGame) showLobby(); break;
      case "back": delete away[m.peer.id]; showAway(); if (!inGame) showLobby(); break;
      case "state":
        if (m.key === "court" && m.body && m.body.kind === "court") pongCourt(m.body);
        break;
      case "sent":
        if (m.to === "all") game(m.body, m.ageMs || 0);
        else if (m.kind === "accepted" && question) { m.to.forEach(function (id) { if (answered.indexOf(id) < 0) answered.push(id); }); showAnswered(); }
        break;
      default: break;
    }
  }

  /* A message the host sent to everyone, `age` ms ago (a screen connecting late gets the last
     ones again: their countdowns count from when they were sent). */
  function game(body, age) {
    switch (body.kind) {
      case "lobby":
        lobby = body;
        startsAt = body.startsInMs != null ? Date.now() + body.startsInMs - age : null;
        if (!inGame) showLobby();
        break;
      case "game": inGame = true; text("phase", body.questions + " questions"); break;
      case "question": inGame = true; overUntil = 0; showQuestion(body, age); break;
      case "result": showResult(body); break;
      case "buzzed": case "marked": case "buzzersOpen": showBuzzer(body); break;
      case "table": inGame = true; overUntil = 0; showTable(body); break;
      case "gameOver": inGame = false; notice(null); showOver(body.roles ? pongFinal(body) : body); pong.roles = null; break;
      case "roles": inGame = true; overUntil = 0; showRoles(body); break;
      case "court": pongCourt(body); break;  /* a host without the real-time channel sends it as a message */
      case "point": showPoint(body); break;
      case "pause":
        if (body.paused) { clearInterval(timer); notice("Paused by the host", 0); }
        else { notice("The game goes on!", 3); if (question && body.leftMs != null) countdown(Date.now() + body.leftMs); }
        break;
      default: break;
    }
  }

  /* "Alice is reconnecting…": players whose link dropped, their seats kept. */
  function showAway() {
    var names = Object.keys(away).map(nameOf);
    text("reconnecting", names.length === 0 ? "" : names.join(", ") + (names.length === 1 ? " is" : " are") + " reconnecting\u2026");
  }

  function showLobby() {
    if (Date.now() < overUntil) {  /* the podium stays up a while after a game */
      clearTimeout(lobbyTimer);
      lobbyTimer = setTimeout(showLobby, overUntil - Date.now());
      return;
    }
    show("tv-lobby");
    var names = Object.keys(players).map(function (id) { return players[id] + (away[id] ? " (reconnecting\u2026)" : ""); });
    var capacity = lobby ? lobby.capacity : host ? host.capacity : "?";
    text("lobby-count", names.length ? names.length + " of " + capacity + " players" : "Waiting for players");
    lobbyLine();
    list($("tv-players"), names);
    text("phase", host ? host.game : "");
  }

  function lobbyLine() {
    var capacity = lobby ? lobby.capacity : host ? host.capacity : "?";
    var line = Look.scheduled(lobby, startsAt) ||  /* a scheduled start: its time, ticking */
      (startsAt ? "The game starts in " + Look.wait(startsAt - Date.now())
        : lobby && lobby.startRule === "whenFull" ? "The game starts when " + capacity + " players are here"
        : lobby ? "The game starts when enough players are here" : "");
    text("lobby-line", line);
  }

  function answerButtons(box, answers) {
    box.innerHTML = "";
    answers.forEach(function (answer, index) { box.appendChild(Look.answer("div", index, answer)); });
  }

  function showQuestion(q, age) {
    question = q;
    answered = [];
    show("tv-question");
    text("tv-number", "Question " + q.number + " of " + q.of + (q.category ? " \u00B7 " + q.category : ""));
    text("question-title", q.text);
    answerButtons($("tv-answers"), q.answers);
    text("scored", "");
    if (q.mode === "buzzer") text("answered", "Buzz in on your phone!");
    else showAnswered();
    countdown(Date.now() + q.durationMs - age);
  }

  /* Buzzer mode: who buzzed first (the clock stands still while they answer out loud), the
     host's mark, the buzzers reopening for the players not locked out. */
  function showBuzzer(b) {
    if (!question || b.question !== question.number) return;
    var out = (b.lockedOut || []).map(nameOf);
    var locked = out.length ? " (locked out: " + out.join(", ") + ")" : "";
    if (b.kind === "buzzed") { clearInterval(timer); text("answered", b.name + " buzzed first!"); text("scored", "Answer out loud\u2026" + locked); }
    else if (b.kind === "marked") text("scored", b.right ? b.name + " is right!" : b.name + " is wrong");
    else { countdown(Date.now() + b.leftMs); text("answered", "Buzzers open again" + locked); text("scored", ""); }
  }

  function countdown(until) {
    clearInterval(timer);
    var tick = function () {
      var left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      text("tv-countdown", left + " s");
      if (left === 0) clearInterval(timer);
    };
    tick();
    timer = setInterval(tick, 250);
  }

  function showAnswered() {
    var total = Object.keys(players).length;
    text("answered", "Answered: " + (answered.length ? answered.map(nameOf).join(", ") : "nobody yet") + " (" + answered.length + " of " + total + ")");
  }

  function showResult(r) {
    clearInterval(timer);
    text("tv-countdown", "");
    var buttons = $("tv-answers").children;
    for (var i = 0; i < buttons.length; i++) buttons[i].classList.add(i === r.correctChoice ? "right" : "wrong");
    text("scored", "The answer: " + Look.letter(r.correctChoice) + " \u2014 " + r.correctAnswer + ". " +
      (r.scored.length ? "Scored: " + r.scored.map(nameOf).join(", ") : "Nobody scored."));
    text("answered", r.scoreboard.slice(0, 5).map(function (l, n) { return (n + 1) + ". " + l.name + " " + l.points; }).join("   "));
  }

  function showTable(t) {
    show("tv-snap");
    var ranks = Look.topRanks(t.seats);
    var box = $("tv-seats");
    box.innerHTML = "";
    t.seats.forEach(function (s) {
      var div = document.createElement("div");
      div.className = "seat" + (s.id === t.turn ? " turn" : "") + (s.status !== "playing" ? " out" : "");
      var card = Look.card(s.top, ranks);
      var who = document.createElement("div");
      who.className = "who";
      who.textContent = s.name + " \u00B7 " + (s.faceDown + s.faceUp) + " cards";
      div.appendChild(card);
      div.appendChild(who);
      box.appendChild(div);
    });
    text("snap-title", t.turn != null ? nameOf(t.turn) + "'s turn" : "");
    text("phase", "Snap! \u00B7 flip " + t.flips);
    var e = t.event;
    if (e.type === "snap") { lastSnap = nameOf(e.player) + " won the last snap (" + e.cards + " cards)"; text("snap-event", "SNAP! " + nameOf(e.player) + " wins " + e.cards + " cards"); }
    else if (e.type === "falseSnap") text("snap-event", nameOf(e.player) + " snapped falsely and pays");
    else if (e.type === "deal") text("snap-event", "Cards dealt");
    else if (e.type === "flip") text("snap-event", "");
    else if (e.type === "skip") text("snap-event", nameOf(e.player) + "'s turn was skipped by the host");
    text("snap-last", lastSnap);
  }

  function showOver(final) {
    clearInterval(timer);
    overUntil = Date.now() + 15000;
    show("tv-over");
    var lines = final.standings || [];
    var snap = lines.length && lines[0].faceDown !== undefined;
    var score = function (l) { return snap ? (l.faceDown + l.faceUp) + " cards" : l.points + " points"; };
    text("over-heading", final.winners.length ? "Winner: " + final.winners.map(function (id) {
      for (var i = 0; i < lines.length; i++) if (lines[i].id === id) return lines[i].name;
      return nameOf(id);
    }).join(", ") : "Game over");
    var podium = $("podium");
    podium.innerHTML = "";
    [1, 0, 2].forEach(function (place) {
      if (!lines[place]) return;
      var div = document.createElement("div");
      div.className = "p" + (place + 1);
      div.textContent = (place + 1) + ". " + lines[place].name;
      var points = document.createElement("div");
      points.className = "score";
      points.textContent = score(lines[place]);
      div.appendChild(points);
      podium.appendChild(div);
    });
    list($("over-list"), lines.slice(3, 11).map(function (l, n) { return (n + 4) + ". " + l.name + " \u00B7 " + score(l); }));
    list($("last-standings"), lines.slice(0, 6).map(function (l, n) { return (n + 1) + ". " + l.name + " \u00B7 " + score(l); }));
    $("last-game").hidden = false;
    text("phase", "game over");
    question = null;
  }

  /* ---- Pong ---- */

  var pong = { roles: null, court: null, drawing: false, messageTimer: null };

  function showRoles(roles) {
    if (!pong.roles || pong.roles.game !== roles.game) pong.court = null;
    pong.roles = roles;
    show("tv-pong");
    text("pong-left", roles.left.name);
    text("pong-right", roles.right.name);
    text("pong-first", "first to " + roles.points);
    text("phase", "Pong \u00B7 first to " + roles.points);
    showPongScore();
    drawSoon();
  }

  function showPongScore() {
    var score = pong.court ? pong.court.score : { left: 0, right: 0 };
    text("tv-pong-score", score.left + " : " + score.right);
  }

  /* The newest court of this game (older ones, and a court of another game, are dropped). */
  function pongCourt(court) {
    if (!pong.roles || court.game !== pong.roles.game || (pong.court && court.tick <= pong.court.tick)) return;
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
      if (!pong.roles || $("tv-pong").hidden) return;
      var canvas = $("tv-court");
      Look.drawCourt(canvas, pong.court, { left: pong.roles.left.name, right: pong.roles.right.name }, null, null, $("tv-court-box"));
      if (pong.court) canvas.setAttribute("data-tick", pong.court.tick);
    });
  }

  function showPoint(p) {
    if (!pong.roles) return;
    if (pong.court) pong.court.score = p.score;
    showPongScore();
    clearTimeout(pong.messageTimer);
    text("tv-pong-message", pong.roles[p.side].name + " scores!");
    pong.messageTimer = setTimeout(function () { text("tv-pong-message", ""); }, 2500);
  }

  /* Pong's end as the podium reads it: the winner first, each with its points. */
  function pongFinal(final) {
    var roles = final.roles;
    var lines = ["left", "right"].map(function (side) { return { id: roles[side].id, name: roles[side].name + " (" + side + ")", points: final.score[side] }; });
    if (final.winner === roles.right.id) lines.reverse();
    return { winners: final.winner == null ? [] : [final.winner], standings: lines };
  }

  window.addEventListener("resize", drawSoon);

  connect();
})();
