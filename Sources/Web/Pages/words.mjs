/* Owns the sentences every page and game says alike: a wait ("42 s", "12:04"), a scheduled start,
   plurals, a capital letter, a name by id. Pure: `now` (Date.now() milliseconds) is passed in. */

/* A wait, readable however long (as the terminals print it): "42 s" up to a minute, then
   "12:04", then "1:02:03". */
export function wait(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const two = (n) => (n < 10 ? "0" : "") + n;
  if (s <= 60) return s + " s";
  if (s < 3600) return Math.floor(s / 60) + ":" + two(s % 60);
  return Math.floor(s / 3600) + ":" + two(Math.floor(s / 60) % 60) + ":" + two(s % 60);
}

/* Whole seconds left until `until` (never below 0). */
export function secondsLeft(until, now) {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/* A scheduled start (the lobby's startRule "at"), ticking: "Game starts at 20:00, in 12:04",
   once the time has passed with too few players "Past 20:00: the game starts as soon as 2
   players are here"; null for the other rules. `startsAt`: when the countdown ends, or null. */
export function scheduled(status, startsAt, now) {
  if (!status || status.startRule !== "at" || !status.startTime) return null;
  if (startsAt) return "Game starts at " + status.startTime + ", in " + wait(startsAt - now);
  const least = status.minimum || 1;
  return "Past " + status.startTime + ": the game starts as soon as " + (least <= 1 ? "a player is" : least + " players are") + " here";
}

export function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }

export function capital(s) { return s ? s.charAt(0).toUpperCase() + s.slice(1) : s; }

/* A player's name from a roster {id: name}, or "#7" for one not (or no longer) in it. */
export function nameIn(roster, id) { return roster[id] || "#" + id; }
