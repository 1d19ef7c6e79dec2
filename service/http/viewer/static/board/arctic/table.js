// The middle of the table: the River's six slots (numbered 1 to 6), the draw pile and reserve, the power cards.
import { capitalise, el, part, playerName, word } from "../dom.js";
import { animal, card } from "./card.js";

export function river(ctx, view) {
  // numbered 1 to 6 as the table and the timeline say them ("River slot 3")
  const slots = view.river.map((id, i) => el("div", { class: "slot", "data-slot": i },
    el("span", { class: "slot-n", text: i + 1 }),
    id ? card(ctx, view, id) : el("div", { class: "card empty", text: word(ctx, view.river_unrevealed.includes(i) ? "hidden" : "empty") })));
  return part("river-box", word(ctx, "river"), 2, el("div", { class: "river" }, slots));
}

export function stock(ctx, view) {
  return el("section", { class: "stock", "aria-label": word(ctx, "draw_pile") },
    el("h2", { text: word(ctx, "draw_pile") }), el("span", { class: "count", "data-draw-pile": view.draw_pile_count, text: view.draw_pile_count }),
    el("h2", { text: word(ctx, "reserve") }), el("span", { class: "count", "data-reserve": view.reserve_count, text: view.reserve_count }));
}

export function powers(ctx, view) {
  const items = Object.entries(view.power_holders).map(([a, holder]) => {
    const side = view.power_sides[a] || "";
    return el("li", { class: "power-card animal-" + a, "data-power": a, "data-side": side, "data-holder": holder === null ? "" : holder },
      el("b", { text: capitalise(animal(ctx, a)) + (side ? " " + side : "") }), " · ",
      holder === null ? word(ctx, "centre") : playerName(ctx, holder));
  });
  return part("powers", word(ctx, "powers"), 2, el("ul", {}, items));
}
