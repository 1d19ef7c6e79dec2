// Any game's view, readable without a board of its own: nested lists of its members, escaped.
import { h } from "../dom.js";

function value(v, depth) {
  if (v === null || v === undefined) return h("span", { class: "muted", text: "—" });
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) return h("span", { text: v.map((x) => (x === null ? "—" : String(x))).join(", ") || "—" });
    return h("ol", { class: "generic-list" }, v.map((x) => h("li", {}, value(x, depth + 1))));
  }
  if (typeof v === "object") {
    if (depth > 6) return h("span", { text: "…" });
    return h("dl", { class: "generic" }, Object.entries(v).flatMap(([k, x]) => [h("dt", { text: k.replace(/_/g, " ") }), h("dd", {}, value(x, depth + 1))]));
  }
  return h("span", { text: String(v) });
}

export function render(root, replay, ctx) {
  root.append(h("section", { class: "generic-view", "aria-label": replay.kind }, h("h2", { text: replay.kind }), value(replay.view, 0)));
}
