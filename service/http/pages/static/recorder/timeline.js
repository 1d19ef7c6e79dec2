// The timeline beside the board, by name, its rows numbered by step; a step a correction took back is
// struck through, the correction says which steps (board/taken-back.js, as the viewer says it); the moves
// still queued on this device at its end, marked pending.
import { stepsTakenBack } from "../board/taken-back.js";
import { saidWithCards } from "./cards.js";
import { h } from "../dom.js";
import { pageWords, t } from "./lang.js";

const SHOWN = 40; // the latest entries: the rest is the viewer's

function entry(e) {
  const back = e.taken_back_at !== null && e.taken_back_at !== undefined;
  const said = saidWithCards((e.correction && stepsTakenBack({ words: pageWords() }, e.correction)) || e.description); // it names the player
  const classes = ["entry", e.turn_start ? "turn-start" : "", back ? "taken-back" : "", e.correction ? "correction" : ""];
  return h("li", { class: classes.filter(Boolean).join(" "), dataset: back ? { step: String(e.step), takenBackAt: String(e.taken_back_at) } : { step: String(e.step) } },
    h("span", { class: "n" }, String(e.step)), back ? h("del", {}, said) : said,
    back ? h("span", { class: "note" }, t("taken_back_step", { n: e.taken_back_at })) : null);
}

export function timelinePanel({ timeline, pending }) {
  const entries = timeline ? timeline.entries.slice(-SHOWN) : [];
  const list = h("ol", { tabindex: "0", "aria-label": t("timeline") },
    entries.map(entry),
    pending.map((item) => h("li", { class: "entry pending", dataset: { pending: String(item.id) } },
      h("span", { class: "n" }, "…"), item.player ? h("b", {}, item.player + " ") : null, item.text,
      h("span", { class: "tag" }, " " + t("pending_tag")))));
  // the list scrolls on its own: reachable from the keyboard (its tabindex) so its entries can be read there too
  return h("section", { id: "timeline", "aria-labelledby": "timeline-title" },
    h("h2", { id: "timeline-title" }, t("timeline")), list);
}
