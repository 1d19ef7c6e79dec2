// The note over a board whose step a correction took back: the board is the one the table saw then;
// and a correction as both pages' timelines say it, by the steps it took back (their rows' numbers).
import { h } from "../dom.js";
import { word } from "../words.js";

export function stepsTakenBack(ctx, correction) {
  const moves = correction.moves || [];
  if (!moves.length) return null;
  const first = moves[0].first_step;
  const last = moves[moves.length - 1].last_step;
  return word(ctx, first === last ? "step_taken_back" : "steps_taken_back", { first, last });
}

export function takenBack(replay, ctx) {
  if (replay.taken_back_at === null || replay.taken_back_at === undefined) return null;
  return h("p", { class: "taken-back-note", role: "note", "data-taken-back-at": replay.taken_back_at },
    word(ctx, "taken_back_at", { n: replay.taken_back_at }));
}
