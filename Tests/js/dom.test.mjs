/* The binder between views and the document (Sources/Web/Pages/dom.mjs), on a fake document of
   a few lines: patch keeps the elements that stay (a press survives a redraw), replaces the rest,
   sets handlers as properties (no inline handler for the Content-Security-Policy to block). */
import { test } from "node:test";
import assert from "node:assert/strict";
import { h, patch, textOf, byId } from "../../Sources/Web/Pages/dom.mjs";

class FakeNode {
  constructor(type, name) { this.nodeType = type; this.localName = name; this.childNodes = []; this.attributes = {}; this.id = ""; this.className = ""; this.hidden = false; this.disabled = false; }
  get lastChild() { return this.childNodes[this.childNodes.length - 1]; }
  appendChild(node) { this.childNodes.push(node); return node; }
  replaceChild(node, old) { this.childNodes[this.childNodes.indexOf(old)] = node; return old; }
  removeChild(node) { this.childNodes.splice(this.childNodes.indexOf(node), 1); return node; }
  setAttribute(name, value) { this.attributes[name] = value; }
  getAttribute(name) { return name in this.attributes ? this.attributes[name] : null; }
  removeAttribute(name) { delete this.attributes[name]; }
}
globalThis.document = {
  createElement: (tag) => new FakeNode(1, tag),
  createTextNode: (data) => Object.assign(new FakeNode(3, "#text"), { data: data }),
};

test("h flattens its children and drops the empty ones; textOf reads a view as a person would", () => {
  const view = h("p", { id: "x" }, "a", null, false, ["b", [h("span", null, 3)]]);
  assert.equal(view.children.length, 3);
  assert.equal(textOf(view), "ab3");
  assert.equal(byId(h("div", null, view), "x"), view);
});

test("patch keeps an element that stays, with its handler replaced, and updates its text and attributes", () => {
  const root = new FakeNode(1, "div");
  let pressed = 0;
  patch(root, [h("button", { id: "flip", class: "big", disabled: true, "aria-label": "flip" }, "FLIP 1")]);
  const button = root.childNodes[0];
  assert.equal(button.disabled, true);
  assert.equal(button.getAttribute("aria-label"), "flip");
  patch(root, [h("button", { id: "flip", class: "big go", on: { click: () => { pressed += 1; } } }, "FLIP 2")]);
  assert.equal(root.childNodes[0], button, "the same element: a press in progress is kept");
  assert.equal(button.className, "big go");
  assert.equal(button.disabled, false);
  assert.equal(button.getAttribute("aria-label"), null, "an attribute no longer described is removed");
  assert.equal(button.childNodes[0].data, "FLIP 2");
  button.onclick();
  assert.equal(pressed, 1);
  patch(root, [h("button", { id: "flip" }, "FLIP 3")]);
  assert.equal(button.onclick, null, "a handler no longer described is removed");
});

test("patch replaces an element of another tag or id, removes the extra ones, and draws a canvas", () => {
  const root = new FakeNode(1, "section");
  patch(root, [h("p", { id: "a" }, "one"), h("p", { id: "b" }, "two"), "tail"]);
  const first = root.childNodes[0];
  let drawn = null;
  patch(root, [h("p", { id: "c" }, "three"), h("canvas", { id: "court", draw: (element) => { drawn = element; } })]);
  assert.equal(root.childNodes.length, 2);
  assert.notEqual(root.childNodes[0], first);
  assert.equal(root.childNodes[0].id, "c");
  assert.equal(drawn, root.childNodes[1]);
});
