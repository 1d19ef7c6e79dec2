// One Arctica card as printed: cost (top left) and biodiversity points (top right), both labelled,
// its name (the label the timeline writes), family and generation.
import { h } from "../../dom.js";
import { word } from "../../words.js";

export function faces(view) {
  const out = new Map();
  for (const c of (view.board && view.board.cards) || []) out.set(c.id, c);
  return out;
}

export function card(ctx, known, id) {
  if (id === null || id === undefined) return h("div", { class: "card back", role: "img", "aria-label": word(ctx, "hidden"), title: word(ctx, "hidden") });
  const c = known.get(id);
  if (!c) return h("div", { class: "card", "data-card": id, title: word(ctx, "unknown_card") }, h("span", { class: "name", text: word(ctx, "unknown_card") }));
  const family = word(ctx, "arctica_" + c.family);
  const generation = word(ctx, "generation_" + c.generation);
  const full = c.name + " · " + family + " · " + generation + " · " + word(ctx, "cost") + " " + c.cost + " · " + c.bp + " " + word(ctx, "bp");
  return h("div", { class: "card headed family-" + c.family, "data-card": id, title: full, role: "img", "aria-label": full },
    h("span", { class: "top", "aria-hidden": "true" },
      h("span", { class: "cost" }, h("small", { text: word(ctx, "cost") }), " " + c.cost),
      h("span", { class: "bp" }, String(c.bp), h("small", { text: " " + word(ctx, "bp") }))),
    h("span", { class: "name", "aria-hidden": "true", text: c.name }),
    h("span", { class: "companion", "aria-hidden": "true", text: family + " · " + generation }));
}
