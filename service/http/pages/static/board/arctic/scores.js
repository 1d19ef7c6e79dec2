// A finished Arctic game's score sheet (§8): runs, diversity, totem, penalty, total, rank.
import { h } from "../../dom.js";
import { playerName, word } from "../../words.js";

const COLUMNS = [["runs", "runs_total"], ["diversity", "diversity"], ["totem", "totem"], ["penalty", "penalty"]];

export function scores(ctx, view) {
  if (!view.scores || !view.scores.length) return null;
  const head = h("tr", {}, h("th", { scope: "col", text: word(ctx, "player") }),
    COLUMNS.map(([k]) => h("th", { scope: "col", class: "category", "data-category": k, text: word(ctx, "score_" + k) })),
    h("th", { scope: "col", text: word(ctx, "total") }), h("th", { scope: "col", text: word(ctx, "rank") }));
  const rows = [...view.scores].sort((a, b) => a.rank - b.rank).map((s) => h("tr", { "data-seat": s.seat, class: s.rank === 1 ? "winner" : null },
    h("th", { scope: "row", text: playerName(ctx, s.seat) }), COLUMNS.map(([, f]) => h("td", { text: s[f] })),
    h("td", { class: "total", text: s.total }), h("td", { text: s.rank })));
  return h("section", { class: "scores", "aria-label": word(ctx, "score") }, h("h2", { text: word(ctx, "score") }),
    h("table", {}, h("thead", {}, head), h("tbody", {}, rows)));
}
