// Arctica's board: status, the action board with its wheels, the Arctic Circle, the map, each seat's
// ecosystem and, once finished, the labelled results.
import { h } from "../dom.js";
import { waitingFor, word } from "../words.js";
import { actionBoard } from "./arctica/action-board.js";
import { faces } from "./arctica/card.js";
import { circle } from "./arctica/circle.js";
import { map } from "./arctica/map.js";
import { player, toPlay } from "./arctica/player.js";
import * as generic from "./generic.js";
import { scoreTable } from "./scores.js";

// A selection is counted in its round (1 to 5), and only while one is under way: at the end of a round
// the line said "selection 6"; whom the table waits for is the view's (the recorder asks the same).
function status(ctx, v) {
  const selecting = v.phase === "select" || v.phase === "actions";
  const selection = selecting ? word(ctx, "selection") + " " + ((v.selection ?? v.turn) + 1) : null;
  const parts = [word(ctx, "round") + " " + v.round, selection, word(ctx, "phase_" + v.phase), word(ctx, "deck") + " " + v.deck_size];
  if (v.phase !== "finished") parts.push(waitingFor(ctx, toPlay(v), v.table_to_play));
  return h("p", { class: "status", "data-phase": v.phase, "data-to-play": toPlay(v).join(",") }, parts.filter(Boolean).join(" · "));
}

export function render(root, replay, ctx) {
  const v = replay.view;
  if (!v.board) return generic.render(root, replay, ctx); // before the setup: no edition, no board yet
  const known = faces(v);
  root.append(h("div", { class: "arctica" }, status(ctx, v), scoreTable(ctx, v.results, word(ctx, "score")),
    h("div", { class: "table-row" }, actionBoard(ctx, v), circle(ctx, v)), map(ctx, v),
    h("h2", { class: "players-title", text: word(ctx, "players") }),
    h("div", { class: "players" }, v.players.map((p, seat) => player(ctx, v, known, seat, p)))));
}
