/* What the phone and the TV draw alike: answers told apart by letter and shape as well as
   colour, playing cards, and how long until the game starts. */
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

  return { letter: letter, answer: answer, topRanks: topRanks, card: card, wait: wait, scheduled: scheduled };
})();
