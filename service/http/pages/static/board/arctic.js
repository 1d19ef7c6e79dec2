// Arctic's board: status, landscape row with the tokens, the River, the stock, the power cards,
// each seat's side of the table and, once finished, the score sheet.
import { h } from "../dom.js";
import { waitingFor, word } from "../words.js";
import { landscape } from "./arctic/landscape.js";
import { player } from "./arctic/player.js";
import { scores } from "./arctic/scores.js";
import { powers, river, stock } from "./arctic/table.js";

// Whom the table waits for is the view's (the recorder asks the same): the table while a River card
// turned up is unnamed, every player whose totem is still unknown (a view stored before: the active seat).
function status(ctx, v) {
  const parts = [word(ctx, "round") + " " + v.round, word(ctx, "turn") + " " + v.turn, word(ctx, "phase_" + v.phase)];
  const seats = Array.isArray(v.to_play) ? v.to_play : v.active_seat !== null && v.active_seat !== undefined ? [v.active_seat] : [];
  if (!v.finished) parts.push(waitingFor(ctx, seats, v.table_to_play));
  return h("p", { class: "status", "data-phase": v.phase, "data-to-play": seats.join(",") }, parts.filter(Boolean).join(" · "));
}

export function render(root, replay, ctx) {
  const v = replay.view;
  // a finished game's score sheet comes first: it is what a player looks for
  root.append(h("div", { class: "arctic" }, status(ctx, v), scores(ctx, v), landscape(ctx, v),
    h("div", { class: "table-row" }, river(ctx, v), stock(ctx, v), powers(ctx, v)),
    h("h2", { class: "players-title", text: word(ctx, "players") }),
    h("div", { class: "players" }, v.players.map((p) => player(ctx, v, p)))));
}
