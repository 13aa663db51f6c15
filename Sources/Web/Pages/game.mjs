/* Owns finding the game's page module (docs/WEB.md, "A game's page module"): imported from
   /games/NAME.mjs by the name the host's hello announces, never guessed from a message's shape.
   The messages that arrive while it loads wait for it, in order (whenReady). A host with no game
   (the lobby alone), or a game with no module, leaves module() null: the pages then show the
   lobby only. */
export function gameLoader() {
  let name = null, module = null, ready = Promise.resolve();
  return {
    /* Loads the module of `game` (again only when the name changes: a host runs one game). */
    load(game) {
      if (game === name) return;
      name = game;
      module = null;
      if (!game || game === "lobby") return;
      ready = import("/games/" + encodeURIComponent(game) + ".mjs").then((found) => { module = found; }, () => {});
    },
    module: () => module,
    /* Runs `fn` once the module asked for so far is there (or is known missing), after what was
       queued before it. */
    whenReady(fn) { ready.then(fn); },
  };
}
