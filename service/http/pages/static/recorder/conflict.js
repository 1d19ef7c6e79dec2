// The queue stopped (409: the game moved on elsewhere; 422: the rules refused a queued move): what the
// server holds and what this device queued, side by side, and the two ways on.
import { h } from "../dom.js";
import { t } from "./lang.js";

export function conflictPanel({ stopped, timeline, pending, onDrop, onRetry }) {
  const from = stopped.item.expected;
  const theirs = timeline ? timeline.entries.filter((e) => e.step > from) : [];
  const said = stopped.problem.detail || stopped.problem.title || stopped.problem.code || `HTTP ${stopped.status}`;
  const reason = stopped.status === 409
    ? t("moved_on")
    : stopped.status === 422 ? t("rules_refused", { said }) : t("server_refused", { said });
  const mine = pending.filter((item) => item.id >= stopped.item.id);
  return h("section", { id: "conflict", role: "alert", "aria-labelledby": "conflict-title" },
    h("h2", { id: "conflict-title" }, t("sending_stopped")),
    h("p", {}, reason),
    h("div", { class: "sides" },
      h("div", { class: "side", id: "server-side" }, h("h3", {}, t("on_server")),
        theirs.length
          ? h("ol", {}, theirs.map((e) => h("li", {}, e.description)))
          : h("p", { class: "muted" }, t("nothing_new"))),
      h("div", { class: "side", id: "mine-side" }, h("h3", {}, t("queued_here")),
        h("ol", {}, mine.map((item) => h("li", {}, item.player ? h("b", {}, item.player + " ") : null, item.text))))),
    h("div", { class: "actions" },
      h("button", { type: "button", id: "drop-mine", onclick: onDrop }, t("keep_server")),
      h("button", { type: "button", id: "retry", onclick: onRetry }, t("retry"))));
}
