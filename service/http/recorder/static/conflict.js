// The queue stopped (409: the game moved on elsewhere; 422: the rules refused a queued move): what the
// server holds and what this device queued, side by side, and the two ways on.
import { h } from "./dom.js";

export function conflictPanel({ stopped, timeline, pending, onDrop, onRetry }) {
  const from = stopped.item.expected;
  const theirs = timeline ? timeline.entries.filter((e) => e.step > from) : [];
  const said = stopped.problem.detail || stopped.problem.title || stopped.problem.code || `HTTP ${stopped.status}`;
  const reason = stopped.status === 409
    ? "The game moved on elsewhere (another device recorded a move, or took one back)."
    : stopped.status === 422 ? `The rules refused a queued move: ${said}` : `The server refused a queued move: ${said}`;
  const mine = pending.filter((item) => item.id >= stopped.item.id);
  return h("section", { id: "conflict", role: "alert", "aria-labelledby": "conflict-title" },
    h("h2", { id: "conflict-title" }, "Sending stopped"),
    h("p", {}, reason),
    h("div", { class: "sides" },
      h("div", { class: "side", id: "server-side" }, h("h3", {}, "On the server"),
        theirs.length
          ? h("ol", {}, theirs.map((e) => h("li", {}, e.description)))
          : h("p", { class: "muted" }, "Nothing new after your last read.")),
      h("div", { class: "side", id: "mine-side" }, h("h3", {}, "Queued here"),
        h("ol", {}, mine.map((item) => h("li", {}, item.player ? h("b", {}, item.player + " ") : null, item.text))))),
    h("div", { class: "actions" },
      h("button", { type: "button", id: "drop-mine", onclick: onDrop }, "Keep the server's, drop mine from here"),
      h("button", { type: "button", id: "retry", onclick: onRetry }, "Retry")));
}
