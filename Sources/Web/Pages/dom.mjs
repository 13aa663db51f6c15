/* Owns the DOM for every page: finding elements, a banner, a socket's address, and the thin
   binder between views and the document. A view is data, not DOM:
   h("button", {id: "flip", on: {click: f}}, "FLIP") describes an element, and
   patch(container, nodes) makes the container's children match a list of descriptions, keeping
   the elements that stay (same tag and id at the same place), so a button
   pressed while a countdown redraws keeps its press. The game modules return views and never
   touch the document, so Tests/js reads them in Node without a browser.

   A description: {tag, props, children}; children are descriptions or strings. Props: `id`,
   `class`, `hidden`, `disabled`, `on` ({event: handler}, set as element.onEVENT: no inline
   handler, as the page's Content-Security-Policy wants), `draw` (called with the element after
   each patch: a canvas), anything else an attribute (`aria-label`, `data-tick`). */

/* An element description; null, false and nested arrays among the children are dropped/flattened. */
export function h(tag, props, ...children) {
  return { tag: tag, props: props || {}, children: flatten(children) };
}

function flatten(items) {
  const out = [];
  for (const item of items) {
    if (item === null || item === undefined || item === false) continue;
    if (Array.isArray(item)) out.push(...flatten(item));
    else out.push(typeof item === "object" ? item : String(item));
  }
  return out;
}

/* The text a description shows, as a person reads it (children's texts joined). */
export function textOf(node) {
  if (node === null || node === undefined) return "";
  if (typeof node === "string") return node;
  return node.children.map(textOf).join("");
}

/* The first description with `id` in a tree, or null. */
export function byId(node, id) {
  if (!node || typeof node === "string") return null;
  if (node.props.id === id) return node;
  for (const child of node.children) {
    const found = byId(child, id);
    if (found) return found;
  }
  return null;
}

/* Every description in a tree whose class list has `name`. */
export function byClass(node, name, out = []) {
  if (!node || typeof node === "string") return out;
  if ((" " + (node.props.class || "") + " ").indexOf(" " + name + " ") >= 0) out.push(node);
  for (const child of node.children) byClass(child, name, out);
  return out;
}

/* ---- The document ---- */

export const $ = (id) => document.getElementById(id);

/* The WebSocket address of `path` on the host that served this page. */
export function socketURL(path) {
  return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + path;
}

export function text(id, value) {
  const element = $(id);
  if (element.textContent !== value) element.textContent = value;
}

/* A function that calls `draw` at the next frame, once however often it is called before then
   (Pong's court comes 60 a second; a countdown ticks). */
export function onNextFrame(draw) {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    requestAnimationFrame(() => { asked = false; draw(); });
  };
}

/* Shows the element `shown` of `ids` and hides the others. */
export function showOnly(ids, shown) {
  for (const id of ids) $(id).hidden = id !== shown;
}

/* A banner in `element`: notice(message, seconds) shows it for a few seconds, or until cleared
   (seconds 0); notice(null) clears it. */
export function banner(element) {
  let timer = null;
  return function notice(message, seconds) {
    clearTimeout(timer);
    element.hidden = !message;
    element.textContent = message || "";
    if (message && seconds) timer = setTimeout(() => notice(null), seconds * 1000);
  };
}

/* Makes `parent`'s children match `nodes` (descriptions and strings). */
export function patch(parent, nodes) {
  const list = flatten(Array.isArray(nodes) ? nodes : [nodes]);
  list.forEach((node, index) => {
    const existing = parent.childNodes[index];
    if (typeof node === "string") {
      if (existing && existing.nodeType === 3) { if (existing.data !== node) existing.data = node; }
      else put(parent, document.createTextNode(node), existing);
      return;
    }
    let element = existing;
    if (!(existing && existing.nodeType === 1 && existing.localName === node.tag && (existing.id || "") === (node.props.id || ""))) {
      element = document.createElement(node.tag);
      put(parent, element, existing);
    }
    update(element, node);
  });
  while (parent.childNodes.length > list.length) parent.removeChild(parent.lastChild);
}

function put(parent, element, existing) {
  if (existing) parent.replaceChild(element, existing);
  else parent.appendChild(element);
}

const PROPERTIES = { id: "id", class: "className", hidden: "hidden", disabled: "disabled" };

function update(element, node) {
  const props = node.props, before = element.snapProps || {};
  for (const key in before) {
    if (!(key in props) && !(key in PROPERTIES) && key !== "on" && key !== "draw") element.removeAttribute(key);
  }
  for (const key in PROPERTIES) {  /* described or not: one no longer described goes back to none */
    const value = props[key], property = PROPERTIES[key];
    const wanted = key === "hidden" || key === "disabled" ? !!value : value || "";
    if (element[property] !== wanted) element[property] = wanted;
  }
  for (const key in props) {
    const value = props[key];
    if (key === "on" || key === "draw" || key in PROPERTIES) continue;
    if (value === null || value === undefined || value === false) {
      element.removeAttribute(key);
    } else if (element.getAttribute(key) !== String(value)) {
      element.setAttribute(key, String(value));
    }
  }
  const on = props.on || {}, had = before.on || {};
  for (const event in had) if (!(event in on)) element["on" + event] = null;
  for (const event in on) element["on" + event] = on[event];
  element.snapProps = props;
  patch(element, node.children);
  if (props.draw) props.draw(element);
}
