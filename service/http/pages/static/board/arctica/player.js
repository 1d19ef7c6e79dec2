// One seat's ecosystem: hand, Flora, the long and short columns of cards, the generation wheels,
// the supply and the release area.
import { h } from "../../dom.js";
import { playerName, word } from "../../words.js";
import { card } from "./card.js";
import { seatBadge, token } from "./token.js";

const FAMILIES = ["marine_mammal", "terrestrial_mammal", "invertebrate", "bird", "fish"];

/** The seats the table waits for (the view's ``to_play``; a view stored before it: its active seat). */
export function toPlay(view) {
  if (Array.isArray(view.to_play)) return view.to_play;
  return view.active_seat !== null && view.active_seat !== undefined ? [view.active_seat] : [];
}

function slot(ctx, seat, value) {
  if (!value) return h("span", { class: "slot-empty", title: word(ctx, "empty") });
  if (value === "flora") return h("span", { class: "flora-token", "data-flora": "1", title: word(ctx, "flora") });
  return token(ctx, seat, value);
}

export function player(ctx, view, known, seat, p) {
  const active = toPlay(view).includes(seat) && view.phase !== "finished";
  const name = playerName(ctx, seat);
  return h("section", { class: "player" + (active ? " active" : ""), "data-seat": seat, "aria-label": name },
    h("h3", {}, seatBadge(ctx, seat), " " + name, active ? h("em", { text: " · " + word(ctx, "active") }) : null),
    h("div", { class: "row" },
      h("div", { class: "hand", "data-count": p.hand_size }, h("h4", { text: word(ctx, "hand") }),
        h("span", { class: "count", text: p.hand_size }), p.hand ? h("div", { class: "cards" }, p.hand.map((c) => card(ctx, known, c))) : null),
      h("div", {}, h("h4", { text: word(ctx, "flora") }), h("span", { class: "count", "data-flora": p.release_flora, text: p.release_flora }))),
    h("div", { class: "columns" }, ["long_column", "short_column"].map((zone) => h("div", { class: zone },
      h("h4", { text: word(ctx, zone) }), h("div", { class: "cards" }, p[zone].map((c) => card(ctx, known, c)))))),
    h("div", { class: "wheels" }, ["long_wheel", "short_wheel"].map((zone) => h("div", { class: "wheel " + zone },
      h("h4", { text: word(ctx, zone) }), p[zone].map((s) => slot(ctx, seat, s))))),
    h("div", { class: "row" },
      h("div", {}, h("h4", { text: word(ctx, "supply") }), h("ul", { class: "supply" }, FAMILIES.map((f, i) =>
        h("li", { "data-family": f, "data-supply": p.supply[i] }, token(ctx, seat, f), " " + word(ctx, "arctica_" + f) + " × " + p.supply[i])))),
      h("div", {}, h("h4", { text: word(ctx, "release") }), h("ul", { class: "release" }, FAMILIES.map((f, i) => p.release[i]
        ? h("li", { "data-family": f, "data-release": p.release[i], text: word(ctx, "arctica_" + f) + " × " + p.release[i] }) : null)))));
}
