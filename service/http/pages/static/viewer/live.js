// A live game followed through /live (Server-Sent Events): the timeline's entries after the last one
// fetched (wherever the reader is in the timeline: a correction among them marks the steps it took
// back), the running score, and the board at the last step when the reader was there. The game's end
// loads the finished page (every perspective is public then).
import { liveScore } from "./live-score.js";

export class LiveFollow {
  constructor(stepper, data, ctx) {
    this.stepper = stepper;
    this.data = data;
    this.ctx = ctx;
    this.score = document.getElementById("live-score");
    this.tail = stepper.steps; // the timeline's entries are fetched up to here: the live ones follow
    this.busy = false;
    this.again = false;
    this.chase = false; // the reader was at the last step: the board follows the new ones
  }

  start() {
    liveScore(this.score, this.data.game, this.ctx);
    if (!window.EventSource) return;
    const stream = new EventSource("/games/" + this.data.game + "/live?after=" + this.stepper.steps);
    stream.addEventListener("event", (e) => {
      if (this.stepper.wanted === this.stepper.steps) this.chase = true;
      this.stepper.grown(Number(e.lastEventId));
      this.refresh();
    });
    stream.addEventListener("end", () => {
      stream.close();
      this.finished();
    });
  }

  finished() {
    if (this.busy) return setTimeout(() => this.finished(), 100);
    document.body.dataset.status = "finished";
    location.search = this.stepper.params.toString();
  }

  async once() {
    const stepper = this.stepper;
    const from = this.tail;
    for (let pages = 0; this.tail < stepper.steps && pages < 100; pages++) {
      const last = await stepper.timeline.fetchPage(this.tail, this.data.timeline_page);
      if (last <= this.tail) break;
      this.tail = last;
    }
    stepper.timeline.mark(stepper.step);
    await liveScore(this.score, this.data.game, this.ctx);
    if (this.chase) {
      // The board goes as far as the timeline holds, not to the newest step the stream named: events that
      // came while the page was fetched would show a step with no entry beside it. The next round goes on.
      // (A page may also reach past the steps the stream has named so far: those wait for their events.)
      const shown = Math.min(this.tail, stepper.steps);
      if (shown !== stepper.wanted) await stepper.go(shown);
      if (shown >= stepper.steps) this.chase = false;
      else if (this.tail > from || this.tail > shown) this.again = true;
      else setTimeout(() => this.refresh(), 1000); // the page could not be fetched: asked again shortly
    }
  }

  async refresh() {
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    try {
      do {
        this.again = false;
        await this.once();
      } while (this.again);
    } finally {
      this.busy = false;
    }
  }
}
