/* The host page (/host): unlocked by the host PIN, then the host's commands as big buttons, the
   players with a Kick button each, and the game as the TV sees it (docs/WEB.md, "The host
   page"). It talks to /host/ws: the first message is {"pin":"…"} (or the token an earlier unlock
   gave, kept in sessionStorage), then each message is a host command ({"command":"skip"},
   {"command":"kick","peer":3}); it hears the TV's feed plus each command's outcome. The buttons
   are the commands the host lists in its hello, so a game's own commands appear by themselves. */
"use strict";
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var TOKEN = "snap.hostToken";
  /* The commands this page knows: icon, words, look, and a question before a destructive one.
     Any other command gets a dot and its name and values as words. */
  var LOOK = {
    startNow: { icon: "\u25B6", label: "Start now", kind: "go" },
    skip: { icon: "\u25B6\u25B6", label: "Skip" },
    pause: { icon: "\u275A\u275A", label: "Pause" },
    unpause: { icon: "\u25B6", label: "Continue", kind: "go" },
    end: { icon: "\u25A0", label: "End game", kind: "danger", confirm: "End the game now? Everyone sees the standings as they are." },
    rematch: { icon: "\u21BB", label: "Rematch" },
    markRight: { icon: "\u2714", label: "Right", kind: "go" },
    markWrong: { icon: "\u2718", label: "Wrong", kind: "danger" }
  };

  var socket = null, heardBack = false, unlocked = false, retryTimer = null, lockUntil = 0, lockEveryone = false;
  var host = null, players = {}, away = {}, commands = [], confirming = null;
  var lobby = null, startsAt = null, phase = "lobby", inGame = false, info = null, question = null, result = null, table = null, over = null;
  var paused = false, deadline = null, frozenLeft = null, answered = {}, pong = null;  /* pong: {roles, score} */

  function text(id, value) { $(id).textContent = value; }
  function nameOf(id) { return players[id] || "#" + id; }
  function capital(s) { return s ? s.charAt(0).toUpperCase() + s.slice(1) : s; }
  function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }
  function seconds(ms) { return Math.max(0, Math.ceil(ms / 1000)); }

  // ---- the link ----

  function connect(first) {
    if (socket) { socket.onclose = null; try { socket.close(); } catch (e) { /* closed */ } }
    var s = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/host/ws");
    socket = s;
    heardBack = false;
    s.onopen = function () { s.send(JSON.stringify(first)); };
    s.onmessage = function (event) {
      var m;
      try { m = JSON.parse(event.data); } catch (e) { return; }
      heardBack = true;
      receive(m);
    };
    s.onclose = function () {
      if (socket !== s) return;
      socket = null;
      if (unlocked) {
        text("link-state", "Reconnecting\u2026");
        retryTimer = setTimeout(resume, 1500);
      } else if (!heardBack) {
        showPin();
        pinMessage("Cannot reach the host. Is snap-host still running?");
      }
    };
  }

  /* Back after a dropped link (a phone waking up): with the token, no PIN needed. */
  function resume() {
    clearTimeout(retryTimer);
    var token = sessionStorage.getItem(TOKEN);
    if (token) connect({ token: token });
    else { unlocked = false; showPin(); }
  }

  function wake() { if (unlocked && !socket) resume(); }
  document.addEventListener("visibilitychange", function () { if (!document.hidden) wake(); });
  window.addEventListener("pageshow", wake);

  function send(command) {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(command));
    else outcome("Not connected to the host: reconnecting\u2026", false);
  }

  function receive(m) {
    switch (m.type) {
      case "unlocked":
        unlocked = true;
        sessionStorage.setItem(TOKEN, m.token);
        $("pin").value = "";
        showControls();
        break;
      case "wrongPin":
        pinMessage("Wrong PIN. " + (m.triesLeft === 1 ? "1 more try" : m.triesLeft + " more tries") + ", then a pause.");
        $("pin").value = "";
        break;
      case "locked": lockedOut(m.retryInS, m.everyone); break;
      case "pinNeeded":
        sessionStorage.removeItem(TOKEN);
        unlocked = false;
        showPin();
        pinMessage("Type the host PIN again: the host has restarted, and its PIN is new.");
        break;
      case "badRequest": pinMessage(m.text); break;
      case "hello": hello(m); break;
      case "joined": players[m.peer.id] = m.peer.name; drawPlayers(); drawState(); break;
      case "left":
        delete players[m.peer.id];
        delete away[m.peer.id];
        if (confirming && confirming.peer === m.peer.id) closeConfirm();
        drawPlayers();
        drawState();
        break;
      case "away": away[m.peer.id] = true; drawPlayers(); break;
      case "back": delete away[m.peer.id]; drawPlayers(); break;
      case "sent":
        if (m.to === "all") game(m.body);
        else if (m.kind === "accepted" && phase === "question") { m.to.forEach(function (id) { answered[id] = true; }); drawState(); }
        break;
      case "commanded": outcome(doneSentence(m), true); break;
      case "refused": outcome(capital(m.text), false); break;
      case "error": outcome(capital(m.text), false); break;
      default: break;
    }
  }

  // ---- the PIN ----

  function showPin() {
    $("pin-view").hidden = false;
    $("control-view").hidden = true;
    text("link-state", "Host controls");
  }

  function pinMessage(message) { text("pin-message", message); }

  function lockedOut(retryInS, everyone) {
    lockUntil = Date.now() + retryInS * 1000;
    lockEveryone = !!everyone;
    $("unlock").disabled = true;
    showLock();
  }

  /* "Wait 60 seconds", "Wait 4 minutes": ticking down while the page waits. */
  function showLock() {
    var left = seconds(lockUntil - Date.now());
    if (left === 0) {
      lockUntil = 0;
      $("unlock").disabled = false;
      pinMessage("You can try again now.");
      return;
    }
    var wait = left > 90 ? Math.ceil(left / 60) + " minutes" : plural(left, "second", "seconds");
    pinMessage((lockEveryone ? "Too many wrong PINs on this network: the host page is locked for everyone. "
      : "Too many wrong PINs from this device. ") + "Wait " + wait + ", then try again.");
  }

  $("pin-form").onsubmit = function (event) {
    event.preventDefault();
    var pin = $("pin").value.replace(/\s+/g, "");
    if (lockUntil) return;
    if (!/^[0-9]{6,12}$/.test(pin)) { pinMessage("The PIN is 6 digits (a chosen one up to 12), as the host's screen shows it."); return; }
    pinMessage("Checking\u2026");
    connect({ pin: pin });
  };

  // ---- the controls ----

  function showControls() {
    $("pin-view").hidden = true;
    $("control-view").hidden = false;
    text("link-state", "Host controls");
  }

  function hello(m) {
    host = m;
    players = {};
    away = {};
    m.players.forEach(function (p) { players[p.id] = p.name; });
    (m.away || []).forEach(function (id) { away[id] = true; });
    commands = m.commands || [];
    phase = "lobby"; inGame = false; over = null; paused = false; deadline = null; lobby = null; startsAt = null;
    text("host-name", m.host);
    document.title = m.host + " \u2014 host controls";
    drawCommands();
    drawPlayers();
    drawState();
  }

  /* A game message every player got (the TV's view of the game). */
  function game(body) {
    switch (body.kind) {
      case "lobby":
        lobby = body;
        startsAt = body.startsInMs != null ? Date.now() + body.startsInMs : null;
        if (!inGame && phase !== "over") phase = "lobby";
        break;
      case "game": inGame = true; over = null; info = body; phase = "game"; break;
      case "question": inGame = true; over = null; question = body; phase = "question"; answered = {}; countdown(body.durationMs); break;
      case "result": result = body; phase = "result"; deadline = null; break;
      case "table": inGame = true; over = null; table = body; phase = "snap"; break;
      case "gameOver": inGame = false; over = body.roles ? pongOver(body) : body; phase = "over"; paused = false; deadline = null; break;
      case "roles": inGame = true; over = null; pong = { roles: body, score: { left: 0, right: 0 } }; phase = "pong"; break;
      case "point": if (pong) pong.score = body.score; break;
      case "pause":
        paused = body.paused;
        if (paused) frozenLeft = deadline ? deadline - Date.now() : null;
        else countdown(body.leftMs != null ? body.leftMs : frozenLeft);
        drawCommands();
        break;
      default: break;
    }
    $("notice").hidden = !paused;
    text("notice", paused ? "Paused: the players' countdown stands still." : "");
    drawState();
  }

  /* Pong's end as the standings read it: the winner first. */
  function pongOver(final) {
    var lines = ["left", "right"].map(function (side) { return { id: final.roles[side].id, name: final.roles[side].name, points: final.score[side] }; });
    if (final.winner === final.roles.right.id) lines.reverse();
    return { winners: final.winner == null ? [] : [final.winner], standings: lines };
  }

  function countdown(ms) { deadline = ms != null ? Date.now() + ms : null; }

  function lobbyLine() {
    var count = Object.keys(players).length, capacity = lobby ? lobby.capacity : host ? host.capacity : "?";
    var line = count + " of " + capacity + " players";
    if (startsAt) line += " \u00B7 the game starts in " + seconds(startsAt - Date.now()) + " s";
    else if (lobby && lobby.startRule === "whenFull") line += " \u00B7 the game starts when " + capacity + " are here";
    return line;
  }

  function drawState() {
    var title = "Lobby", line = lobbyLine(), lines = [];
    if (phase === "question" && question) {
      var left = paused ? seconds(frozenLeft || 0) : deadline ? seconds(deadline - Date.now()) : 0;
      title = "Question " + question.number + " of " + question.of + " \u00B7 " + left + " s";
      line = question.text;
      lines = ["Answered: " + Object.keys(answered).length + " of " + Object.keys(players).length];
    } else if (phase === "result" && result) {
      title = "Question " + result.number + " of " + result.of + ": the answer";
      line = result.correctAnswer + ". " + (result.scored.length ? "Scored: " + result.scored.map(nameOf).join(", ") : "Nobody scored.");
    } else if (phase === "snap" && table) {
      title = "Snap!" + (table.turn != null ? " \u00B7 " + nameOf(table.turn) + "'s turn" : "");
      line = "Flip " + table.flips + " \u00B7 " + table.seats.map(function (s) { return s.name + " " + (s.faceDown + s.faceUp); }).join(", ");
    } else if (phase === "pong" && pong) {
      var r = pong.roles;
      title = "Pong · first to " + r.points;
      line = r.left.name + " (left) " + pong.score.left + " : " + pong.score.right + " " + r.right.name + " (right)";
    } else if (phase === "game" && info) {
      title = "A game begins";
      line = info.questions ? plural(info.questions, "question", "questions") : "";
    } else if (phase === "over" && over) {
      var standing = over.standings || [];
      var names = over.winners.map(function (id) {
        for (var i = 0; i < standing.length; i++) if (standing[i].id === id) return standing[i].name;
        return nameOf(id);
      });
      title = names.length ? "Game over: " + names.join(" and ") + (names.length === 1 ? " wins" : " win") : "Game over";
      line = "Next game: " + lobbyLine();
      lines = standing.slice(0, 4).map(function (l, n) {
        return (n + 1) + ". " + l.name + " \u00B7 " + (l.points != null ? plural(l.points, "point", "points") : plural(l.faceDown + l.faceUp, "card", "cards"));
      });
    }
    if (paused) title = "Paused \u00B7 " + title;
    text("state-title", title);
    text("state-line", line);
    var list = $("state-standings");
    list.innerHTML = "";
    lines.forEach(function (l) { var li = document.createElement("li"); li.textContent = l; list.appendChild(li); });
  }

  /* The host's commands as buttons; pause and unpause are one button that says which it does. */
  function drawCommands() {
    var box = $("commands"), names = commands.map(function (c) { return c.command; });
    var toggle = names.indexOf("pause") >= 0 && names.indexOf("unpause") >= 0;
    box.innerHTML = "";
    commands.forEach(function (c) {
      if (toggle && c.command === "unpause") return;
      box.appendChild(commandButton(toggle && c.command === "pause" && paused ? commands[names.indexOf("unpause")] : c));
    });
    if (box.children.length % 2 === 1) box.lastChild.classList.add("wide");
  }

  /* "mark right", "mark not right": a command this page has no words for. */
  function describe(c) {
    var words = [c.command];
    for (var key in c) {
      if (key === "command" || !c.hasOwnProperty(key)) continue;
      var value = c[key];
      words.push(value === true ? key : value === false ? "not " + key : typeof value === "string" ? value : key + " " + value);
    }
    return words.join(" ");
  }

  function button(id, icon, label, kind) {
    var b = document.createElement("button");
    b.type = "button";
    b.id = id;
    b.className = "command" + (kind ? " " + kind : "");
    b.innerHTML = '<span class="icon" aria-hidden="true"></span><span class="label"></span>';
    b.children[0].textContent = icon;
    b.children[1].textContent = label;
    return b;
  }

  /* A command's name for its look and its button's id: the command, or for a mark which one. */
  function key(c) { return c.command === "mark" ? (c.right ? "markRight" : "markWrong") : c.command; }

  function commandButton(c) {
    var look = LOOK[key(c)] || { icon: "\u25CF", label: capital(describe(c)) };
    var b = button("cmd-" + key(c), look.icon, look.label, look.kind);
    b.onclick = function () {
      if (look.confirm) ask(look.confirm, look.icon, look.label, c);
      else send(c);
    };
    return b;
  }

  function drawPlayers() {
    var box = $("host-players"), ids = Object.keys(players).map(Number).sort(function (a, b) { return a - b; });
    var capacity = lobby ? lobby.capacity : host ? host.capacity : "?";
    text("players-title", "Players: " + ids.length + " of " + capacity);
    box.innerHTML = "";
    if (ids.length === 0) {
      var empty = document.createElement("li");
      empty.className = "empty";
      empty.textContent = "Nobody is here yet.";
      box.appendChild(empty);
    }
    ids.forEach(function (id) {
      var li = document.createElement("li");
      li.innerHTML = '<span class="who"><span class="name"></span> <span class="id"></span><span class="away"></span></span>';
      li.querySelector(".name").textContent = players[id];
      li.querySelector(".id").textContent = "id " + id;
      li.querySelector(".away").textContent = away[id] ? "away: reconnecting\u2026" : "";
      var kick = button("kick-" + id, "\u2715", "Kick", "kick danger");
      kick.onclick = function () {
        ask("Remove " + players[id] + " from the game? (No ban: they may join again.)", "\u2715", "Remove " + players[id], { command: "kick", peer: id });
      };
      li.appendChild(kick);
      box.appendChild(li);
    });
  }

  /* A question before a destructive command, in place of the command buttons. */
  function ask(question, icon, label, command) {
    confirming = command;
    text("confirm-text", question);
    var yes = $("confirm-yes");
    yes.innerHTML = '<span class="icon" aria-hidden="true"></span><span class="label"></span>';
    yes.children[0].textContent = icon;
    yes.children[1].textContent = label;
    $("commands").hidden = true;
    $("confirm").hidden = false;
  }

  function closeConfirm() {
    confirming = null;
    $("confirm").hidden = true;
    $("commands").hidden = false;
  }

  $("confirm-yes").onclick = function () {
    if (confirming) send(confirming);
    closeConfirm();
  };
  $("confirm-no").onclick = closeConfirm;

  /* What a command did, in words ("Skipped question 3"); `m` arrives before its effects. */
  function doneSentence(m) {
    var c = m.command;
    switch (c.command) {
      case "startNow": return "Started the game";
      case "skip":
        if (phase === "question" && question) return "Skipped question " + question.number;
        if (phase === "result" && result) return "Went on after question " + result.number;
        if (phase === "snap" && table && table.turn != null) return "Skipped " + nameOf(table.turn) + "'s turn";
        return "Skipped";
      case "pause": return "Paused the game";
      case "unpause": return "The game goes on";
      case "kick": return "Removed " + (m.peer ? m.peer.name : "player " + c.peer);
      case "end": return "Ended the game";
      case "rematch": return "Rematch: a new game with the same players";
      default: return "Done: " + describe(c);
    }
  }

  function outcome(sentence, done) {
    var element = $("outcome");
    element.textContent = (done ? "\u2713 " : "\u2715 ") + sentence;
    element.className = "outcome " + (done ? "done" : "refused");
  }

  setInterval(function () {
    if (lockUntil) showLock();
    if (unlocked && (startsAt || deadline)) drawState();
  }, 250);

  if (sessionStorage.getItem(TOKEN)) {  /* unlocked before (a reload): back without the PIN */
    unlocked = true;
    showControls();
    text("link-state", "Connecting\u2026");
    resume();
  }
})();
