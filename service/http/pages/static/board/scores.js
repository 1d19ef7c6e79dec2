// A score table from PlayerResult rows (a finished Arctica game's results, or the public running
// score of /games/{id}): one labelled column per category, then the total and the rank.
import { h } from "../dom.js";
import { playerName, word } from "../words.js";

export function scoreTable(ctx, results, title, note) {
  if (!results || !results.length) return null;
  const keys = [];
  for (const r of results) for (const k of Object.keys(r.breakdown || {})) if (!k.includes(":") && !keys.includes(k)) keys.push(k);
  const head = h("tr", {}, h("th", { scope: "col", text: word(ctx, "player") }), keys.map((k) => h("th", { scope: "col", class: "category", "data-category": k, text: word(ctx, "score_" + k) })),
    h("th", { scope: "col", text: word(ctx, "total") }), h("th", { scope: "col", text: word(ctx, "rank") }));
  const rows = [...results].sort((a, b) => a.rank - b.rank || a.seat - b.seat).map((r) => h("tr", { "data-seat": r.seat, class: r.rank === 1 ? "winner" : null },
    h("th", { scope: "row", text: playerName(ctx, r.seat) }), keys.map((k) => h("td", { text: (r.breakdown || {})[k] ?? "—" })),
    h("td", { class: "total", text: r.total }), h("td", { text: r.rank })));
  return h("section", { class: "scores", "aria-label": title }, h("h2", { text: title }), note ? h("p", { class: "hint", text: note }) : null,
    h("table", {}, h("thead", {}, head), h("tbody", {}, rows)));
}
