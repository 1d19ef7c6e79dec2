// A finished game's analysis on the watch page (the shared panel, ../analysis.js): its graph moves the
// board to the move chosen (the step after it, as /replay?move=N gives it); the timeline marks the
// decisions it judged.
import { AnalysisPanel } from "../analysis.js";
import { h } from "../dom.js";

export function watchAnalysis(stepper, data, ctx) {
  if (!data.analysis) return null;
  // the budget in the address, else the default one when it was asked, else the one asked
  const budgets = data.analysis.budgets;
  const budget = Number(stepper.params.get("budget")) || (budgets.length && !budgets.includes(data.analysis.default) ? budgets[0] : null);
  const section = h("section", { id: "analysis" });
  document.getElementById("main").prepend(section);
  // Asking for an analysis takes a key (it is counted against it): the one the recorder keeps on this device,
  // if any, is sent with the ask (and only with it); without one the panel says where to set it.
  const key = localStorage.getItem("banquise.apiKey");
  const request = (url, init) =>
    fetch(url, key && init.method === "POST" ? { ...init, headers: { ...init.headers, Authorization: "Bearer " + key } } : init);
  const analysis = new AnalysisPanel(section, {
    game: data.game, ctx, budget, request,
    onMove: (n) => stepper.goToMove(n),
    onJudged: (judged) => {
      ctx.judged = judged;
      stepper.timeline.render();
      stepper.timeline.mark(stepper.step);
    },
  });
  analysis.start(budgets.includes(budget || data.analysis.default));
  return analysis;
}
