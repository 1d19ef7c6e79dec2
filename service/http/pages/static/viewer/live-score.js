// The running score of a live game: the public categories GET /games/{id} gives a spectator.
import { word } from "../words.js";
import { scoreTable } from "../board/scores.js";

export async function liveScore(root, game, ctx) {
  const answer = await fetch("/games/" + game, { headers: { accept: "application/json" } });
  if (!answer.ok) return;
  const summary = await answer.json();
  // a kind whose running score leaves categories out says so in its words
  const note = ctx.words && ctx.words.live_score_note ? word(ctx, "live_score_note") : null;
  const table = scoreTable(ctx, summary.results, word(ctx, "live_score"), note);
  root.replaceChildren(...(table ? [table] : []));
}
