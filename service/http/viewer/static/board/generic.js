// Any game's view, readable without a board of its own: nested lists of its members, escaped.
import { el } from "./dom.js";

function value(v, depth) {
  if (v === null || v === undefined) return el("span", { class: "muted", text: "—" });
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) return el("span", { text: v.map((x) => (x === null ? "—" : String(x))).join(", ") || "—" });
    return el("ol", { class: "generic-list" }, v.map((x) => el("li", {}, value(x, depth + 1))));
  }
  if (typeof v === "object") {
    if (depth > 6) return el("span", { text: "…" });
    return el("dl", { class: "generic" }, Object.entries(v).flatMap(([k, x]) => [el("dt", { text: k.replace(/_/g, " ") }), el("dd", {}, value(x, depth + 1))]));
  }
  return el("span", { text: String(v) });
}

export function render(root, replay, ctx) {
  root.append(el("section", { class: "generic-view", "aria-label": replay.kind }, el("h2", { text: replay.kind }), value(replay.view, 0)));
}
