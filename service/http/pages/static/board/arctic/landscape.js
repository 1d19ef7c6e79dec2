// The landscape row: six cards valued 0 to 15 and the six animal tokens standing on them.
import { h } from "../../dom.js";
import { capitalise, part, word } from "../../words.js";
import { animal } from "./card.js";

const VALUES = [0, 1, 3, 6, 10, 15]; // printed on the landscape cards (§1)

export function landscape(ctx, view) {
  const columns = VALUES.map((value, position) => h("div", { class: "landscape-card", "data-position": position },
    h("b", { text: value }),
    Object.entries(view.tokens).filter(([, at]) => at === position).map(([a]) =>
      h("span", { class: "token animal-" + a, "data-token": a, "data-position": position, text: capitalise(animal(ctx, a)) }))));
  return part("landscape", word(ctx, "landscape"), 2, h("div", { class: "track" }, columns));
}
