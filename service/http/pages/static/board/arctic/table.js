// The middle of the table: the River's six slots (numbered 1 to 6), the draw pile and reserve, the power cards.
import { h } from "../../dom.js";
import { capitalise, part, playerName, word } from "../../words.js";
import { animal, card } from "./card.js";

export function river(ctx, view) {
  // numbered 1 to 6 as the table and the timeline say them ("River slot 3")
  const slots = view.river.map((id, i) => h("div", { class: "slot", "data-slot": i },
    h("span", { class: "slot-n", text: i + 1 }),
    id ? card(ctx, view, id) : h("div", { class: "card empty", text: word(ctx, view.river_unrevealed.includes(i) ? "hidden" : "empty") })));
  return part("river-box", word(ctx, "river"), 2, h("div", { class: "river" }, slots));
}

export function stock(ctx, view) {
  return h("section", { class: "stock", "aria-label": word(ctx, "draw_pile") },
    h("h2", { text: word(ctx, "draw_pile") }), h("span", { class: "count", "data-draw-pile": view.draw_pile_count, text: view.draw_pile_count }),
    h("h2", { text: word(ctx, "reserve") }), h("span", { class: "count", "data-reserve": view.reserve_count, text: view.reserve_count }));
}

export function powers(ctx, view) {
  const items = Object.entries(view.power_holders).map(([a, holder]) => {
    const side = view.power_sides[a] || "";
    return h("li", { class: "power-card animal-" + a, "data-power": a, "data-side": side, "data-holder": holder === null ? "" : holder },
      h("b", { text: capitalise(animal(ctx, a)) + (side ? " " + side : "") }), " · ",
      holder === null ? word(ctx, "centre") : playerName(ctx, holder));
  });
  return part("powers", word(ctx, "powers"), 2, h("ul", {}, items));
}
