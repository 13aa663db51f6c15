/* A snap-host player over a WebSocket (docs/PROTOCOL.md; docs/WEB.md): the handshake with the
   join-code proof, heartbeats with clock stamps, game messages, and (version 3) the real-time
   states, latest-wins per key. One instance is one link: the one implementation of the player's
   protocol in the pages. */
import { socketURL } from "./dom.mjs";

export const SnapLink = (function () {
  var CONTEXT = "snap-host join v1";
  /* The protocol versions this page speaks, best first: 4 lists only the first players (and says
     how many there are), 3 adds states, 2 resume tokens. */
  var VERSIONS = [4, 3, 2, 1];

  /* The page's monotonic clock in microseconds (heartbeats, and when an answer was pressed). */
  function now() {
    return Math.round(performance.now() * 1000);
  }

  function base64ToBytes(text) {
    var raw = atob(text), out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }

  function bytesToBase64(bytes) {
    var raw = "";
    for (var i = 0; i < bytes.length; i++) raw += String.fromCharCode(bytes[i]);
    return btoa(raw);
  }

  /* A promise of base64(HMAC-SHA256(code, "snap-host join v1" || nonce)). The hash's module is
     loaded only for a host that asks for a join code, so a phone joining a game without one never
     downloads it (a first visit's bytes: docs/WEB.md). */
  var sha256 = null;
  function proof(code, nonceBase64) {
    sha256 = sha256 || import("./sha256.mjs");
    return sha256.then(function (module) {
      var Sha256 = module.Sha256;
      return bytesToBase64(Sha256.hmac(Sha256.utf8(code), Sha256.concat(Sha256.utf8(CONTEXT), base64ToBytes(nonceBase64))));
    });
  }

  /* The seat this phone holds (protocol version 2): {serverId, name, token} in localStorage, so a
     page closed, reloaded or woken from sleep takes the seat back (same name, score and cards)
     while the host keeps it. One phone, one seat. */
  var SEAT = "snap.seat";
  function savedSeat() {
    try { return JSON.parse(localStorage.getItem(SEAT) || "null"); } catch (e) { return null; }
  }
  function saveSeat(serverId, name, token) {
    localStorage.setItem(SEAT, JSON.stringify({ serverId: serverId, name: name, token: token }));
  }
  function forgetSeat() { localStorage.removeItem(SEAT); }

  /* handlers: hello(serverHello) -> false to stop (e.g. a code is needed), welcome(msg),
     deny(reason, detail, suggestion), bye(reason, detail), joined(peer), left(peer, reason), away(peer),
     back(peer), app(body, from), state(key, body, from) (a real-time state newer than any before
     of its key; version 3), closed() (the link ended without deny or bye). */
  function Link(name, code, handlers) {
    this.name = name;
    this.code = code;
    this.serverId = null;
    this.handlers = handlers;
    this.ended = false;
    this.version = 0;
    /* Version 3: the newest state number heard per key (older ones are dropped), and the
       numbers of this link's own states per key (from 1). */
    this.heard = {};
    this.numbered = {};
    var socket = new WebSocket(socketURL("/ws"));
    this.socket = socket;
    var self = this;
    socket.onmessage = function (event) { self.receive(event.data); };
    socket.onclose = function () {
      if (!self.ended) {
        self.ended = true;
        self.handlers.closed();
      }
    };
  }

  Link.prototype.send = function (message) {
    if (this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
  };

  /* Sends a game message to the host's game. */
  Link.prototype.sendApp = function (body) {
    this.send({ type: "app", body: body });
  };

  /* Sends a real-time state of `key` (latest-wins: the host keeps only the newest of each key).
     Below version 3 the body goes as a game message instead, which the game reads alike. */
  Link.prototype.sendState = function (key, body) {
    if (this.version < 3) { this.sendApp(body); return; }
    var seq = (this.numbered[key] || 0) + 1;
    this.numbered[key] = seq;
    this.send({ type: "state", key: key, seq: seq, body: body });
  };

  /* Leaves: bye userQuit, then close. */
  Link.prototype.quit = function () {
    if (this.ended) return;
    this.ended = true;
    this.send({ type: "bye", reason: "userQuit" });
    this.socket.close(1000);
  };

  /* Closes without a word (the page goes away; the host sees the link drop). */
  Link.prototype.abandon = function () {
    this.ended = true;
    try { this.socket.close(1000); } catch (e) { /* already closed */ }
  };

  Link.prototype.finish = function (callback) {
    if (this.ended) return;
    this.ended = true;
    callback();
    try { this.socket.close(1000); } catch (e) { /* already closed */ }
  };

  Link.prototype.receive = function (text) {
    var received = now(), message;
    try { message = JSON.parse(text); } catch (e) { return; }
    var h = this.handlers, self = this;
    switch (message.type) {
      case "serverHello":
        var version = 0;
        for (var i = 0; i < VERSIONS.length && !version; i++) if (message.versions.indexOf(VERSIONS[i]) >= 0) version = VERSIONS[i];
        if (!version) {
          this.finish(function () { h.deny("versionMismatch", "the host speaks protocol versions " + message.versions.join(", ")); });
          return;
        }
        if (h.hello(message) === false) { this.abandon(); return; }
        this.serverId = message.serverId;
        this.version = version;
        var hello = { type: "clientHello", version: version, name: this.name };
        var seat = savedSeat();
        if (version >= 2 && seat && seat.serverId === message.serverId && seat.name.toLowerCase() === this.name.toLowerCase()) {
          hello.resume = seat.token;
        }
        if (!message.joinCodeRequired) { this.send(hello); break; }
        proof(this.code || "", message.nonce).then(function (proved) {
          if (self.ended) return;
          hello.proof = proved;
          self.send(hello);
        }, function () { self.finish(function () { h.closed(); }); });
        break;
      case "welcome":  /* version 3's datagram offer is UDP, which a page cannot use: states stay on this link */
        if (message.resumeToken) saveSeat(this.serverId, message.you.name, message.resumeToken);
        h.welcome(message);
        break;
      case "deny": this.finish(function () { h.deny(message.reason, message.detail, message.suggestion); }); break;
      case "bye": this.finish(function () { h.bye(message.reason, message.detail); }); break;
      case "joined": h.joined(message.peer); break;
      case "left": h.left(message.peer, message.reason); break;
      case "away": h.away(message.peer); break;
      case "back": h.back(message.peer); break;
      case "ping":
        this.send({ type: "pong", seq: message.seq, sent: message.sent, received: received, replied: now() });
        break;
      case "app": h.app(message.body, message.from); break;
      case "state":
        if (typeof message.key !== "string" || typeof message.seq !== "number") break;
        if (this.heard[message.key] !== undefined && message.seq <= this.heard[message.key]) break;  /* older: dropped */
        this.heard[message.key] = message.seq;
        if (h.state) h.state(message.key, message.body, message.from);
        break;
      default: break;
    }
  };

  return { Link: Link, now: now, proof: proof, savedSeat: savedSeat, forgetSeat: forgetSeat };
})();
