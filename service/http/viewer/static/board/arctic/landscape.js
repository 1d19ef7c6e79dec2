// The landscape row: six cards valued 0 to 15 and the six animal tokens standing on them.
import { capitalise, el, part, word } from "../dom.js";
import { animal } from "./card.js";

const VALUES = [0, 1, 3, 6, 10, 15]; // printed on the landscape cards (§1)

export function landscape(ctx, view) {
  const columns = VALUES.map((value, position) => el("div", { class: "landscape-card", "data-position": position },
    el("b", { text: value }),
    Object.entries(view.tokens).filter(([, at]) => at === position).map(([a]) =>
      el("span", { class: "token animal-" + a, "data-token": a, "data-position": position, text: capitalise(animal(ctx, a)) }))));
  return part("landscape", word(ctx, "landscape"), 2, el("div", { class: "track" }, columns));
}
