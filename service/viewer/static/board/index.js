// The board of any game kind, drawn from the public replay JSON (GET /games/{id}/replay/{step}).
// Shared by the viewer and the recorder: renderBoard(root, replay, ctx) with
// ctx = {players: names by seat, lang: "en" | "fr" | "es", words: the translated UI words}.
// Each kind with a board of its own is board/<kind>.js exporting render(root, replay, ctx); any
// other kind gets board/generic.js. The board draws only what the view says: no rule is computed here.
import * as arctic from "./arctic.js";
import * as arctica from "./arctica.js";
import * as generic from "./generic.js";
import { takenBack } from "./taken-back.js";

const BOARDS = { arctic, arctica };

export function renderBoard(root, replay, ctx) {
  root.replaceChildren();
  root.dataset.step = String(replay.step);
  root.dataset.steps = String(replay.steps);
  root.dataset.perspective = replay.perspective;
  root.dataset.stateHash = replay.state_hash;
  root.dataset.kind = replay.kind;
  const back = takenBack(replay, ctx);
  root.classList.toggle("taken-back", back !== null);
  if (back) root.append(back);
  (BOARDS[replay.kind] || generic).render(root, replay, ctx);
  return root;
}
