// One seat's ecosystem: hand, Flora, the long and short columns of cards, the generation wheels,
// the supply and the release area.
import { el, playerName, word } from "../dom.js";
import { card } from "./card.js";
import { seatBadge, token } from "./token.js";

const FAMILIES = ["marine_mammal", "terrestrial_mammal", "invertebrate", "bird", "fish"];

/** The seats the table waits for (the view's ``to_play``; a view stored before it: its active seat). */
export function toPlay(view) {
  if (Array.isArray(view.to_play)) return view.to_play;
  return view.active_seat !== null && view.active_seat !== undefined ? [view.active_seat] : [];
}

function slot(ctx, seat, value) {
  if (!value) return el("span", { class: "slot-empty", title: word(ctx, "empty") });
  if (value === "flora") return el("span", { class: "flora-token", "data-flora": "1", title: word(ctx, "flora") });
  return token(ctx, seat, value);
}

export function player(ctx, view, known, seat, p) {
  const active = toPlay(view).includes(seat) && view.phase !== "finished";
  const name = playerName(ctx, seat);
  return el("section", { class: "player" + (active ? " active" : ""), "data-seat": seat, "aria-label": name },
    el("h3", {}, seatBadge(ctx, seat), " " + name, active ? el("em", { text: " · " + word(ctx, "active") }) : null),
    el("div", { class: "row" },
      el("div", { class: "hand", "data-count": p.hand_size }, el("h4", { text: word(ctx, "hand") }),
        el("span", { class: "count", text: p.hand_size }), p.hand ? el("div", { class: "cards" }, p.hand.map((c) => card(ctx, known, c))) : null),
      el("div", {}, el("h4", { text: word(ctx, "flora") }), el("span", { class: "count", "data-flora": p.release_flora, text: p.release_flora }))),
    el("div", { class: "columns" }, ["long_column", "short_column"].map((zone) => el("div", { class: zone },
      el("h4", { text: word(ctx, zone) }), el("div", { class: "cards" }, p[zone].map((c) => card(ctx, known, c)))))),
    el("div", { class: "wheels" }, ["long_wheel", "short_wheel"].map((zone) => el("div", { class: "wheel " + zone },
      el("h4", { text: word(ctx, zone) }), p[zone].map((s) => slot(ctx, seat, s))))),
    el("div", { class: "row" },
      el("div", {}, el("h4", { text: word(ctx, "supply") }), el("ul", { class: "supply" }, FAMILIES.map((f, i) =>
        el("li", { "data-family": f, "data-supply": p.supply[i] }, token(ctx, seat, f), " " + word(ctx, "arctica_" + f) + " × " + p.supply[i])))),
      el("div", {}, el("h4", { text: word(ctx, "release") }), el("ul", { class: "release" }, FAMILIES.map((f, i) => p.release[i]
        ? el("li", { "data-family": f, "data-release": p.release[i], text: word(ctx, "arctica_" + f) + " × " + p.release[i] }) : null)))));
}
