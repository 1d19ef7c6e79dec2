// /games/{id}/recorder: the board, what the table can do now, the timeline, corrections. Every tap
// goes to the queue first (shown at once as pending), then to the server in order (sync.js). The page's
// parts: what it reads of the game (game-reads.js), the next decision (decisions.js), the page as drawn
// (record-view.js); here, what the page holds and what the table does.
import { analysisPanel } from "./analysis.js";
import { api, Problem } from "./api.js";
import { drawBoard } from "./board.js";
import { Decisions } from "./decisions.js";
import { engineStarted, startEngine } from "./engine.js";
import { GameReads } from "./game-reads.js";
import { askedCorrection } from "./controls.js";
import { apiKey } from "./key.js";
import { kindOf } from "./kinds.js";
import { frame, languageBox, t } from "./lang.js";
import { forgetPath, keepPath, keptPath } from "./path.js";
import { RecordView } from "./record-view.js";
import { enqueue, queued, remove } from "./store.js";
import { Sync } from "./sync.js";

export async function recordPage(app, game) {
  const page = new RecordPage(app, game);
  await page.start();
}

class RecordPage {
  constructor(app, game) {
    this.game = game;
    this.page = { summary: null, timeline: null, record: null, pending: [], sent: [], reached: false, error: null, made: [], decisionError: null };
    this.sync = new Sync(game, (what, item) => this.synced(what, item), () => this.newest());
    this.reads = new GameReads(game, () => { this.page.reached = false; });
    this.decisions = new Decisions(this);
    this.view = new RecordView(app, game);
    this.retryTimer = null;
    this.rendering = 0; // the newest render wins (each awaits the kept choices)
    this.loads = 0; // the newest read of the game wins
    this.rereads = 0; // reads again after answers that disagree (a move stored between them), a few at most
    this.analysis = null; // the game's analysis panel (analysis.js), made once (again once the game is finished)
    this.analysedFinished = false;
    this.moveAsked = 0; // the newest point of the analysis graph asked wins
    this.reveal = false; // after an undo: the next question brought into view
    this.correction = askedCorrection(); // an undo or abandon being confirmed, kept across redraws
  }

  // the newest version this page knows of: the one it read, or the one the last move it sent left
  // (a game's version only grows: a move, an undo, an abandon each add to it)
  newest() {
    const p = this.page;
    return Math.max(p.summary ? p.summary.version : 0, this.sync.version ?? 0, ...p.sent.map((m) => m.left));
  }

  async start() {
    document.getElementById("language-box").replaceChildren(languageBox(() => this.load()));
    frame();
    window.addEventListener("online", () => this.sync.kick());
    // the browser knows it lost the network before any request fails: the page records offline at once
    window.addEventListener("offline", () => {
      if (!this.page.reached) return;
      this.page.reached = false;
      this.render();
    });
    await this.load();
    this.sync.kick();
    // loaded in the background while online, so that the service worker keeps it for the offline hours
    startEngine().then((ok) => {
      document.body.dataset.engine = ok ? "ready" : "none";
      if (ok) document.body.dataset.engineStarted = engineStarted();
      this.render(); // the box says what came of it; offline, the rules build the moves from now on
    });
  }

  // a point of the analysis's graph: the board after that move (until the game's version changes)
  async showMove(n) {
    const asked = ++this.moveAsked;
    const replay = await api(`/games/${this.game}/replay?move=${n}`).catch(() => null);
    if (!replay || !this.page.summary || asked !== this.moveAsked) return;
    const root = this.view.boardRoot;
    root.dataset.step = String(replay.step);
    await drawBoard(root, { game: this.game, step: replay.step, players: this.page.summary.players }).catch(() => {});
    document.body.dataset.shown = String(replay.step);
  }

  // The game read again: its summary, the timeline and the record followed from what is held.
  async load() {
    const mine = ++this.loads;
    const page = this.page;
    page.reached = true;
    page.error = null;
    try {
      const summary = this.reads.summary();
      const answers = await Promise.all([
        summary,
        summary.then((s) => this.reads.timeline(page.timeline, s ? s.version : 0)),
        // where the engine starts offline (no engine is no reason to stop recording)
        apiKey() ? summary.then((s) => this.reads.record(s ? s.version : 0)).catch((e) => { page.engineError = e.message; return null; }) : null,
      ]);
      // a read that left before a newer one answers after it: the newer one's answers stand
      if (mine !== this.loads) return;
      [page.summary, page.timeline, page.record] = answers;
      // the moves sent since are forgotten once the answer read holds them (a read may have left
      // before the last of them was stored)
      if (page.reached && page.summary) page.sent = page.sent.filter((m) => m.left > page.summary.version);
      this.resume();
    } catch (error) {
      page.error = error instanceof Problem ? error.message : String(error);
    }
    page.pending = await queued(this.game);
    this.render();
  }

  // A move half built when the page was left (a reload, a phone put away) goes on where it was: its
  // taps are kept on this device with the version they were made at, and dropped at any other.
  resume() {
    const s = this.page.summary;
    if (this.page.made.length || !s) return;
    const path = keptPath(this.game);
    if (path && path.version === s.version && !this.page.pending.length) this.page.made = path.made;
  }

  remember() {
    const s = this.page.summary;
    if (this.page.made.length && s) keepPath(this.game, s.version, this.page.made);
    else forgetPath(this.game);
  }

  async synced(what, item) {
    const page = this.page;
    page.pending = await queued(this.game);
    clearTimeout(this.retryTimer);
    if (what === "sent") {
      // the server moved on from what the page last read: until it reads again ("idle"), the position
      // is the one read plus the moves sent since and those still queued, never the choices read before
      page.sent.push({ move: item.move, left: item.left });
      this.reads.followed(item.move, item.expected, item.left);
      return this.render();
    }
    if (what === "idle") return this.load();
    if (what === "offline") {
      const was = page.reached;
      page.reached = false;
      this.retryTimer = setTimeout(() => this.sync.kick(), 2000);
      // drawn again only as the network goes (not at every retry, every 2 s)
      return was ? this.render() : undefined;
    }
    // stopped: what the server holds now (from the version the stopped move expected), beside what is queued
    try {
      const version = page.summary ? page.summary.version : 0;
      page.timeline = await this.reads.tail(version, this.sync.stopped ? this.sync.stopped.item.expected : version);
    } catch { /* shown as last read */ }
    this.render();
  }

  // A decision taken: the next one (or the finished move) comes with the next render.
  choose(option) {
    this.page.made.push(option.id);
    this.page.decisionError = null;
    this.remember();
    this.render();
  }

  back() {
    this.page.made.pop();
    this.remember();
    this.render();
  }

  cancel() {
    this.page.made = [];
    this.remember();
    this.render();
  }

  // The finished move goes to the queue, said as its decisions were (its player first).
  async record(built) {
    const move = built.move;
    const page = this.page;
    const s = page.summary;
    page.made = [];
    this.remember();
    if (page.pending.length || !page.reached) {
      const checked = await this.decisions.decided([], [move]);
      if (checked && checked.refused !== undefined) {
        page.error = t("refused_here", { code: checked.code, detail: checked.detail });
        return this.render();
      }
    }
    page.error = null;
    const seat = Number.isInteger(move.seat) ? move.seat : null;
    const player = seat !== null ? s.players[seat] : null;
    const said = built.made.filter((m) => !(m.auto && m.label === player)).map((m) => m.label).join(" · ");
    // the first move queued expects the version read; each next one, the version the one before leaves
    // (moves sent since the page last read the game: the version the last of them left)
    const version = (await queued(this.game)).length || this.sync.running ? null : this.newest();
    await enqueue({
      game: this.game, idem: crypto.randomUUID(), move, expected: version, at: new Date().toISOString(),
      text: said, player, title: said,
    });
    page.pending = await queued(this.game);
    this.render();
    this.sync.kick();
  }

  async undo() {
    const page = this.page;
    this.reveal = true; // the question after the undo is what the table looks for next
    if (page.pending.length) {
      await remove(page.pending[page.pending.length - 1].id);
      page.pending = await queued(this.game);
      return page.pending.length ? this.render() : this.load();
    }
    await this.act(() => api(`/games/${this.game}/undo`, {
      method: "POST", body: { moves: 1 },
      headers: { "If-Match": `"${page.summary.version}"`, "Idempotency-Key": crypto.randomUUID() },
    }));
  }

  async abandon(reason) {
    await this.act(() => api(`/games/${this.game}/abandon`, { method: "POST", body: { reason: reason || "abandoned" } }));
  }

  async act(call) {
    try { await call(); } catch (error) { this.page.error = error.message; }
    await this.load();
  }

  // A finished game's analysis; a live game's outlook so far for the owner whose device this is (made
  // again, once, when the game finishes).
  analysisOf(s, finished) {
    if (!this.analysis || (finished && !this.analysedFinished)) {
      this.analysis = analysisPanel(this.game, s.players, (n) => this.showMove(n), !finished);
      this.analysedFinished = finished;
    }
    return this.analysis;
  }

  async render() {
    const ticket = ++this.rendering;
    const page = this.page;
    if (navigator.onLine === false) page.reached = false;
    const s = page.summary;
    this.view.badges(page, this.sync);
    if (!s) return this.view.nothing(this, page.error);
    document.body.dataset.version = String(s.version);
    document.body.dataset.status = s.status;
    // the kind's title ("Arctica"), as the page's heading says it, not its key ("arctica")
    document.title = `${(kindOf(s.kind) || { title: s.kind }).title}: ${s.players.join(" · ")} — ${t("recorder")}`;
    const found = await this.decisions.next(s);
    document.body.dataset.choices = found.source;
    this.readAgain(s, found);
    if (ticket !== this.rendering) return;
    if (found.built && found.built.move) return this.record(found.built); // the last decision finished the move
    this.view.draw(this, s, found);
  }

  // online with nothing on its way, the choices read for another version than the game's (another
  // device recorded between the reads): read again rather than wait for nothing
  readAgain(s, found) {
    const page = this.page;
    if (found.exact) this.rereads = 0;
    else if (s.status === "live" && found.source === "waiting" && page.reached && !page.pending.length && !this.sync.running && this.rereads < 3) {
      this.rereads += 1;
      setTimeout(() => this.load(), 500);
    }
  }
}
