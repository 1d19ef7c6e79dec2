// Banquise viewer: the server renders every board; this script only asks for the next one,
// keeps the URL (?step=N) in step, and follows a live game through /live (Server-Sent Events).
(function () {
  "use strict";
  const body = document.body;
  const game = body.dataset.game;
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const board = () => $("board");
  let step = Number(board().dataset.step);
  let steps = Number(board().dataset.steps);
  let perspective = board().dataset.perspective;
  let lang = body.dataset.lang;
  let asked = 0; // the newest request wins, whatever order the answers arrive in
  let wanted = step; // the step asked for last: quick key presses count from it, not from the one shown

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
  function markTimeline() {
    document.querySelectorAll("#timeline li.current").forEach((li) => li.classList.remove("current"));
    const li = document.querySelector('#timeline li[data-step="' + step + '"]');
    if (li) {
      li.classList.add("current");
      li.scrollIntoView({ block: "nearest" });
    }
  }
  function keepUrl() {
    params.set("step", String(step));
    params.set("perspective", perspective);
    params.set("by", $("by").value);
    params.set("lang", lang);
    history.replaceState(null, "", location.pathname + "?" + params.toString());
  }
  async function go(target) {
    target = Math.max(1, Math.min(steps, target));
    const mine = ++asked;
    wanted = target;
    const url = "/games/" + game + "/watch/board?step=" + target + "&perspective=" + encodeURIComponent(perspective) + "&lang=" + lang;
    const answer = await fetch(url);
    if (!answer.ok || mine !== asked) return;
    board().outerHTML = await answer.text();
    step = target;
    $("slider").value = String(step);
    $("step-number").textContent = String(step);
    markTimeline();
    keepUrl();
    body.dataset.shown = String(step); // tests wait for this
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
  $("timeline").addEventListener("click", (e) => {
    const li = e.target.closest("li[data-step]");
    if (li) go(Number(li.dataset.step));
  });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLSelectElement || e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = { ArrowRight: nextStep, ArrowLeft: previousStep, Home: () => 1, End: () => steps };
    const to = moves[e.key];
    if (!to) return;
    e.preventDefault();
    go(to());
  });
  markTimeline();
  body.dataset.shown = String(step);

  if (body.dataset.status === "live" && window.EventSource) {
    const stream = new EventSource("/games/" + game + "/live?after=" + steps);
    let refreshing = Promise.resolve();
    stream.addEventListener("event", (e) => {
      const version = Number(e.lastEventId);
      const following = wanted === steps;
      steps = Math.max(steps, version);
      $("slider").max = String(steps);
      $("step-count").textContent = String(steps);
      refreshing = refreshing.then(async () => {
        const answer = await fetch("/games/" + game + "/watch/timeline?current=" + step + "&lang=" + lang);
        if (answer.ok) $("timeline").outerHTML = await answer.text();
        if (following) await go(steps);
        else markTimeline();
      });
    });
    stream.addEventListener("end", () => {
      stream.close();
      refreshing.then(() => {
        body.dataset.status = "finished";
        location.search = params.toString(); // the finished page: every perspective is public now
      });
    });
  }
})();
