// Undo the last move (a queued one is simply dropped; a stored one is taken back on the server) and
// abandon the game, each after a confirmation.
import { h } from "./dom.js";
import { t } from "./lang.js";

export function controlsPanel({ pending, canUndo, live, onUndo, onAbandon }) {
  const box = h("section", { id: "controls-panel", "aria-label": t("corrections") });
  const confirm = (question, yes, ...asked) => {
    box.replaceChildren(h("p", { role: "alert" }, question), ...asked,
      h("button", { type: "button", id: "confirm-yes", onclick: yes }, t("yes")),
      h("button", { type: "button", id: "confirm-no", onclick: show }, t("no")));
  };
  // the reason is asked with the confirmation, labelled (beside the buttons, a bare field read as a name)
  const reason = h("input", { id: "abandon-reason", value: t("abandoned_at_table") });
  const why = h("label", { for: "abandon-reason", class: "why" }, t("why") + " ", reason);
  const buttons = () => [
    h("button", {
      type: "button", id: "undo", disabled: !(pending.length || canUndo),
      onclick: () => confirm(pending.length ? t("drop_queued") : t("take_back"), onUndo),
    }, t("undo")),
    live ? h("button", {
      type: "button", id: "abandon",
      onclick: () => confirm(t("abandon_question"), () => onAbandon(reason.value), why),
    }, t("abandon")) : null,
  ];
  // (offline there is nothing to abandon: the missing parts are not shown, never written as "null")
  function show() { box.replaceChildren(...buttons().filter(Boolean)); }
  show();
  return box;
}
