// DOM building for the boards: text goes in through text nodes and attributes through setAttribute,
// never through innerHTML, so that no name or note of a game can become markup.
const SVG = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else node.setAttribute(key === "className" ? "class" : key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: el("div", {class: "card", "data-card": id}, child, "text", …). */
export function el(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, built the same way. */
export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG, tag), attrs, children);
}

/** A word of the viewer in the reader's language (ctx.words), the key itself when unknown. */
export function word(ctx, key, fields) {
  let text = (ctx.words && ctx.words[key]) || key.replace(/^[a-z]+_/, "").replace(/_/g, " ");
  for (const [name, value] of Object.entries(fields || {})) text = text.split("{" + name + "}").join(String(value));
  return text;
}

/** A player by name (ctx.players, by seat); "Player 2" (1-based) when the name is unknown. */
export function playerName(ctx, seat) {
  const names = ctx.players || [];
  return seat >= 0 && seat < names.length ? names[seat] : word(ctx, "player") + " " + (seat + 1);
}

/** Whom the table waits for, said: "Siku, Aputsiaq to play", "the table decides", or nothing. */
export function waitingFor(ctx, seats, table) {
  if (table) return word(ctx, "table_to_play");
  if (!seats.length) return null;
  const verb = seats.length > 1 && ctx.words && ctx.words.active_many ? "active_many" : "active";
  return seats.map((s) => playerName(ctx, s)).join(", ") + " " + word(ctx, verb);
}

/** A section of the board with its heading (the page's h1 is the game, h2 its parts). */
export function part(className, title, level, ...children) {
  return el("section", { class: className, "aria-label": title }, el("h" + level, { text: title }), ...children);
}

export function capitalise(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
