// Undo the last move (a queued one is simply dropped; a stored one is taken back on the server) and
// abandon the game, each after a confirmation.
import { h } from "../dom.js";
import { t } from "./lang.js";

// The question asked is kept by the page, not by the panel: the page draws itself again whenever
// something arrives (the rules loaded on the device, a move synced), and a question that vanished
// under the player's finger would be answered by a tap on whatever took its place.
export function askedCorrection() {
  return { what: null, reason: null }; // reason: null until the player types one
}

export function controlsPanel({ asked, pending, canUndo, live, onUndo, onAbandon }) {
  const box = h("section", { id: "controls-panel", "aria-label": t("corrections") });
  const ask = (what) => { asked.what = what; show(); };
  const answer = (yes) => () => { asked.what = null; show(); yes(); };
  const confirm = (question, yes, ...extra) => [
    h("p", { role: "alert" }, question), ...extra,
    h("button", { type: "button", id: "confirm-yes", onclick: answer(yes) }, t("yes")),
    h("button", { type: "button", id: "confirm-no", onclick: answer(() => {}) }, t("no")),
  ];
  // the reason is asked with the confirmation, labelled (beside the buttons, a bare field read as a name)
  const reasonField = () => {
    const reason = h("input", { id: "abandon-reason", value: asked.reason ?? t("abandoned_at_table") });
    reason.addEventListener("input", () => { asked.reason = reason.value; });
    return h("label", { for: "abandon-reason", class: "why" }, t("why") + " ", reason);
  };
  const undoable = pending.length || canUndo;
  const buttons = () => [
    h("button", { type: "button", id: "undo", disabled: !undoable, onclick: () => ask("undo") }, t("undo")),
    live ? h("button", { type: "button", id: "abandon", onclick: () => ask("abandon") }, t("abandon")) : null,
  ];
  // (offline there is nothing to abandon: the missing parts are not shown, never written as "null")
  function show() {
    if (asked.what === "undo" && undoable) {
      box.replaceChildren(...confirm(pending.length ? t("drop_queued") : t("take_back"), onUndo));
    } else if (asked.what === "abandon" && live) {
      box.replaceChildren(...confirm(t("abandon_question"), () => onAbandon(asked.reason ?? t("abandoned_at_table")), reasonField()));
    } else {
      box.replaceChildren(...buttons().filter(Boolean));
    }
  }
  show();
  return box;
}
