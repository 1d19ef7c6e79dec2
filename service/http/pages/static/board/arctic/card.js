// One Arctic card as printed: its animal, companion, placement value (top left) and draw value
// (bottom right), each corner labelled, and the label the timeline and the recorder use ("fox card 1-3").
import { h } from "../../dom.js";
import { capitalise, word } from "../../words.js";

export function animal(ctx, name) {
  return word(ctx, "animal_" + name);
}

export function label(ctx, id, face) {
  return word(ctx, "card_of", { animal: animal(ctx, face.animal), number: face.deck + "-" + face.number });
}

export function card(ctx, view, id, faceDown) {
  if (id === null || id === undefined) {
    return h("div", { class: "card back", role: "img", "aria-label": word(ctx, "hidden"), title: word(ctx, "hidden") });
  }
  const face = (view.cards || {})[id];
  if (!face) return h("div", { class: "card", "data-card": id, title: id }, h("span", { class: "name", text: id }));
  const text = capitalise(label(ctx, id, face));
  const full = text + " · " + word(ctx, "companion") + " " + animal(ctx, face.companion) + " · " +
    word(ctx, "placement_long") + " " + face.placement + " · " + word(ctx, "draw_long") + " " + face.draw;
  return h("div", { class: "card animal-" + face.animal + (faceDown ? " face-down" : ""), "data-card": id, title: full, role: "img", "aria-label": full },
    h("span", { class: "corner place", "aria-hidden": "true" }, h("small", { text: word(ctx, "placement") }), String(face.placement)),
    h("span", { class: "name", "aria-hidden": "true", text: capitalise(animal(ctx, face.animal)) }),
    h("span", { class: "companion animal-" + face.companion, "aria-hidden": "true", text: "+ " + animal(ctx, face.companion) }),
    h("span", { class: "number", "aria-hidden": "true", text: face.deck + "-" + face.number }),
    h("span", { class: "corner draw", "aria-hidden": "true" }, h("small", { text: word(ctx, "draw_value") }), String(face.draw)));
}
