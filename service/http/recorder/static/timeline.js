// The timeline beside the board, by name; the moves still queued on this device at its end, marked pending.
import { saidWithCards } from "./cards.js";
import { h } from "./dom.js";

const SHOWN = 40; // the latest entries: the rest is the viewer's

export function timelinePanel({ timeline, pending }) {
  const entries = timeline ? timeline.entries.slice(-SHOWN) : [];
  const list = h("ol", { tabindex: "0", "aria-label": "Timeline" },
    entries.map((e) => h("li", { class: "entry" + (e.turn_start ? " turn-start" : ""), dataset: { step: String(e.step) } },
      h("span", { class: "n" }, String(e.step)), saidWithCards(e.description))), // the description names the player
    pending.map((item) => h("li", { class: "entry pending", dataset: { pending: String(item.id) } },
      h("span", { class: "n" }, "…"), item.player ? h("b", {}, item.player + " ") : null, item.text,
      h("span", { class: "tag" }, " pending"))));
  // the list scrolls on its own: reachable from the keyboard (its tabindex) so its entries can be read there too
  return h("section", { id: "timeline", "aria-labelledby": "timeline-title" },
    h("h2", { id: "timeline-title" }, "Timeline"), list);
}
