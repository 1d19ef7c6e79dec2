// Banquise viewer: the server sends the page's shell with the first replay and one page of the timeline
// (around the step shown) as JSON; the board is drawn here from GET /games/{id}/replay/{step}
// (board/index.js, the recorder's too), the rest of the timeline fetched from /timeline as the reader
// scrolls or steps to it (timeline.js). The URL keeps ?step=N; a live game is followed through /live
// (Server-Sent Events), fetching only the timeline entries after the last one fetched.
import { AnalysisPanel } from "../analysis.js";
import { h } from "../dom.js";
import { loadBoard, renderBoard } from "../board/index.js";
import { liveScore } from "./live-score.js";
import { Timeline } from "./timeline.js";

const data = JSON.parse(document.getElementById("viewer-data").textContent);
const body = document.body;
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const ctx = { players: data.players, lang: data.lang, words: data.words };
await loadBoard(data.kind, data.board_module);
const game = data.game;
let steps = data.steps;
let step = data.replay.step;
let perspective = data.perspective;
let asked = 0; // the newest request wins, whatever order the answers arrive in
let wanted = step; // the step asked for last: quick key presses count from it, not from the one shown

function href(n) {
  const p = new URLSearchParams(params);
  p.set("step", String(n));
  return "?" + p.toString();
}
const timeline = new Timeline($("timeline-list"), ctx,
  { game, lang: data.lang, steps, page: data.timeline_page, entries: data.timeline }, href);

// By move or turn, the next step is where the timeline says a move ends or a turn starts: the pages it
// walks into are fetched first (steps by event need none).
function nextStep() {
  const by = $("by").value;
  return by === "event" ? Math.min(wanted + 1, steps) : timeline.after(wanted, by);
}
function previousStep() {
  const by = $("by").value;
  return by === "event" ? Math.max(wanted - 1, 1) : timeline.before(wanted, by);
}
// One step asked after another: a key pressed again while a page is fetched counts from where the
// first press went.
let moving = Promise.resolve();
function move(to) {
  moving = moving
    .then(to)
    .then((target) => {
      if (target !== null && target !== undefined) go(target);
    })
    .catch(() => {});
}
function keepUrl() {
  params.set("step", String(step));
  params.set("perspective", perspective);
  params.set("by", $("by").value);
  params.set("lang", data.lang);
  history.replaceState(null, "", location.pathname + "?" + params.toString());
}
function show(replay) {
  renderBoard($("board"), replay, ctx);
  step = replay.step;
  $("slider").value = String(step);
  $("step-number").textContent = String(step);
  $("json").setAttribute("href", "/games/" + game + "/replay/" + step + "?perspective=" + encodeURIComponent(perspective));
  timeline.mark(step);
  if (analysis) analysis.mark(moveOf(step));
  keepUrl();
  body.dataset.shown = String(step); // tests wait for this
}
async function go(target) {
  target = Math.max(1, Math.min(steps, target));
  const mine = ++asked;
  wanted = target;
  timeline.ensure(target).then(() => {
    if (mine === asked) timeline.mark(step);
  });
  const answer = await fetch("/games/" + game + "/replay/" + target + "?perspective=" + encodeURIComponent(perspective));
  if (!answer.ok || mine !== asked) return;
  const replay = await answer.json();
  if (mine === asked) show(replay);
}

$("first").addEventListener("click", () => move(() => 1));
$("prev").addEventListener("click", () => move(previousStep));
$("next").addEventListener("click", () => move(nextStep));
$("last").addEventListener("click", () => move(() => steps));
$("slider").addEventListener("input", (e) => go(Number(e.target.value)));
// After a choice, the arrows step the board again rather than the select's options.
$("by").addEventListener("change", (e) => {
  e.target.blur();
  keepUrl();
});
$("perspective").addEventListener("change", (e) => {
  perspective = e.target.value;
  e.target.blur();
  go(wanted);
});
$("lang").addEventListener("change", (e) => {
  params.set("lang", e.target.value);
  location.search = params.toString();
});
$("timeline-list").addEventListener("click", (e) => {
  const li = e.target.closest("li[data-step]");
  if (!li) return;
  e.preventDefault();
  go(Number(li.dataset.step));
});
document.addEventListener("keydown", (e) => {
  // a focused select or slider keeps its own arrow keys
  const own = e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;
  if (own || e.altKey || e.ctrlKey || e.metaKey) return;
  const moves = { ArrowRight: nextStep, ArrowLeft: previousStep, Home: () => 1, End: () => steps };
  const to = moves[e.key];
  if (!to) return;
  e.preventDefault();
  move(to);
});

// A finished game's analysis (analysis.js): its graph moves the board to the move chosen (the step after
// it, as /replay?move=N gives it); the timeline marks the decisions it judged.
let analysis = null;
function moveOf(s) {
  const e = timeline.held.get(s);
  return e ? e.move_number : 0;
}
async function goToMove(n) {
  const mine = ++asked;
  const answer = await fetch("/games/" + game + "/replay?move=" + n + "&perspective=" + encodeURIComponent(perspective));
  if (!answer.ok || mine !== asked) return;
  const replay = await answer.json();
  wanted = replay.step;
  await timeline.ensure(replay.step);
  if (mine === asked) show(replay);
}
if (data.analysis) {
  // the budget in the address, else the default one when it was asked, else the one asked
  const budgets = data.analysis.budgets;
  const budget = Number(params.get("budget")) || (budgets.length && !budgets.includes(data.analysis.default) ? budgets[0] : null);
  const section = h("section", { id: "analysis" });
  $("main").prepend(section);
  // Asking for an analysis takes a key (it is counted against it): the one the recorder keeps on this device,
  // if any, is sent with the ask (and only with it); without one the panel says where to set it.
  const key = localStorage.getItem("banquise.apiKey");
  const request = (url, init) =>
    fetch(url, key && init.method === "POST" ? { ...init, headers: { ...init.headers, Authorization: "Bearer " + key } } : init);
  analysis = new AnalysisPanel(section, {
    game, ctx, budget, request,
    onMove: (n) => goToMove(n),
    onJudged: (judged) => {
      ctx.judged = judged;
      timeline.render();
      timeline.mark(step);
    },
  });
  analysis.start(budgets.includes(budget || data.analysis.default));
}

timeline.render();
show(data.replay);

if (data.status === "live") {
  const score = $("live-score");
  liveScore(score, game, ctx);
  if (window.EventSource) {
    const stream = new EventSource("/games/" + game + "/live?after=" + steps);
    let tail = steps; // the timeline's entries are fetched up to here: the live ones follow
    let busy = false;
    let again = false;
    let chase = false; // the reader was at the last step: the board follows the new ones
    async function once() {
      // only the entries after the last one fetched, page after page (wherever the reader is in the
      // timeline: a correction among them marks the steps it took back)
      for (let pages = 0; tail < steps && pages < 100; pages++) {
        const last = await timeline.fetchPage(tail, data.timeline_page);
        if (last <= tail) break;
        tail = last;
      }
      timeline.mark(step);
      await liveScore(score, game, ctx);
      if (chase) {
        chase = false;
        await go(steps);
      }
    }
    async function refresh() {
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      try {
        do {
          again = false;
          await once();
        } while (again);
      } finally {
        busy = false;
      }
    }
    stream.addEventListener("event", (e) => {
      const version = Number(e.lastEventId);
      if (wanted === steps) chase = true;
      steps = Math.max(steps, version);
      timeline.steps = steps;
      $("slider").max = String(steps);
      $("step-count").textContent = String(steps);
      refresh();
    });
    stream.addEventListener("end", () => {
      stream.close();
      const reload = () => {
        if (busy) return setTimeout(reload, 100);
        body.dataset.status = "finished";
        location.search = params.toString(); // the finished page: every perspective is public now
      };
      reload();
    });
  }
}
