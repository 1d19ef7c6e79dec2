// A game's analysis on the recorder's game page (a live game's: the outlook so far, for the owner whose
// device this is, asked again as the game goes on): the shared panel (../analysis.js,
// one component for both), asked with its button (POST: asking again answers the same job, so a game
// analysed already is drawn at once), with the device's key. A point of the graph draws the board after
// that move (`onMove`).
import { AnalysisPanel } from "../analysis.js";
import { h } from "../dom.js";
import { authorization } from "./key.js";
import { pageWords } from "./lang.js";

function request(url, init = {}) {
  return fetch(url, { ...init, headers: { ...(init.headers || {}), ...authorization() } });
}

/** The panel's element, made once per page (each render puts the same one back in place). */
export function analysisPanel(game, players, onMove, live = false) {
  const root = h("section", { id: "analysis" });
  // ``?budget=N`` in the address: that budget's analysis (else the service's default)
  const budget = Number(new URLSearchParams(location.search).get("budget")) || null;
  const panel = new AnalysisPanel(root, { game, ctx: { players, words: pageWords() }, budget, request, onMove, live });
  panel.start(false);
  return { root, panel };
}
