// A finished game's analysis (issue #37), the viewer's and the recorder's: GET /games/{id}/analysis answers
// 404 analysis_not_requested (a button asks for it: POST), 202 with the job's progress (a progress bar,
// asked again until done) or 200 with the analysis, drawn as an evaluation graph: one line per seat, its
// win chance after each move from everything the record knows (`omniscient`), the current move marked,
// the decisions judged an inaccuracy, a mistake or a blunder marked under it. The graph is a slider for
// the keyboard (arrows, Home, End, Page Up/Down) and a click target: both move the page to that move
// (`onMove`). Its text alternative: each point's value as the slider's text, and the whole as a table.
// The judgements go to the page's timeline through `onJudged` (move number -> judgement).
import { h, svg } from "./dom.js";
import { capitalise, playerName, word } from "./words.js";

const WIDTH = 1000; // the drawing's own units: it stretches to the panel's width
const HEIGHT = 300;
const POLL_MS = 1000;
const MARKED = new Set(["inaccuracy", "mistake", "blunder"]);

const percent = (x) => Math.round(x * 100) + "%";

export class AnalysisPanel {
  /** `root`: the (empty) element the panel fills; `game`: its id; `ctx`: the page's players and words;
   * `budget`: the analysis's (null: the service's default); `request(url, init)`: a fetch with the
   * caller's key; `onMove(n)`: go to the board after move n; `onJudged(map)`: the judgements, by move. */
  constructor(root, { game, ctx, budget = null, request = (url, init) => fetch(url, init), onMove, onJudged, live = false }) {
    this.live = live; // a live game's owner (the recorder's page): the outlook so far, asked again as it goes on
    this.root = root;
    this.game = game;
    this.ctx = ctx;
    this.budget = budget;
    this.request = request;
    this.onMove = onMove || (() => {});
    this.onJudged = onJudged || (() => {});
    this.analysis = null;
    this.current = 0;
    this.timer = null;
    root.classList.add("analysis");
    root.setAttribute("aria-labelledby", "analysis-title");
    this.title = h("h2", { id: "analysis-title", text: word(ctx, "analysis") });
    this.body = h("div", { class: "analysis-body", "aria-live": "polite" });
    root.replaceChildren(this.title, this.body);
  }

  url() {
    return "/games/" + this.game + "/analysis" + (this.budget ? "?budget=" + this.budget : "");
  }

  say(text, role) {
    this.body.replaceChildren(h("p", { class: "analysis-status", role: role || null, text }));
  }

  /** Read the analysis if it was asked for (`asked`), else offer to ask for it. */
  start(asked) {
    if (asked) this.load();
    else this.offer();
  }

  /** Read the analysis: draw it, follow its progress, or offer to ask for it. */
  async load() {
    clearTimeout(this.timer);
    if (!this.analysis) this.root.dataset.analysis = "loading";
    let answer;
    try {
      answer = await this.request(this.url(), { headers: { Accept: "application/json" }, cache: "no-store" });
    } catch {
      this.timer = setTimeout(() => this.load(), POLL_MS * 3);
      return;
    }
    const body = await answer.json().catch(() => ({}));
    if (answer.status === 200) return this.draw(body);
    if (answer.status === 202) return this.progress(body);
    if (answer.status === 404 && body.code === "analysis_not_requested") return this.offer();
    this.root.dataset.analysis = "unavailable";
    this.say(word(this.ctx, "analysis_unavailable", { reason: body.detail || body.title || answer.status }));
  }

  offer() {
    this.root.dataset.analysis = "none";
    const label = this.live ? "analysis_outlook" : "analysis_ask";
    const button = h("button", { type: "button", id: "analysis-ask", class: "analysis-ask", text: word(this.ctx, label) });
    button.addEventListener("click", () => this.ask());
    this.body.replaceChildren(button);
  }

  async ask() {
    const init = { method: "POST", headers: { Accept: "application/json", "Content-Type": "application/json" } };
    if (this.budget) init.body = JSON.stringify({ budget: this.budget });
    const answer = await this.request("/games/" + this.game + "/analysis", init).catch(() => null);
    const body = answer ? await answer.json().catch(() => ({})) : {};
    if (answer && answer.status === 202) return this.progress(body);
    if (answer && answer.status === 401) {
      // a new analysis is a worker's time, counted against a key: the recorder page keeps one on this device
      this.root.dataset.analysis = "key-needed";
      this.say(word(this.ctx, "analysis_key_needed"), "alert");
      return;
    }
    this.root.dataset.analysis = "unavailable";
    this.say(word(this.ctx, "analysis_unavailable", { reason: body.detail || body.title || "offline" }), "alert");
  }

  progress(p) {
    if (p.status === "done") return this.load(); // asked again, done already
    if (p.status === "failed") {
      this.root.dataset.analysis = "failed";
      this.say(word(this.ctx, "analysis_failed", { reason: p.failure || "" }), "alert");
      return;
    }
    this.root.dataset.analysis = "running";
    const text = word(this.ctx, "analysis_progress", { done: p.steps_done, total: p.steps_total });
    this.body.replaceChildren(
      h("p", { class: "analysis-status", id: "analysis-progress-text", text }),
      h("progress", { max: Math.max(1, p.steps_total), value: p.steps_done, "aria-labelledby": "analysis-progress-text" }));
    this.timer = setTimeout(() => this.load(), POLL_MS);
  }

  // ------------------------------------------------------------------ the analysis, drawn
  x(i) {
    const n = this.analysis.steps.length;
    return n <= 1 ? WIDTH / 2 : (i * WIDTH) / (n - 1);
  }

  y(win) {
    return HEIGHT - win * HEIGHT;
  }

  chances(i) {
    const step = this.analysis.steps[i];
    return step.omniscient.seats.map((s) => playerName(this.ctx, s.seat) + " " + percent(s.win)).join(", ");
  }

  judgement(i) {
    const j = this.analysis.steps[i].judgement;
    return j && MARKED.has(j.verdict) ? j : null;
  }

  draw(analysis) {
    this.analysis = analysis;
    const ctx = this.ctx;
    const n = analysis.steps.length;
    const judged = new Map();
    analysis.steps.forEach((s, i) => {
      if (s.judgement) judged.set(i + 1, s.judgement);
    });
    this.onJudged(judged);
    if (!n) {
      this.say(word(ctx, "analysis_unavailable", { reason: "0 moves" }));
      return;
    }
    const seats = analysis.players.map((_, seat) => seat);
    const grid = [0.25, 0.5, 0.75].map((w) => svg("line", { class: "grid", x1: 0, x2: WIDTH, y1: this.y(w), y2: this.y(w) }));
    // each line's band: two standard errors of its estimate either side (analyses before analysis-3: none)
    const widest = Math.max(0, ...analysis.steps.flatMap((s) => s.omniscient.seats.map((o) => o.win_error || 0)));
    const bands = widest > 0 ? seats.map((seat) => {
      const edge = (sign) => analysis.steps.map((s, i) => {
        const o = s.omniscient.seats[seat];
        const w = Math.max(0, Math.min(1, o.win + sign * 2 * (o.win_error || 0)));
        return this.x(i).toFixed(1) + "," + this.y(w).toFixed(1);
      });
      return svg("polygon", { class: "band seat-" + seat, points: edge(1).concat(edge(-1).reverse()).join(" ") });
    }) : [];
    const lines = seats.map((seat) => svg("polyline", {
      class: "line seat-" + seat, "data-seat": seat,
      points: analysis.steps.map((s, i) => this.x(i).toFixed(1) + "," + this.y(s.omniscient.seats[seat].win).toFixed(1)).join(" "),
    }));
    const marks = [];
    analysis.steps.forEach((s, i) => {
      const j = this.judgement(i);
      if (j) marks.push(svg("rect", { class: "verdict " + j.verdict + " seat-" + j.seat, x: this.x(i) - 4, y: HEIGHT - 18, width: 8, height: 18 }));
    });
    this.cursor = svg("line", { class: "cursor", y1: 0, y2: HEIGHT, x1: 0, x2: 0 });
    // the current move's points: HTML over the drawing (round at any width; the drawing stretches)
    this.dots = seats.map((seat) => h("span", { class: "dot seat-" + seat, "aria-hidden": "true" }));
    const drawing = svg("svg", { viewBox: "0 0 " + WIDTH + " " + HEIGHT, preserveAspectRatio: "none", "aria-hidden": "true", focusable: "false" },
      svg("rect", { class: "frame", x: 0, y: 0, width: WIDTH, height: HEIGHT }), grid, bands, lines, marks, this.cursor);
    this.graph = h("div", {
      class: "eval-graph", id: "eval-graph", role: "slider", tabindex: 0,
      "aria-label": word(ctx, "analysis_graph"), "aria-valuemin": 1, "aria-valuemax": n, "aria-valuenow": 1,
    }, drawing, this.dots);
    this.graph.addEventListener("click", (e) => {
      const box = drawing.getBoundingClientRect();
      const at = Math.round(((e.clientX - box.left) / Math.max(1, box.width)) * (n - 1));
      this.choose(Math.max(0, Math.min(n - 1, at)) + 1);
    });
    this.graph.addEventListener("keydown", (e) => {
      const keys = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 };
      let to = null;
      if (e.key in keys) to = Math.max(1, Math.min(n, (this.current || 0) + keys[e.key]));
      else if (e.key === "Home") to = 1;
      else if (e.key === "End") to = n;
      if (to === null || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      e.stopPropagation(); // the page's own arrow keys step by event: here they go by move
      this.choose(to);
    });
    const legend = h("ul", { class: "eval-legend" }, seats.map((seat) => h("li", { class: "seat-" + seat },
      h("span", { class: "swatch seat-" + seat, "aria-hidden": "true" }), playerName(ctx, seat))));
    this.root.dataset.analysis = "done";
    const caption = h("p", { class: "muted eval-caption", text: word(ctx, "analysis_caption") });
    const band = widest > 0 ? h("p", { class: "muted eval-band", text: word(ctx, "analysis_band", { points: Math.max(1, Math.round(200 * widest)) }) }) : null;
    const how = analysis.evaluation ? h("p", { class: "muted", text: word(ctx, "analysis_evaluation", { evaluation: analysis.evaluation }) }) : null;
    let update = null;
    if (this.live) {
      update = h("button", { type: "button", class: "analysis-ask", text: word(ctx, "analysis_update") });
      update.addEventListener("click", () => this.ask());
    }
    this.body.replaceChildren(...[legend, this.graph, caption, band, this.latest(), update, this.accuracy(), this.errors(), this.table(),
      h("p", { class: "muted", text: word(ctx, "analysis_budget", { budget: analysis.budget, policy: analysis.policy }) }), how].filter(Boolean));
    this.mark(this.current);
  }

  /** The last decision judged (the outlook's news as a live game goes on), with the better move if any. */
  latest() {
    const steps = this.analysis.steps;
    for (let i = steps.length - 1; i >= 0; i--) {
      const j = steps[i].judgement;
      if (!j) continue;
      const text = word(this.ctx, "analysis_latest", { move: i + 1, player: playerName(this.ctx, j.seat), verdict: word(this.ctx, "verdict_" + j.verdict) });
      return h("p", { class: "analysis-latest", id: "analysis-latest" }, text, j.advice ? " " + better(this.ctx, j) : "");
    }
    return null;
  }

  choose(move) {
    this.mark(move);
    this.onMove(move);
  }

  /** The current move marked (0: before the first move). */
  mark(move) {
    this.current = move;
    if (!this.analysis || !this.graph) return;
    const n = this.analysis.steps.length;
    const i = Math.max(0, Math.min(n - 1, move - 1));
    const shown = move >= 1;
    this.cursor.setAttribute("x1", this.x(i));
    this.cursor.setAttribute("x2", this.x(i));
    this.cursor.classList.toggle("hidden", !shown);
    this.dots.forEach((dot, seat) => {
      // CSSOM, not a style attribute: the pages' Content-Security-Policy allows the one, not the other
      dot.style.left = ((100 * this.x(i)) / WIDTH).toFixed(2) + "%";
      dot.style.top = ((100 * this.y(this.analysis.steps[i].omniscient.seats[seat].win)) / HEIGHT).toFixed(2) + "%";
      dot.classList.toggle("hidden", !shown);
    });
    this.graph.setAttribute("aria-valuenow", String(Math.max(1, move)));
    const j = this.judgement(i);
    const verdict = j ? " — " + playerName(this.ctx, j.seat) + ": " + word(this.ctx, "verdict_" + j.verdict) : "";
    this.graph.setAttribute("aria-valuetext", word(this.ctx, "analysis_point", { move: i + 1, chances: this.chances(i) }) + verdict);
    this.root.dataset.move = String(move);
    for (const row of this.root.querySelectorAll("tr.current")) row.classList.remove("current");
    const row = this.root.querySelector('tr[data-move="' + move + '"]');
    if (row) row.classList.add("current");
  }

  accuracy() {
    const ctx = this.ctx;
    const rows = this.analysis.accuracy.map((a) => h("tr", { class: "seat-" + a.seat },
      h("th", { scope: "row", text: playerName(ctx, a.seat) }),
      h("td", { text: a.accuracy === null ? "—" : a.accuracy.toFixed(1) }),
      h("td", { text: a.inaccuracies }), h("td", { text: a.mistakes }), h("td", { text: a.blunders })));
    return h("table", { class: "accuracy", id: "analysis-accuracy" },
      h("caption", { text: word(ctx, "analysis_accuracy") }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: word(ctx, "player") }),
        h("th", { scope: "col", text: word(ctx, "analysis_accuracy") }),
        ...["inaccuracy", "mistake", "blunder"].map((v) => h("th", { scope: "col", text: capitalise(word(ctx, "verdict_" + v)) })))),
      h("tbody", {}, rows));
  }

  /** The decisions judged an inaccuracy or worse, each a link to its move, with the better move. */
  errors() {
    const ctx = this.ctx;
    const items = [];
    this.analysis.steps.forEach((s, i) => {
      const j = this.judgement(i);
      if (!j) return;
      const link = h("a", { href: "#move-" + (i + 1), "data-move": i + 1 },
        h("span", { class: "verdict-tag " + j.verdict, text: word(ctx, "verdict_" + j.verdict) }),
        " " + word(ctx, "analysis_move") + " " + (i + 1) + ", " + playerName(ctx, j.seat) + ": " + j.played + ". ",
        h("span", { class: "better", text: better(ctx, j) }));
      link.addEventListener("click", (e) => {
        e.preventDefault();
        this.choose(i + 1);
      });
      items.push(h("li", {}, link));
    });
    if (!items.length) return null;
    return h("details", { class: "analysis-errors" }, h("summary", { text: word(ctx, "analysis_judged") + " (" + items.length + ")" }),
      h("ul", {}, items));
  }

  /** The graph's text alternative: every move's win chances and judgement. */
  table() {
    const ctx = this.ctx;
    const seats = this.analysis.players.map((_, seat) => seat);
    const rows = this.analysis.steps.map((s, i) => {
      const j = s.judgement;
      return h("tr", { "data-move": i + 1 }, h("th", { scope: "row", text: i + 1 }),
        s.omniscient.seats.map((o) => h("td", { text: percent(o.win) })),
        h("td", { text: j ? playerName(ctx, j.seat) + ": " + word(ctx, "verdict_" + j.verdict) : "" }));
    });
    return h("details", { class: "analysis-table" }, h("summary", { text: word(ctx, "analysis_table") }),
      h("div", { class: "table-scroll", tabindex: 0, role: "region", "aria-label": word(ctx, "analysis_table") },
        h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col", text: word(ctx, "analysis_move") }),
          seats.map((seat) => h("th", { scope: "col", text: playerName(ctx, seat) })),
          h("th", { scope: "col", text: word(ctx, "analysis_verdict") }))), h("tbody", {}, rows))));
  }
}

/** A judgement as the timeline says it: its verdict and the better move (null: nothing to mark). */
export function judgementNote(ctx, j) {
  if (!j || !MARKED.has(j.verdict)) return null;
  return h("span", { class: "note judgement " + j.verdict, "data-verdict": j.verdict },
    h("span", { class: "verdict-tag " + j.verdict, text: word(ctx, "verdict_" + j.verdict) }),
    " " + better(ctx, j));
}

/** The better move: the analysis's sentence for it when it has one ("Nanook could have placed ..."),
 * else the better move's timeline lines. */
function better(ctx, j) {
  return j.advice && !j.advice.includes(" could have: ") ? j.advice : word(ctx, "analysis_better", { best: j.best });
}
