/* Owns finding the game's page module (docs/WEB.md, "A game's page module"): imported by the name
   the host's hello announces, never guessed from a message's shape, from the address the page
   names for it (a <link rel="modulepreload" data-game="NAME">: the module's name carrying its
   hash, kept by the browser) or else /games/NAME.mjs. The messages that arrive while it loads
   wait for it, in order (whenReady). A host with no game (the lobby alone), or a game with no
   module, leaves module() null: the pages then show the lobby only. */

/* Where `game`'s module is imported from: the href of `doc`'s link for it, else its plain path. */
export function moduleAddress(game, doc) {
  for (const link of (doc ? doc.querySelectorAll("link[data-game]") : [])) {
    if (link.getAttribute("data-game") === game) return link.getAttribute("href");
  }
  return "/games/" + encodeURIComponent(game) + ".mjs";
}

export function gameLoader() {
  let name = null, module = null, ready = Promise.resolve();
  return {
    /* Loads the module of `game` (again only when the name changes: a host runs one game). */
    load(game) {
      if (game === name) return;
      name = game;
      module = null;
      if (!game || game === "lobby") return;
      ready = import(moduleAddress(game, globalThis.document)).then((found) => { module = found; }, () => {});
    },
    module: () => module,
    /* Runs `fn` once the module asked for so far is there (or is known missing), after what was
       queued before it. */
    whenReady(fn) { ready.then(fn); },
  };
}
