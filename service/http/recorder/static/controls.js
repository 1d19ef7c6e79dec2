// Undo the last move (a queued one is simply dropped; a stored one is taken back on the server) and
// abandon the game, each after a confirmation.
import { h } from "./dom.js";

export function controlsPanel({ pending, canUndo, live, onUndo, onAbandon }) {
  const box = h("section", { id: "controls-panel", "aria-label": "Corrections" });
  const confirm = (question, yes) => {
    box.replaceChildren(h("p", { role: "alert" }, question),
      h("button", { type: "button", id: "confirm-yes", onclick: yes }, "Yes"),
      h("button", { type: "button", id: "confirm-no", onclick: show }, "No"));
  };
  const reason = h("input", { id: "abandon-reason", value: "abandoned at the table", "aria-label": "Why" });
  const buttons = () => [
    h("button", {
      type: "button", id: "undo", disabled: !(pending.length || canUndo),
      onclick: () => confirm(pending.length ? "Drop the last queued move (never sent)?" : "Take back the last move?", onUndo),
    }, "Undo last move"),
    live ? h("button", {
      type: "button", id: "abandon",
      onclick: () => confirm("Abandon this game? It takes no more moves and never counts.", () => onAbandon(reason.value)),
    }, "Abandon") : null,
    live ? reason : null,
  ];
  // (offline there is nothing to abandon: the missing parts are not shown, never written as "null")
  function show() { box.replaceChildren(...buttons().filter(Boolean)); }
  show();
  return box;
}
