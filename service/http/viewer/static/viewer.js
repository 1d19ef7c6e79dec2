// Banquise viewer: the server sends the page's shell with the first replay and the timeline as JSON;
// the board is drawn here from GET /games/{id}/replay/{step} (board/index.js, the recorder's too).
// The URL keeps ?step=N; a live game is followed through /live (Server-Sent Events), fetching only the
// timeline entries after the last one held.
import { loadBoard, renderBoard } from "./board/index.js";
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
const timeline = new Timeline($("timeline-list"), ctx, data.timeline, href);

function marks(attr) {
  return Array.from(document.querySelectorAll("#timeline li[" + attr + '="1"]')).map((li) => Number(li.dataset.step));
}
function boundaries() {
  const by = $("by").value;
  if (by === "move") return marks("data-move-end");
  if (by === "turn") return marks("data-turn-start");
  return null;
}
function nextStep() {
  const b = boundaries();
  if (!b) return Math.min(wanted + 1, steps);
  const after = b.filter((s) => s > wanted);
  return after.length ? after[0] : steps;
}
function previousStep() {
  const b = boundaries();
  if (!b) return Math.max(wanted - 1, 1);
  const before = b.filter((s) => s < wanted);
  return before.length ? before[before.length - 1] : 1;
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
  keepUrl();
  body.dataset.shown = String(step); // tests wait for this
}
async function go(target) {
  target = Math.max(1, Math.min(steps, target));
  const mine = ++asked;
  wanted = target;
  const answer = await fetch("/games/" + game + "/replay/" + target + "?perspective=" + encodeURIComponent(perspective));
  if (!answer.ok || mine !== asked) return;
  const replay = await answer.json();
  if (mine === asked) show(replay);
}

$("first").addEventListener("click", () => go(1));
$("prev").addEventListener("click", () => go(previousStep()));
$("next").addEventListener("click", () => go(nextStep()));
$("last").addEventListener("click", () => go(steps));
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
  go(to());
});

timeline.render(step);
show(data.replay);

if (data.status === "live") {
  const score = $("live-score");
  liveScore(score, game, ctx);
  if (window.EventSource) {
    const stream = new EventSource("/games/" + game + "/live?after=" + steps);
    let busy = false;
    let again = false;
    let chase = false; // the reader was at the last step: the board follows the new ones
    async function once() {
      // only the entries after the last one held, page after page (a server without paging sends
      // every entry: add() keeps the new ones)
      for (let pages = 0; timeline.last < steps && pages < 100; pages++) {
        const after = timeline.last;
        const answer = await fetch("/games/" + game + "/timeline?after=" + after + "&lang=" + data.lang);
        if (!answer.ok) break;
        timeline.add((await answer.json()).entries.filter((x) => x.step > after));
        if (timeline.last === after) break;
      }
      timeline.render(step);
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
