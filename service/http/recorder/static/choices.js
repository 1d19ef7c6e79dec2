// What the table records now, one small decision at a time (POST /games/{id}/moves/next, or the same
// builder in the rules on this device offline): the prompt, its options as the API words them (never
// more than 12: a longer list comes as groups to narrow first), the path so far, back and cancel.
import { h } from "./dom.js";

const HEADINGS = {
  server: "Now",
  engine: "Now (offline: decided by the rules on this device)",
  waiting: "Now (sending…)",
  none: "Now (offline)",
};

// decisions about cards show their options as cards to tap (a hand, a pile, the unseen cards)
const CARDS = new Set(["card", "discard", "drawn", "cards"]);

export function choicesPanel({ built, exact, source, after = 0, error = null, onPick, onBack, onCancel }) {
  const made = built ? built.made : [];
  const asked = built && built.next;
  const panel = h("section", {
    id: "choices", "aria-labelledby": "choices-title",
    dataset: {
      version: String(built && built.version !== undefined ? built.version : ""), exact: exact ? "1" : "0", source,
      after: String(after), made: String(made.filter((m) => !m.auto).length), key: asked ? asked.key : "",
      narrowing: asked && asked.narrowing ? "1" : "0",
    },
  });
  panel.append(h("h2", { id: "choices-title" }, HEADINGS[source] || HEADINGS.server));
  if (error) panel.append(h("p", { role: "alert", class: "error" }, error));
  if (!asked) {
    const why = built ? "Nothing more to record: the game is over."
      : source === "waiting" ? "The next decision comes with the server's answer."
      : source === "none" ? "Offline: moves are built by the rules on this device (tick the box below while online to keep them here)."
      : "…";
    panel.append(h("p", { class: "muted", id: "no-decision" }, why));
    return panel;
  }
  if (made.length) {
    panel.append(h("ol", { class: "made", "aria-label": "Decided so far" }, made.map((m) => h("li", {}, m.label))));
  }
  const cards = CARDS.has(asked.key) && !asked.narrowing;
  panel.append(h("h3", { id: "decision-prompt" }, asked.prompt));
  if (asked.narrowing) panel.append(h("p", { class: "muted" }, `${asked.count} options: narrow them first`));
  panel.append(h("div", { class: cards ? "options tiles" : "options", role: "group", "aria-labelledby": "decision-prompt" },
    asked.options.map((o) => h("button", {
      type: "button", class: cards ? "choice tile" : "choice", dataset: { id: o.id },
      onclick: () => onPick(o),
    }, o.label))));
  const steps = made.filter((m) => !m.auto).length;
  if (steps) {
    panel.append(h("div", { class: "decision-nav" },
      h("button", { type: "button", id: "decision-back", onclick: onBack }, "Back"),
      h("button", { type: "button", id: "decision-cancel", onclick: onCancel }, "Cancel this move")));
  }
  return panel;
}
