// The one way the pages build the DOM (the viewer, the recorder and the boards they share): elements and
// text nodes, attributes through setAttribute, never HTML from data, so that no name or note of a game can
// become markup.
//   h("li", { class: "entry", dataset: { step: 3 }, onclick: pick, "aria-current": "step" }, "text", child)
// Attributes: `on…` adds a listener, `dataset` fills data-*, `class` (or `className`) the class, `text` the
// text content; null, undefined and false leave an attribute out, true writes it empty (a boolean
// attribute). Children: nodes, or text; arrays are flattened; null, undefined and false are left out.
const SVG = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (name === "text") node.textContent = String(value);
    else node.setAttribute(name === "className" ? "class" : name, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element. */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, built the same way. */
export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG, tag), attrs, children);
}

/** `box`'s children replaced by `children`, the focus (and the caret) kept where a person was typing: a form
 * drawn again when an answer arrives (a list fetched, a move synced) must not take the field from under their
 * fingers. The field is found again by its id; the text typed is the page's own state, drawn in again. */
export function redraw(box, ...children) {
  const active = document.activeElement;
  const id = active && active !== document.body && box.contains(active) ? active.id : "";
  const caret = id && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
  box.replaceChildren(...children);
  const again = id ? document.getElementById(id) : null;
  if (!again || again === active) return;
  again.focus({ preventScroll: true });
  if (caret) {
    try { again.setSelectionRange(...caret); } catch { /* a field without a caret */ }
  }
}
