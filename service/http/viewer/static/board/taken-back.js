// The note over a board whose step a correction took back: the board is the one the table saw then.
import { el, word } from "./dom.js";

export function takenBack(replay, ctx) {
  if (replay.taken_back_at === null || replay.taken_back_at === undefined) return null;
  return el("p", { class: "taken-back-note", role: "note", "data-taken-back-at": replay.taken_back_at },
    word(ctx, "taken_back_at", { n: replay.taken_back_at }));
}
