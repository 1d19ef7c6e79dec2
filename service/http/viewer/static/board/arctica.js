// Arctica's board: status, the action board with its wheels, the Arctic Circle, the map, each seat's
// ecosystem and, once finished, the labelled results.
import { el, playerName, word } from "./dom.js";
import { actionBoard } from "./arctica/action-board.js";
import { faces } from "./arctica/card.js";
import { circle } from "./arctica/circle.js";
import { map } from "./arctica/map.js";
import { player, toPlay } from "./arctica/player.js";
import * as generic from "./generic.js";
import { scoreTable } from "./scores.js";

function status(ctx, v) {
  const finished = v.phase === "finished";
  const parts = [word(ctx, "round") + " " + v.round, word(ctx, "selection") + " " + (v.turn + 1), word(ctx, "phase_" + v.phase), word(ctx, "deck") + " " + v.deck_size];
  if (finished) parts[1] = null;
  const waiting = toPlay(v);
  if (!finished && waiting.length) parts.push(waiting.map((s) => playerName(ctx, s)).join(", ") + " " + word(ctx, "active"));
  return el("p", { class: "status", "data-phase": v.phase }, parts.filter(Boolean).join(" · "));
}

export function render(root, replay, ctx) {
  const v = replay.view;
  if (!v.board) return generic.render(root, replay, ctx); // before the setup: no edition, no board yet
  const known = faces(v);
  root.append(el("div", { class: "arctica" }, status(ctx, v), scoreTable(ctx, v.results, word(ctx, "score")),
    el("div", { class: "table-row" }, actionBoard(ctx, v), circle(ctx, v)), map(ctx, v),
    el("h2", { class: "players-title", text: word(ctx, "players") }),
    el("div", { class: "players" }, v.players.map((p, seat) => player(ctx, v, known, seat, p)))));
}
