// The viewer's board and where it is: the step shown (?step=N in the address), stepped by event, move or
// turn with the buttons, the slider, the keys and the timeline; the board of a step drawn from GET
// /games/{id}/replay/{step} (board/index.js, the recorder's too). The newest step asked wins, whatever
// order the answers arrive in.
import { renderBoard } from "../board/index.js";
import { Timeline } from "./timeline.js";

const $ = (id) => document.getElementById(id);

export class Stepper {
  constructor(data, ctx) {
    this.ctx = ctx;
    this.game = data.game;
    this.lang = data.lang;
    this.steps = data.steps;
    this.step = data.replay.step;
    this.perspective = data.perspective;
    this.params = new URLSearchParams(location.search);
    this.asked = 0; // the newest request wins, whatever order the answers arrive in
    this.wanted = this.step; // the step asked for last: quick key presses count from it, not from the one shown
    this.moving = Promise.resolve(); // one step asked after another
    this.analysis = null; // a finished game's analysis panel, which marks the move shown
    this.timeline = new Timeline($("timeline-list"), ctx,
      { game: this.game, lang: data.lang, steps: this.steps, page: data.timeline_page, entries: data.timeline }, (n) => this.href(n));
  }

  href(n) {
    const p = new URLSearchParams(this.params);
    p.set("step", String(n));
    return "?" + p.toString();
  }

  // By move or turn, the next step is where the timeline says a move ends or a turn starts: the pages it
  // walks into are fetched first (steps by event need none).
  nextStep() {
    const by = $("by").value;
    return by === "event" ? Math.min(this.wanted + 1, this.steps) : this.timeline.after(this.wanted, by);
  }

  previousStep() {
    const by = $("by").value;
    return by === "event" ? Math.max(this.wanted - 1, 1) : this.timeline.before(this.wanted, by);
  }

  // One step asked after another: a key pressed again while a page is fetched counts from where the
  // first press went.
  move(to) {
    this.moving = this.moving
      .then(to)
      .then((target) => {
        if (target !== null && target !== undefined) this.go(target);
      })
      .catch(() => {});
  }

  keepUrl() {
    this.params.set("step", String(this.step));
    this.params.set("perspective", this.perspective);
    this.params.set("by", $("by").value);
    this.params.set("lang", this.lang);
    history.replaceState(null, "", location.pathname + "?" + this.params.toString());
  }

  show(replay) {
    renderBoard($("board"), replay, this.ctx);
    this.step = replay.step;
    $("slider").value = String(this.step);
    $("step-number").textContent = String(this.step);
    $("json").setAttribute("href", "/games/" + this.game + "/replay/" + this.step + "?perspective=" + encodeURIComponent(this.perspective));
    this.timeline.mark(this.step);
    if (this.analysis) this.analysis.mark(this.moveOf(this.step));
    this.keepUrl();
    document.body.dataset.shown = String(this.step); // tests wait for this
  }

  async go(target) {
    target = Math.max(1, Math.min(this.steps, target));
    const mine = ++this.asked;
    this.wanted = target;
    this.timeline.ensure(target).then(() => {
      if (mine === this.asked) this.timeline.mark(this.step);
    });
    const answer = await fetch("/games/" + this.game + "/replay/" + target + "?perspective=" + encodeURIComponent(this.perspective));
    if (!answer.ok || mine !== this.asked) return;
    const replay = await answer.json();
    if (mine === this.asked) this.show(replay);
  }

  // the move a step belongs to (the analysis marks it)
  moveOf(s) {
    const e = this.timeline.held.get(s);
    return e ? e.move_number : 0;
  }

  // a point of the analysis graph: the step after that move, as /replay?move=N gives it
  async goToMove(n) {
    const mine = ++this.asked;
    const answer = await fetch("/games/" + this.game + "/replay?move=" + n + "&perspective=" + encodeURIComponent(this.perspective));
    if (!answer.ok || mine !== this.asked) return;
    const replay = await answer.json();
    this.wanted = replay.step;
    await this.timeline.ensure(replay.step);
    if (mine === this.asked) this.show(replay);
  }

  // the step a live game's new events reach: the slider and the count follow
  grown(version) {
    this.steps = Math.max(this.steps, version);
    this.timeline.steps = this.steps;
    $("slider").max = String(this.steps);
    $("step-count").textContent = String(this.steps);
  }
}
