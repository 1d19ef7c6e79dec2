// One Arctica card as printed: cost (top left) and biodiversity points (top right), both labelled,
// its name (the label the timeline writes), family and generation.
import { el, word } from "../dom.js";

export function faces(view) {
  const out = new Map();
  for (const c of (view.board && view.board.cards) || []) out.set(c.id, c);
  return out;
}

export function card(ctx, known, id) {
  if (id === null || id === undefined) return el("div", { class: "card back", role: "img", "aria-label": word(ctx, "hidden"), title: word(ctx, "hidden") });
  const c = known.get(id);
  if (!c) return el("div", { class: "card", "data-card": id, title: word(ctx, "unknown_card") }, el("span", { class: "name", text: word(ctx, "unknown_card") }));
  const family = word(ctx, "arctica_" + c.family);
  const generation = word(ctx, "generation_" + c.generation);
  const full = c.name + " · " + family + " · " + generation + " · " + word(ctx, "cost") + " " + c.cost + " · " + c.bp + " " + word(ctx, "bp");
  return el("div", { class: "card headed family-" + c.family, "data-card": id, title: full, role: "img", "aria-label": full },
    el("span", { class: "top", "aria-hidden": "true" },
      el("span", { class: "cost" }, el("small", { text: word(ctx, "cost") }), " " + c.cost),
      el("span", { class: "bp" }, String(c.bp), el("small", { text: " " + word(ctx, "bp") }))),
    el("span", { class: "name", "aria-hidden": "true", text: c.name }),
    el("span", { class: "companion", "aria-hidden": "true", text: family + " · " + generation }));
}
