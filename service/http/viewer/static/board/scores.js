// A score table from PlayerResult rows (a finished Arctica game's results, or the public running
// score of /games/{id}): one labelled column per category, then the total and the rank.
import { el, playerName, word } from "./dom.js";

export function scoreTable(ctx, results, title, note) {
  if (!results || !results.length) return null;
  const keys = [];
  for (const r of results) for (const k of Object.keys(r.breakdown || {})) if (!k.includes(":") && !keys.includes(k)) keys.push(k);
  const head = el("tr", {}, el("th", { scope: "col", text: word(ctx, "player") }), keys.map((k) => el("th", { scope: "col", class: "category", "data-category": k, text: word(ctx, "score_" + k) })),
    el("th", { scope: "col", text: word(ctx, "total") }), el("th", { scope: "col", text: word(ctx, "rank") }));
  const rows = [...results].sort((a, b) => a.rank - b.rank || a.seat - b.seat).map((r) => el("tr", { "data-seat": r.seat, class: r.rank === 1 ? "winner" : null },
    el("th", { scope: "row", text: playerName(ctx, r.seat) }), keys.map((k) => el("td", { text: (r.breakdown || {})[k] ?? "—" })),
    el("td", { class: "total", text: r.total }), el("td", { text: r.rank })));
  return el("section", { class: "scores", "aria-label": title }, el("h2", { text: title }), note ? el("p", { class: "hint", text: note }) : null,
    el("table", {}, el("thead", {}, head), el("tbody", {}, rows)));
}
