// The board of any game kind, drawn from the public replay JSON (GET /games/{id}/replay/{step}).
// Shared by the viewer and the recorder: renderBoard(root, replay, ctx) with
// ctx = {players: names by seat, lang: "en" | "fr" | "es", words: the translated UI words}.
// A kind's plug-in names the module that draws its board (exporting render(root, replay, ctx));
// loadBoard(kind, url) brings it in once, before the first renderBoard of that kind. A kind without
// one gets board/generic.js. The board draws only what the view says: no rule is computed here, and
// no kind is named here (the plug-ins are the one place that knows them).
import * as generic from "./generic.js";
import { takenBack } from "./taken-back.js";

const BOARDS = new Map();

export async function loadBoard(kind, url) {
  if (url && !BOARDS.has(kind)) BOARDS.set(kind, await import(url));
  return BOARDS.get(kind) || generic;
}

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
  (BOARDS.get(replay.kind) || generic).render(root, replay, ctx);
  return root;
}
