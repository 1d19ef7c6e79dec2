// A finished Arctic game's score sheet (§8): runs, diversity, totem, penalty, total, rank.
import { el, playerName, word } from "../dom.js";

const COLUMNS = [["runs", "runs_total"], ["diversity", "diversity"], ["totem", "totem"], ["penalty", "penalty"]];

export function scores(ctx, view) {
  if (!view.scores || !view.scores.length) return null;
  const head = el("tr", {}, el("th", { scope: "col", text: word(ctx, "player") }),
    COLUMNS.map(([k]) => el("th", { scope: "col", class: "category", "data-category": k, text: word(ctx, "score_" + k) })),
    el("th", { scope: "col", text: word(ctx, "total") }), el("th", { scope: "col", text: word(ctx, "rank") }));
  const rows = [...view.scores].sort((a, b) => a.rank - b.rank).map((s) => el("tr", { "data-seat": s.seat, class: s.rank === 1 ? "winner" : null },
    el("th", { scope: "row", text: playerName(ctx, s.seat) }), COLUMNS.map(([, f]) => el("td", { text: s[f] })),
    el("td", { class: "total", text: s.total }), el("td", { text: s.rank })));
  return el("section", { class: "scores", "aria-label": word(ctx, "score") }, el("h2", { text: word(ctx, "score") }),
    el("table", {}, el("thead", {}, head), el("tbody", {}, rows)));
}
