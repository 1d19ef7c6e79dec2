// The running score of a live game: the public categories GET /games/{id} gives a spectator.
import { word } from "./board/dom.js";
import { scoreTable } from "./board/scores.js";

export async function liveScore(root, game, ctx) {
  const answer = await fetch("/games/" + game, { headers: { accept: "application/json" } });
  if (!answer.ok) return;
  const summary = await answer.json();
  const note = summary.kind === "arctic" ? word(ctx, "public_only") : null;
  const table = scoreTable(ctx, summary.results, word(ctx, "live_score"), note);
  root.replaceChildren(...(table ? [table] : []));
}
