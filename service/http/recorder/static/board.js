// The board, as the viewer draws it: the viewer's own board modules (renderBoard from
// /watch/static/board/index.js) over the public replay JSON, seen by the owner (every card known).
// The last board drawn is kept, so a reload without network still shows the table.
import { loadBoard, renderBoard } from "/watch/static/board/index.js";
import { api, Unreachable } from "./api.js";
import { h } from "./dom.js";
import { keep, kept } from "./store.js";

const data = JSON.parse(document.getElementById("recorder-data")?.textContent || "{}");

export async function drawBoard(root, { game, step, players, lang = "en" }) {
  if (step < 1) {
    root.replaceChildren(h("p", { class: "muted" }, "Nothing on the table yet."));
    return;
  }
  let replay;
  try {
    replay = await api(`/games/${game}/replay/${step}?perspective=omniscient`);
    await keep(game, "board", { step, replay });
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
    const last = await kept(game, "board");
    if (!last || !last.replay) {
      root.replaceChildren(h("p", { class: "muted" }, "The board comes back with the network."));
      return;
    }
    replay = last.replay;
    root.dataset.stale = "1";
  }
  await loadBoard(replay.kind, (data.boards || {})[replay.kind]);
  const board = h("section", { id: "board", "aria-label": "Board" });
  renderBoard(board, replay, { players: players || [], lang, words: data.words || {} });
  root.replaceChildren(board);
}
