// The map: its three regions, each cut into three sub-regions, with their spaces coloured by the
// family that may settle there and the token settled on each.
import { h } from "../../dom.js";
import { part, word } from "../../words.js";
import { token } from "./token.js";

export function map(ctx, view) {
  const board = view.board;
  const regions = board.regions.map((region, r) => h("section", { class: "region", "aria-label": region.name },
    h("h3", { text: region.name }),
    region.subregions.map((name, s) => h("div", { class: "subregion" }, h("h4", { text: name }),
      board.map.map((space, i) => ({ space, i })).filter(({ space }) => space.region === r && space.subregion === s).map(({ space, i }) => {
        const held = view.map[i];
        return h("span", { class: "space family-" + space.family, "data-map": i, title: word(ctx, "space") + " " + (i + 1) + " · " + word(ctx, "arctica_" + space.family) },
          held ? token(ctx, held[0], held[1]) : null);
      })))));
  return part("map", word(ctx, "map"), 2, h("div", { class: "regions" }, regions));
}
