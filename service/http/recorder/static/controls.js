// Undo the last move (a queued one is simply dropped; a stored one is taken back on the server) and
// abandon the game, each after a confirmation.
import { h } from "./dom.js";

export function controlsPanel({ pending, canUndo, live, onUndo, onAbandon }) {
  const box = h("section", { id: "controls-panel", "aria-label": "Corrections" });
  const confirm = (question, yes, ...asked) => {
    box.replaceChildren(h("p", { role: "alert" }, question), ...asked,
      h("button", { type: "button", id: "confirm-yes", onclick: yes }, "Yes"),
      h("button", { type: "button", id: "confirm-no", onclick: show }, "No"));
  };
  // the reason is asked with the confirmation, labelled (beside the buttons, a bare field read as a name)
  const reason = h("input", { id: "abandon-reason", value: "abandoned at the table" });
  const why = h("label", { for: "abandon-reason", class: "why" }, "Why (stored with the game) ", reason);
  const buttons = () => [
    h("button", {
      type: "button", id: "undo", disabled: !(pending.length || canUndo),
      onclick: () => confirm(pending.length ? "Drop the last queued move (never sent)?" : "Take back the last move?", onUndo),
    }, "Undo last move"),
    live ? h("button", {
      type: "button", id: "abandon",
      onclick: () => confirm("Abandon this game? It takes no more moves and never counts.", () => onAbandon(reason.value), why),
    }, "Abandon") : null,
  ];
  // (offline there is nothing to abandon: the missing parts are not shown, never written as "null")
  function show() { box.replaceChildren(...buttons().filter(Boolean)); }
  show();
  return box;
}
