// The board, as the viewer draws it. The one place the recorder touches the board: it asks the
// viewer's server-rendered fragment for now; the viewer's ES module board (renderBoard(root, replay,
// ctx) from /watch/static/board/index.js) replaces this body without the rest of the page changing.
import { text, Unreachable } from "./api.js";
import { h } from "./dom.js";
import { keep, kept } from "./store.js";

export async function drawBoard(root, { game, step, players, lang = "en" }) {
  void players;
  if (step < 1) {
    root.replaceChildren(h("p", { class: "muted" }, "Nothing on the table yet."));
    return;
  }
  let fragment;
  try {
    fragment = await text(`/games/${game}/watch/board?step=${step}&perspective=omniscient&lang=${lang}`);
    await keep(game, "board", { step, fragment });
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
    const last = await kept(game, "board");
    if (!last) {
      root.replaceChildren(h("p", { class: "muted" }, "The board comes back with the network."));
      return;
    }
    fragment = last.fragment;
    root.dataset.stale = "1";
  }
  // The fragment is the server's own HTML, every value escaped there (the viewer's page).
  const doc = new DOMParser().parseFromString(fragment, "text/html");
  root.replaceChildren(...Array.from(doc.body.childNodes));
}
