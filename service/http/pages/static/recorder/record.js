// /games/{id}/recorder: the board, what the table can do now, the timeline, corrections. Every tap
// goes to the queue first (shown at once as pending), then to the server in order (sync.js).
import { analysisPanel } from "./analysis.js";
import { api, Problem, Unreachable } from "./api.js";
import { drawAhead, drawBoard } from "./board.js";
import { position, startEngine } from "./engine.js";
import { choicesPanel } from "./choices.js";
import { conflictPanel } from "./conflict.js";
import { engineChoice } from "./engine-choice.js";
import { askedCorrection, controlsPanel } from "./controls.js";
import { h } from "../dom.js";
import { apiKey, keyPanel } from "./key.js";
import { kindOf } from "./kinds.js";
import { frame, lang, languageBox, t } from "./lang.js";
import { forgetPath, keepPath, keptPath } from "./path.js";
import { enqueue, keep, kept, queued, remove } from "./store.js";
import { Sync } from "./sync.js";
import { timelinePanel } from "./timeline.js";

// The timeline entries the page reads: the latest ones (the panel shows the last few, the engine checks
// the last one's hash), never the game's first page, however long its history.
const TAIL = 100;

export async function recordPage(app, game) {
  const page = new RecordPage(app, game);
  await page.start();
}

class RecordPage {
  constructor(app, game) {
    this.app = app;
    this.game = game;
    this.page = { summary: null, timeline: null, pending: [], sent: [], reached: false, error: null, made: [], decisionError: null };
    this.sync = new Sync(game, (what, item) => this.synced(what, item), () => this.newest());
    this.retryTimer = null;
    this.rendering = 0; // the newest render wins (each awaits the kept choices)
    this.loads = 0; // the newest read of the game wins
    this.rereads = 0; // reads again after answers that disagree (a move stored between them), a few at most
    this.drawn = null; // the step the board shows
    this.boardRoot = h("div", { id: "board-root" });
    // the board stays in the page from one drawing to the next: taken out and put back, all of it
    // would be styled and laid out again at every tap (most of the page's time on a phone)
    this.side = h("div", { class: "side" });
    this.layoutRoot = h("div", { class: "layout" }, h("div", { id: "board-wrap" }, this.boardRoot), this.side);
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
      this.render(); // the box says what came of it; offline, the rules build the moves from now on
    });
  }

  // a point of the analysis's graph: the board after that move (until the game's version changes)
  async showMove(n) {
    const asked = ++this.moveAsked;
    const replay = await api(`/games/${this.game}/replay?move=${n}`).catch(() => null);
    if (!replay || !this.page.summary || asked !== this.moveAsked) return;
    this.boardRoot.dataset.step = String(replay.step);
    await drawBoard(this.boardRoot, { game: this.game, step: replay.step, players: this.page.summary.players }).catch(() => {});
    document.body.dataset.shown = String(replay.step);
  }

  async read(what, path) {
    try {
      const value = await api(path);
      await keep(this.game, what, value);
      return value;
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      this.page.reached = false;
      return kept(this.game, what);
    }
  }

  // the entries after `from` (at most a page), and at least the last TAIL of the game's `version` steps
  latest(version, from = version) {
    const after = Math.max(0, Math.min(from, version - TAIL));
    return this.read("timeline", `/games/${this.game}/timeline?after=${after}&lang=${lang()}`);
  }

  async load() {
    const mine = ++this.loads;
    const page = this.page;
    page.reached = true;
    page.error = null;
    try {
      const summary = this.read("summary", `/games/${this.game}`);
      const answers = await Promise.all([
        summary,
        summary.then((s) => this.latest(s ? s.version : 0)),
        // where the engine starts offline (no engine is no reason to stop recording)
        apiKey() ? this.read("record", `/games/${this.game}/record`).catch((e) => { page.engineError = e.message; return null; }) : null,
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
      page.timeline = await this.latest(version, this.sync.stopped ? this.sync.stopped.item.expected : version);
    } catch { /* shown as last read */ }
    this.render();
  }

  // Offline, or moves still queued: the position the project's rules reach here after the queued
  // moves, when the engine runs in this browser and agrees with the server on the stored position.
  async decided(made = [], extra = []) {
    const s = this.page.summary;
    const entries = this.page.timeline ? this.page.timeline.entries : [];
    const entry = entries.length ? entries.at(-1) : null;
    if (!this.page.record || !entry || !entry.state_hash || s.status !== "live") return null;
    const answer = await this.positionAfter(entry, made, extra);
    if (!answer || !answer.mismatch) return answer;
    // the record and the timeline are two reads: a move stored between them leaves the record at an
    // earlier step of the timeline; the moves sent after that step are the ones to add
    const at = entries.find((e) => e.state_hash === answer.stored_hash);
    const again = at ? await this.positionAfter(at, made, extra) : null;
    return again && !again.mismatch ? again : null;
  }

  // The position after the record's moves, the moves sent after the timeline's `entry`, and the queued
  // ones; null where the rules here cannot say, or the record does not reach `entry`'s state.
  async positionAfter(entry, made, extra) {
    const { summary: s, sent, pending, record } = this.page;
    const after = sent.filter((m) => m.left > entry.step).map((m) => m.move);
    let answer;
    try {
      answer = await position(s.kind, record, [...after, ...pending.map((item) => item.move), ...extra], s.players, made, lang());
    } catch {
      return null;
    }
    if (!answer || answer.stored_hash !== entry.state_hash) return answer && { stored_hash: answer.stored_hash, mismatch: true };
    return answer;
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

  // The server's next decision at the version read (the path so far: page.made), in the page's language.
  async asked() {
    const page = this.page;
    try {
      const body = { made: page.made, version: page.summary.version };
      return await api(`/games/${this.game}/moves/next?lang=${lang()}`, { method: "POST", body });
    } catch (error) {
      if (error instanceof Problem && error.body.code === "unknown_decision") {
        page.made = page.made.slice(0, error.body.at ?? 0); // a stale path: kept up to what is still offered
        page.decisionError = error.message;
        this.remember();
        return this.asked();
      }
      if (error instanceof Problem && error.body.code === "no_decision") return null;
      if (error instanceof Problem && error.body.code === "version_conflict") { page.made = []; this.remember(); this.load(); return null; }
      if (error instanceof Unreachable) { page.reached = false; return null; }
      throw error;
    }
  }

  // The finished move goes to the queue, said as its decisions were (its player first).
  async record(built) {
    const move = built.move;
    const page = this.page;
    const s = page.summary;
    page.made = [];
    this.remember();
    if (page.pending.length || !page.reached) {
      const checked = await this.decided([], [move]);
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

  // The next decision: the server's (online, nothing on its way), else the rules' on this device.
  async choices(s) {
    const page = this.page;
    const exact = !page.pending.length && !page.sent.length && page.reached;
    const found = { built: null, source: exact ? "server" : page.reached ? "waiting" : "none", ahead: null, exact };
    const open = s.status === "live" || s.status === "finished"; // a finished game may still take the cards shown at its end
    if (!open || this.sync.stopped || !apiKey()) return found;
    if (exact) {
      try { found.built = await this.asked(); } catch (error) { page.decisionError = error.message; }
      if (!page.reached) found.source = "none";
    }
    if (!exact || !page.reached) await this.offline(found);
    return found;
  }

  // The decision the rules on this device give (the position after the moves on their way).
  async offline(found) {
    const page = this.page;
    const answer = await this.decided(page.made);
    if (answer && answer.decision) {
      found.built = answer.decision;
      found.source = "engine";
      found.ahead = answer;
    } else if (answer && answer.refused !== undefined) {
      page.error = t("queued_refused", { detail: answer.detail });
    } else if (answer && answer.unknown !== undefined) {
      page.made = page.made.slice(0, answer.unknown); // a path no longer offered here: kept up to it
      this.remember();
      setTimeout(() => this.render());
    }
  }

  async render() {
    const ticket = ++this.rendering;
    const page = this.page;
    if (navigator.onLine === false) page.reached = false;
    const s = page.summary;
    this.badges();
    if (!s) {
      this.app.replaceChildren(keyPanel(() => this.load()), h("p", { role: "alert" }, page.error || t("unreadable")));
      return;
    }
    document.body.dataset.version = String(s.version);
    document.body.dataset.status = s.status;
    // the kind's title ("Arctica"), as the page's heading says it, not its key ("arctica")
    document.title = `${(kindOf(s.kind) || { title: s.kind }).title}: ${s.players.join(" · ")} — ${t("recorder")}`;
    const found = await this.choices(s);
    document.body.dataset.choices = found.source;
    this.readAgain(s, found);
    if (ticket !== this.rendering) return;
    if (found.built && found.built.move) return this.record(found.built); // the last decision finished the move
    this.show(this.parts(s, found).filter(Boolean));
    const entries = document.querySelector("#timeline ol");
    entries.scrollTop = entries.scrollHeight; // the latest entries, and what is pending, in view
    this.bringIntoView(found);
    this.drawTable(s, found.ahead);
  }

  // the parts above the board drawn again, the board's own box left where it is
  show(parts) {
    for (const child of [...this.app.children]) if (child !== this.layoutRoot) child.remove();
    if (this.layoutRoot.parentNode !== this.app) this.app.append(this.layoutRoot);
    for (const part of parts) if (part !== this.layoutRoot) this.app.insertBefore(part, this.layoutRoot);
  }

  badges() {
    const page = this.page;
    const network = document.getElementById("network");
    network.textContent = page.reached ? t("online") : t("offline");
    network.className = "badge " + (page.reached ? "online" : "offline");
    document.body.dataset.pending = String(page.pending.length);
    document.body.dataset.sync = this.sync.stopped ? "stopped" : page.pending.length ? (page.reached ? "sending" : "offline") : "idle";
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

  // After an undo the page stayed scrolled down at the corrections: the next question comes into view.
  bringIntoView(found) {
    if (!this.reveal || !(found.built && found.built.next)) return;
    this.reveal = false;
    document.getElementById("choices").scrollIntoView({ block: "start" });
  }

  parts(s, found) {
    const page = this.page;
    const live = s.status === "live";
    const status = page.pending.length
      ? t("pending", { n: page.pending.length, how: page.reached ? t("sending") : t("sent_later") })
      : t("all_stored");
    return [
      h("div", { class: "title" },
        h("h2", {}, `${(kindOf(s.kind) || { title: s.kind }).title} · `, s.players.join(" · ")),
        h("span", { class: `badge ${s.status}`, id: "game-status" }, t(s.status)),
        h("a", { href: `/games/${this.game}/watch` }, t("viewer"))),
      apiKey() ? null : keyPanel(() => this.load()),
      page.error ? h("p", { role: "alert", class: "error" }, page.error) : null,
      h("p", { id: "sync-status", role: "status" }, status),
      // who starts, before the first move (the table agrees on it before anyone plays)
      live && s.moves === 0 && !page.pending.length && s.turn ? h("p", { id: "starts", class: "starts" }, t("starts", { player: s.turn.player })) : null,
      this.sync.stopped ? this.conflict(s) : null,
      this.layout(s, found),
    ];
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

  conflict(s) {
    const page = this.page;
    return conflictPanel({
      stopped: this.sync.stopped, timeline: page.timeline, pending: page.pending,
      onDrop: async () => { await this.sync.dropFromStopped(); await this.load(); },
      onRetry: async () => {
        let version = s.version;
        try { version = (await api(`/games/${this.game}`)).version; } catch { /* the last one read */ }
        await this.sync.retry(version);
      },
    });
  }

  // a phone shows what to record first, then the board; a wider screen puts them side by side
  layout(s, found) {
    const page = this.page;
    const live = s.status === "live";
    const open = live || s.status === "finished";
    const asking = (live || (open && found.built && found.built.next)) && !this.sync.stopped;
    this.side.replaceChildren(...[
      asking ? choicesPanel({
        built: found.built, exact: found.exact, source: found.source, taps: page.made.length, after: page.pending.length,
        error: page.decisionError, onPick: (o) => this.choose(o), onBack: () => this.back(), onCancel: () => this.cancel(),
      }) : null,
      h("div", { class: "after" },
        timelinePanel({ timeline: page.timeline, pending: page.pending }),
        s.status === "finished" || (live && apiKey()) ? this.analysisOf(s, s.status === "finished").root : null,
        live ? controlsPanel({
          asked: this.correction, pending: page.pending, canUndo: page.reached && s.moves > 0, live: page.reached,
          onUndo: () => this.undo(), onAbandon: (reason) => this.abandon(reason),
        }) : null,
        apiKey() ? keyPanel(() => this.load()) : null,
        engineChoice(() => this.render())),
    ].filter(Boolean));
    return this.layoutRoot; // the board inside is the region ("Board")
  }

  // The board follows the moves sent (the server's step they left) and, when the rules run here, the
  // moves still on their way or queued; drawn again in another language.
  drawTable(s, ahead) {
    const page = this.page;
    const step = this.newest();
    const after = page.pending.length + page.sent.filter((m) => m.left > s.version).length;
    const key = `${lang()}:` + (ahead && after ? `ahead:${ahead.state_hash}` : `step:${step}`);
    if (this.drawn === key) return;
    this.drawn = key;
    this.boardRoot.dataset.step = String(step);
    const drawing = ahead && after
      ? drawAhead(this.boardRoot, { kind: s.kind, view: ahead.view, hash: ahead.state_hash, step, after, players: s.players })
      : drawBoard(this.boardRoot, { game: this.game, step, players: s.players });
    drawing.catch(() => {
      this.boardRoot.replaceChildren(h("p", { class: "muted" }, t("board_failed")));
    });
  }
}
