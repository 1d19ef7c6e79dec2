// The board, as the viewer draws it: the viewer's own board modules (renderBoard from
// ../board/index.js) over the public replay JSON, seen by the owner (every card known).
// The last board drawn is kept, so a reload without network still shows the table; ahead of the
// server (moves on their way, or queued offline), the board is the one the rules on this device reach.
import { loadBoard, renderBoard } from "../board/index.js";
import { api, Unreachable } from "./api.js";
import { h } from "../dom.js";
import { boardWords, kindOf } from "./kinds.js";
import { lang as spoken, t } from "./lang.js";
import { keep, kept } from "./store.js";

export async function drawBoard(root, { game, step, players, lang = spoken() }) {
  if (step < 1) {
    root.replaceChildren(h("p", { class: "muted" }, t("board_empty")));
    return;
  }
  let replay;
  root.dataset.ahead = "0";
  try {
    replay = await api(`/games/${game}/replay/${step}?perspective=omniscient`);
    await keep(game, "board", { step, replay });
    delete root.dataset.stale;
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
    const last = await kept(game, "board");
    if (!last || !last.replay) {
      root.replaceChildren(h("p", { class: "muted" }, t("board_later")));
      return;
    }
    replay = last.replay;
    root.dataset.stale = "1";
  }
  await drawn(root, replay, players, lang);
}

// The board after the moves still on their way or queued: the view the rules on this device reached
// (engine.js), drawn as the server's would be; ``after``: how many moves it is ahead of the server.
export async function drawAhead(root, { kind, view, hash, step, after, players, lang = spoken() }) {
  root.dataset.ahead = String(after);
  delete root.dataset.stale;
  await drawn(root, { kind, step, steps: step, perspective: "omniscient", state_hash: hash, view }, players, lang);
}

async function drawn(root, replay, players, lang) {
  await loadBoard(replay.kind, (kindOf(replay.kind) || {}).board_module);
  const board = h("section", { id: "board", "aria-label": t("board") });
  renderBoard(board, replay, { players: players || [], lang, words: boardWords(replay.kind, lang) });
  root.replaceChildren(board);
}
