// One seat's side of the table: visible card, pile cut into runs of one animal, hand, penalty zone,
// totem and the power cards it holds.
import { h } from "../../dom.js";
import { capitalise, playerName, word } from "../../words.js";
import { animal, card } from "./card.js";

function runs(ctx, view, p) {
  const out = [];
  p.pile.forEach((id, i) => {
    const face = id ? (view.cards || {})[id] : null;
    const name = face ? face.animal : "hidden";
    const last = out[out.length - 1];
    const c = card(ctx, view, id, p.pile_face_down[i]);
    if (last && last.name === name) last.cards.push(c);
    else out.push({ name, cards: [c] });
  });
  if (!out.length) return h("span", { class: "muted", text: word(ctx, "empty") });
  return out.map((r) => h("div", { class: "run", "data-animal": r.name, "data-length": r.cards.length }, r.cards));
}

function zone(ctx, view, className, title, cards, count) {
  return h("div", { class: className, "data-count": count }, h("h4", { text: title }),
    h("span", { class: "count", text: count }),
    cards ? h("div", { class: "cards" }, cards.map((id) => card(ctx, view, id))) : null);
}

export function player(ctx, view, p) {
  // the players the table waits for (the view's to_play; a view stored before it: the active seat)
  const waiting = Array.isArray(view.to_play) ? view.to_play : [view.active_seat];
  const active = waiting.includes(p.seat) && !view.finished;
  const name = playerName(ctx, p.seat);
  return h("section", { class: "player" + (active ? " active" : ""), "data-seat": p.seat, "aria-label": name },
    h("h3", {}, name, active ? h("em", { text: " · " + word(ctx, "active") }) : null),
    h("div", { class: "visible" }, h("h4", { text: word(ctx, "visible") }),
      p.visible_card ? card(ctx, view, p.visible_card) : h("span", { class: "muted", text: word(ctx, "empty") })),
    h("div", { class: "pile", "data-count": p.pile.length }, h("h4", { text: word(ctx, "pile") }), runs(ctx, view, p)),
    h("div", { class: "row" },
      zone(ctx, view, "hand", word(ctx, "hand"), p.hand, p.hand_count),
      zone(ctx, view, "penalty", word(ctx, "penalty"), p.penalty, p.penalty_count),
      h("div", {}, h("h4", { text: word(ctx, "totem") }), p.totem
        ? h("span", { class: "totem animal-" + p.totem, "data-totem": p.totem, text: capitalise(animal(ctx, p.totem)) })
        : h("span", { class: "muted", text: word(ctx, "hidden") })),
      h("div", {}, h("h4", { text: word(ctx, "powers") }), p.powers.length
        ? p.powers.map((a) => h("span", { class: "power animal-" + a, "data-power": a, text: capitalise(animal(ctx, a)) + " " + (view.power_sides[a] || "") }))
        : h("span", { class: "muted", text: "—" }))));
}
