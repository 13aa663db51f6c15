/* What the phone and the TV draw alike: answers told apart by letter and shape as well as
   colour, playing cards, how long until the game starts, and Pong's court. */
"use strict";
var Look = (function () {
  var SHAPES = ["\u25B2", "\u25C6", "\u25CF", "\u25A0", "\u2605", "\u2665"];  /* ▲ ◆ ● ■ ★ ♥ */
  var LETTERS = "ABCDEF";
  var SUITS = ["\u2663", "\u2666", "\u2665", "\u2660"];  /* ♣ ♦ ♥ ♠ (card / 13) */
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

  function letter(index) { return LETTERS.charAt(index); }

  /* An answer: shape, letter, text, in colour `aN` (a button on the phone, a box on the TV). */
  function answer(tag, index, text) {
    var element = document.createElement(tag);
    element.className = "answer a" + index;
    element.innerHTML = '<span class="shape"></span><span class="letter"></span><span class="label"></span>';
    element.children[0].textContent = SHAPES[index % SHAPES.length];
    element.children[1].textContent = letter(index);
    element.children[2].textContent = text;
    return element;
  }

  /* How many playing seats show each rank on top. */
  function topRanks(seats) {
    var ranks = {};
    seats.forEach(function (s) { if (s.status === "playing" && s.top != null) ranks[s.top % 13] = (ranks[s.top % 13] || 0) + 1; });
    return ranks;
  }

  /* A seat's top card (or an empty pile), ringed when another pile shows its rank. */
  function card(top, ranks) {
    var element = document.createElement("div");
    if (top == null) {
      element.className = "card empty";
      element.textContent = "\u2014";
      return element;
    }
    element.className = "card" + (Math.floor(top / 13) % 3 === 0 ? " black" : " red") + (ranks[top % 13] > 1 ? " match" : "");
    element.textContent = RANKS[top % 13] + SUITS[Math.floor(top / 13)];
    return element;
  }

  /* A wait, readable however long (as the terminals print it): "42 s" up to a minute, then
     "12:04", then "1:02:03". */
  function wait(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    if (s <= 60) return s + " s";
    if (s < 3600) return Math.floor(s / 60) + ":" + two(s % 60);
    return Math.floor(s / 3600) + ":" + two(Math.floor(s / 60) % 60) + ":" + two(s % 60);
  }

  /* A scheduled start (the lobby's startRule "at"), ticking: "Game starts at 20:00, in 12:04",
     once the time has passed with too few players "Past 20:00: the game starts as soon as 2
     players are here"; null for the other rules. `startsAt`: when the countdown ends (Date.now()
     milliseconds), or null. */
  function scheduled(status, startsAt) {
    if (!status || status.startRule !== "at" || !status.startTime) return null;
    if (startsAt) return "Game starts at " + status.startTime + ", in " + wait(startsAt - Date.now());
    var least = status.minimum || 1;
    return "Past " + status.startTime + ": the game starts as soon as " + (least <= 1 ? "a player is" : least + " players are") + " here";
  }

  /* ---- Pong ---- */

  /* The court's geometry in court units (docs/GAMES.md, "Pong"; Sources/Pong/Game/Court.swift). */
  var COURT = { width: 100, height: 60, paddleHeight: 12, inset: 3, ball: 1 };
  var SIDE_COLOURS = { left: "#7bdff2", right: "#ffb347" };

  /* Sizes `canvas` as big as fits `box` (an element; without one, its parent's width) keeping
     the court's proportions, sharp on any pixel ratio; returns the scale, pixels per court unit. */
  function fitCanvas(canvas, box) {
    var across = box ? Math.min(box.clientWidth, box.clientHeight * COURT.width / COURT.height) : canvas.parentNode.clientWidth;
    across = Math.max(100, Math.floor(across));
    canvas.style.width = across + "px";
    canvas.style.height = Math.floor(across * COURT.height / COURT.width) + "px";
    var ratio = window.devicePixelRatio || 1, shown = canvas.getBoundingClientRect();
    var width = Math.round(shown.width * ratio), height = Math.round(shown.height * ratio);
    if (canvas.width !== width || canvas.height !== height) { canvas.width = width; canvas.height = height; }
    return width / COURT.width;
  }

  /* Draws `court` ({ball, paddles, score, serveInMs}) on `canvas`. `names`: {left, right} (each
     side's name, written on its half: sides are told apart by words, not colour alone); `mine`:
     the side this phone plays ("left", "right" or null), marked YOU; `target`: where this phone
     asks its paddle to be (court units), drawn faintly; `fitIn`: the element it fills (fitCanvas). */
  function drawCourt(canvas, court, names, mine, target, fitIn) {
    var unit = fitCanvas(canvas, fitIn), g = canvas.getContext("2d"), w = canvas.width, h = canvas.height;
    g.fillStyle = "#0d2b22";
    g.fillRect(0, 0, w, h);
    g.strokeStyle = "rgba(255,255,255,0.35)";
    g.lineWidth = Math.max(2, unit * 0.4);
    g.setLineDash([unit * 2, unit * 2]);
    g.beginPath(); g.moveTo(w / 2, 0); g.lineTo(w / 2, h); g.stroke();
    g.setLineDash([]);
    g.textBaseline = "top";
    /* The score, big, each number on its side's half. */
    g.font = "800 " + Math.round(unit * 14) + "px system-ui, sans-serif";
    g.fillStyle = "rgba(255,255,255,0.5)";
    g.textAlign = "right"; g.fillText(String(court ? court.score.left : 0), w / 2 - unit * 5, unit * 3);
    g.textAlign = "left"; g.fillText(String(court ? court.score.right : 0), w / 2 + unit * 5, unit * 3);
    /* Each side's name (and YOU) along the bottom of its half. */
    g.font = "700 " + Math.round(unit * 4.2) + "px system-ui, sans-serif";
    g.textBaseline = "bottom";
    ["left", "right"].forEach(function (side) {
      var label = (side === mine ? "YOU \u00B7 " : "") + (names && names[side] ? names[side] : side);
      g.fillStyle = SIDE_COLOURS[side];
      g.textAlign = side === "left" ? "left" : "right";
      g.fillText(side === "left" ? "\u25C0 " + label : label + " \u25B6", side === "left" ? unit * 6 : w - unit * 6, h - unit * 1.5, w / 2 - unit * 8);
    });
    if (!court) return;
    var paddleWidth = Math.max(unit * 1.6, 4);
    ["left", "right"].forEach(function (side) {
      var face = side === "left" ? COURT.inset * unit : w - COURT.inset * unit;
      var x = side === "left" ? face - paddleWidth : face;
      var top = (court.paddles[side] - COURT.paddleHeight / 2) * unit;
      if (side === mine && target != null) {  /* where the finger asks it to go */
        g.fillStyle = "rgba(255,255,255,0.18)";
        g.fillRect(x - paddleWidth, (target - COURT.paddleHeight / 2) * unit, paddleWidth * 3, COURT.paddleHeight * unit);
      }
      g.fillStyle = SIDE_COLOURS[side];
      g.fillRect(x, top, paddleWidth, COURT.paddleHeight * unit);
      if (side === mine) { g.strokeStyle = "#fff"; g.lineWidth = Math.max(2, unit * 0.5); g.strokeRect(x, top, paddleWidth, COURT.paddleHeight * unit); }
    });
    if (court.serveInMs == null) {
      g.fillStyle = "#fff";
      g.beginPath();
      g.arc(court.ball.x * unit, court.ball.y * unit, Math.max(COURT.ball * unit * 1.2, 5), 0, Math.PI * 2);
      g.fill();
    } else {
      g.fillStyle = "#fff";
      g.font = "700 " + Math.round(unit * 5) + "px system-ui, sans-serif";
      g.textAlign = "center"; g.textBaseline = "middle";
      g.fillText("Get ready\u2026", w / 2, h / 2);
    }
  }

  return { letter: letter, answer: answer, topRanks: topRanks, card: card, wait: wait, scheduled: scheduled,
    COURT: COURT, drawCourt: drawCourt };
})();
