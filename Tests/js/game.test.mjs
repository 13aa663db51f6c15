/* Where the pages import the game's module from (Sources/Web/Pages/game.mjs): the hashed name the
   page's <link rel="modulepreload" data-game> carries, else /games/NAME.mjs. A fake document of
   a few lines. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { moduleAddress } from "../../Sources/Web/Pages/game.mjs";

function page(...links) {
  return {
    querySelectorAll(selector) {
      assert.equal(selector, "link[data-game]");
      return links.map((attributes) => ({ getAttribute: (name) => (name in attributes ? attributes[name] : null) }));
    },
  };
}

test("the page's link for the game names the module's address", () => {
  const doc = page({ "data-game": "snap", href: "/games/snap.0011223344556677.mjs" },
    { "data-game": "trivia", href: "/games/trivia.8899aabbccddeeff.mjs" });
  assert.equal(moduleAddress("trivia", doc), "/games/trivia.8899aabbccddeeff.mjs");
  assert.equal(moduleAddress("snap", doc), "/games/snap.0011223344556677.mjs");
});

test("without a link for the game (an old page, no document) the plain path", () => {
  assert.equal(moduleAddress("pong", page({ "data-game": "trivia", href: "/games/trivia.8899aabbccddeeff.mjs" })), "/games/pong.mjs");
  assert.equal(moduleAddress("pong", page()), "/games/pong.mjs");
  assert.equal(moduleAddress("a b", undefined), "/games/a%20b.mjs");
});
