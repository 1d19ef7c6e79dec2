// What the table records now, one small decision at a time (POST /games/{id}/moves/next, or the same
// builder in the rules on this device offline): the prompt, its options as the API words them (never
// more than 12: a longer list comes as groups to narrow first; a decision with one option is never
// asked; "Siku · Fauna" is two decisions in one tap), the path so far, back and cancel.
import { h } from "../dom.js";
import { t } from "./lang.js";

const HEADINGS = { server: "now", engine: "now_engine", waiting: "now_waiting", none: "now_offline" };

// decisions about cards show their options as cards to tap (a hand, a pile, the unseen cards)
const CARDS = new Set(["card", "discard", "drawn", "cards"]);

// `taps`: the options tapped so far for this move (the page's path: joined ones count once)
export function choicesPanel({ built, exact, source, taps = 0, after = 0, error = null, onPick, onBack, onCancel }) {
  const asked = built && built.next;
  const panel = h("section", {
    id: "choices", "aria-labelledby": "choices-title",
    dataset: {
      version: String(built && built.version !== undefined ? built.version : ""), exact: exact ? "1" : "0", source,
      after: String(after), made: String(taps), key: asked ? asked.key : "",
      narrowing: asked && asked.narrowing ? "1" : "0", seats: asked ? (asked.seats || []).join(",") : "",
    },
  });
  panel.append(h("h2", { id: "choices-title" }, t(HEADINGS[source] || HEADINGS.server)));
  if (error) panel.append(h("p", { role: "alert", class: "error" }, error));
  if (!asked) {
    panel.append(h("p", { class: "muted", id: "no-decision" }, nothingAsked(built, source)));
    return panel;
  }
  panel.append(...decision(built, asked, onPick));
  if (taps) panel.append(navigation(onBack, onCancel));
  return panel;
}

function nothingAsked(built, source) {
  if (built) return t("game_over_nothing");
  if (source === "waiting") return t("next_with_answer");
  return source === "none" ? t("offline_no_engine") : "…";
}

// The path so far (the service's own decisions too: the table sees what was taken for it), the prompt
// and its options.
function decision(built, asked, onPick) {
  const parts = [];
  if (built.made.length) {
    parts.push(h("ol", { class: "made", "aria-label": t("decided") }, built.made.map((m) => h("li", { class: m.auto ? "auto" : "" }, m.label))));
  }
  const cards = CARDS.has(asked.key) && !asked.narrowing;
  parts.push(h("h3", { id: "decision-prompt" }, asked.prompt));
  if (asked.narrowing) parts.push(h("p", { class: "muted" }, t("narrow_first", { n: asked.count })));
  parts.push(h("div", { class: cards ? "options tiles" : "options", role: "group", "aria-labelledby": "decision-prompt" },
    asked.options.map((o) => h("button", {
      type: "button", class: cards ? "choice tile" : "choice", dataset: { id: o.id },
      onclick: () => onPick(o),
    }, o.label))));
  return parts;
}

function navigation(onBack, onCancel) {
  return h("div", { class: "decision-nav" },
    h("button", { type: "button", id: "decision-back", onclick: onBack }, t("back")),
    h("button", { type: "button", id: "decision-cancel", onclick: onCancel }, t("cancel_move")));
}
