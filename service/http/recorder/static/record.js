// /games/{id}/recorder: the board, what the table can do now, the timeline, corrections. Every tap
// goes to the queue first (shown at once as pending), then to the server in order (sync.js).
import { analysisPanel } from "./analysis.js";
import { api, Problem, Unreachable } from "./api.js";
import { drawAhead, drawBoard } from "./board.js";
import { engineState, position, startEngine, wantEngine } from "./engine.js";
import { choicesPanel } from "./choices.js";
import { conflictPanel } from "./conflict.js";
import { engineChoice } from "./engine-choice.js";
import { controlsPanel } from "./controls.js";
import { h } from "./dom.js";
import { apiKey, keyPanel } from "./key.js";
import { kindOf } from "./kinds.js";
import { enqueue, keep, kept, queued, remove } from "./store.js";
import { Sync } from "./sync.js";
import { timelinePanel } from "./timeline.js";

// The timeline entries the page reads: the latest ones (the panel shows the last few, the engine checks
// the last one's hash), never the game's first page, however long its history.
const TAIL = 100;

export async function recordPage(app, game) {
  const page = { summary: null, timeline: null, pending: [], sent: [], reached: false, error: null, busy: false, made: [], decisionError: null };
  // the newest version this page knows of: the one it read, or the one the last move it sent left
  // (a game's version only grows: a move, an undo, an abandon each add to it)
  const newest = () => Math.max(page.summary ? page.summary.version : 0, sync.version ?? 0, ...page.sent.map((m) => m.left));
  const sync = new Sync(game, (what, item) => synced(what, item), newest);
  let retryTimer = null;
  let rendering = 0; // the newest render wins (each awaits the kept choices)
  let loads = 0; // the newest read of the game wins
  let rereads = 0; // reads again after answers that disagree (a move stored between them), a few at most
  let drawn = null; // the step the board shows
  const boardRoot = h("div", { id: "board-root" });
  let analysis = null; // the game's analysis panel (analysis.js), made once (again once the game is finished)
  let analysedFinished = false;
  const analysisOf = (finished) => {
    if (!analysis || (finished && !analysedFinished)) {
      analysis = analysisPanel(game, page.summary.players, showMove, !finished);
      analysedFinished = finished;
    }
    return analysis;
  };
  // a point of the analysis's graph: the board after that move (until the game's version changes)
  let moveAsked = 0; // the newest point asked wins (a click then a key: two reads on their way)
  async function showMove(n) {
    const asked = ++moveAsked;
    const replay = await api(`/games/${game}/replay?move=${n}`).catch(() => null);
    if (!replay || !page.summary || asked !== moveAsked) return;
    boardRoot.dataset.step = String(replay.step);
    await drawBoard(boardRoot, { game, step: replay.step, players: page.summary.players }).catch(() => {});
    document.body.dataset.shown = String(replay.step);
  }

  async function read(what, path) {
    try {
      const value = await api(path);
      await keep(game, what, value);
      return value;
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      page.reached = false;
      return kept(game, what);
    }
  }

  // the entries after `from` (at most a page), and at least the last TAIL of the game's `version` steps
  function latest(version, from = version) {
    const after = Math.max(0, Math.min(from, version - TAIL));
    return read("timeline", `/games/${game}/timeline?after=${after}`);
  }

  async function load() {
    const mine = ++loads;
    page.reached = true;
    page.error = null;
    try {
      const summary = read("summary", `/games/${game}`);
      const answers = await Promise.all([
        summary,
        summary.then((s) => latest(s ? s.version : 0)),
        // where the engine starts offline (no engine is no reason to stop recording)
        apiKey() ? read("record", `/games/${game}/record`).catch((e) => { page.engineError = e.message; return null; }) : null,
      ]);
      // a read that left before a newer one answers after it: the newer one's answers stand
      if (mine !== loads) return;
      [page.summary, page.timeline, page.record] = answers;
      // the moves sent since are forgotten once the answer read holds them (a read may have left
      // before the last of them was stored)
      if (page.reached && page.summary) page.sent = page.sent.filter((m) => m.left > page.summary.version);
    } catch (error) {
      page.error = error instanceof Problem ? error.message : String(error);
    }
    page.pending = await queued(game);
    render();
  }

  async function synced(what, item) {
    page.pending = await queued(game);
    clearTimeout(retryTimer);
    if (what === "sent") {
      // the server moved on from what the page last read: until it reads again ("idle"), the position
      // is the one read plus the moves sent since and those still queued, never the choices read before
      page.sent.push({ move: item.move, left: item.left });
      return render();
    }
    if (what === "idle") return load();
    if (what === "offline") {
      const was = page.reached;
      page.reached = false;
      retryTimer = setTimeout(() => sync.kick(), 2000);
      // drawn again only as the network goes (not at every retry, every 2 s)
      return was ? render() : undefined;
    }
    // stopped: what the server holds now (from the version the stopped move expected), beside what is queued
    try {
      const version = page.summary ? page.summary.version : 0;
      page.timeline = await latest(version, sync.stopped ? sync.stopped.item.expected : version);
    } catch { /* shown as last read */ }
    render();
  }

  // Offline, or moves still queued: the position the project's rules reach here after the queued
  // moves, when the engine runs in this browser and agrees with the server on the stored position.
  async function decided(made = [], extra = []) {
    const s = page.summary;
    const entries = page.timeline ? page.timeline.entries : [];
    const entry = entries.length ? entries.at(-1) : null;
    if (!page.record || !entry || !entry.state_hash || s.status !== "live") return null;
    const answer = await positionAfter(entry, made, extra);
    if (!answer || !answer.mismatch) return answer;
    // the record and the timeline are two reads: a move stored between them leaves the record at an
    // earlier step of the timeline; the moves sent after that step are the ones to add
    const at = entries.find((e) => e.state_hash === answer.stored_hash);
    const again = at ? await positionAfter(at, made, extra) : null;
    return again && !again.mismatch ? again : null;
  }

  // The position after the record's moves, the moves sent after the timeline's `entry`, and the queued
  // ones; null where the rules here cannot say, or the record does not reach `entry`'s state.
  async function positionAfter(entry, made, extra) {
    const s = page.summary;
    const sent = page.sent.filter((m) => m.left > entry.step).map((m) => m.move);
    let answer;
    try {
      answer = await position(s.kind, page.record, [...sent, ...page.pending.map((item) => item.move), ...extra], s.players, made);
    } catch {
      return null;
    }
    if (!answer || answer.stored_hash !== entry.state_hash) return answer && { stored_hash: answer.stored_hash, mismatch: true };
    return answer;
  }

  // A decision taken: the next one (or the finished move) comes with the next render.
  function choose(option) {
    page.made.push(option.id);
    page.decisionError = null;
    render();
  }

  function back() {
    page.made.pop();
    render();
  }

  function cancel() {
    page.made = [];
    render();
  }

  // The server's next decision at the version read (the path so far: page.made).
  async function asked() {
    try {
      return await api(`/games/${game}/moves/next`, { method: "POST", body: { made: page.made, version: page.summary.version } });
    } catch (error) {
      if (error instanceof Problem && error.body.code === "unknown_decision") {
        page.made = page.made.slice(0, error.body.at ?? 0); // a stale path: kept up to what is still offered
        page.decisionError = error.message;
        return asked();
      }
      if (error instanceof Problem && error.body.code === "no_decision") return null;
      if (error instanceof Problem && error.body.code === "version_conflict") { page.made = []; load(); return null; }
      if (error instanceof Unreachable) { page.reached = false; return null; }
      throw error;
    }
  }

  // The finished move goes to the queue, said as its decisions were (its player first).
  async function record(built) {
    const move = built.move;
    const s = page.summary;
    page.made = [];
    if (page.pending.length || !page.reached) {
      const checked = await decided([], [move]);
      if (checked && checked.refused !== undefined) {
        page.error = `Not recorded: the rules refuse it (${checked.code}): ${checked.detail}`;
        return render();
      }
    }
    page.error = null;
    const seat = Number.isInteger(move.seat) ? move.seat : null;
    const player = seat !== null ? s.players[seat] : null;
    const said = built.made.filter((m) => !(m.auto && m.label === player)).map((m) => m.label).join(" · ");
    // the first move queued expects the version read; each next one, the version the one before leaves
    // (moves sent since the page last read the game: the version the last of them left)
    const version = (await queued(game)).length || sync.running ? null : newest();
    await enqueue({
      game, idem: crypto.randomUUID(), move, expected: version, at: new Date().toISOString(),
      text: said, player, title: said,
    });
    page.pending = await queued(game);
    render();
    sync.kick();
  }

  async function undo() {
    if (page.pending.length) {
      await remove(page.pending[page.pending.length - 1].id);
      page.pending = await queued(game);
      return page.pending.length ? render() : load();
    }
    await act(() => api(`/games/${game}/undo`, {
      method: "POST", body: { moves: 1 },
      headers: { "If-Match": `"${page.summary.version}"`, "Idempotency-Key": crypto.randomUUID() },
    }));
  }

  async function abandon(reason) {
    await act(() => api(`/games/${game}/abandon`, { method: "POST", body: { reason: reason || "abandoned" } }));
  }

  async function act(call) {
    try { await call(); } catch (error) { page.error = error.message; }
    await load();
  }

  async function render() {
    const ticket = ++rendering;
    if (navigator.onLine === false) page.reached = false;
    const s = page.summary;
    const network = document.getElementById("network");
    network.textContent = page.reached ? "online" : "offline";
    network.className = "badge " + (page.reached ? "online" : "offline");
    document.body.dataset.pending = String(page.pending.length);
    document.body.dataset.sync = sync.stopped ? "stopped" : page.pending.length ? (page.reached ? "sending" : "offline") : "idle";
    if (!s) {
      app.replaceChildren(keyPanel(() => load()),
        h("p", { role: "alert" }, page.error || "This game could not be read (offline, and never opened on this device)."));
      return;
    }
    document.body.dataset.version = String(s.version);
    document.body.dataset.status = s.status;
    // the kind's title ("Arctica"), as the page's heading says it, not its key ("arctica")
    document.title = `${(kindOf(s.kind) || { title: s.kind }).title}: ${s.players.join(" · ")} — recorder`;
    const live = s.status === "live";
    const exact = !page.pending.length && !page.sent.length && page.reached;
    let built = null;
    let source = exact ? "server" : page.reached ? "waiting" : "none";
    let ahead = null; // the position after the moves on their way and those queued, when the rules here reach it
    // a finished game may still take the cards shown at its end (Arctic's public games)
    const open = live || s.status === "finished";
    if (open && !sync.stopped && apiKey()) {
      if (exact) {
        try { built = await asked(); } catch (error) { page.decisionError = error.message; }
        if (!page.reached) source = "none";
      }
      if (!exact || !page.reached) {
        const answer = await decided(page.made);
        if (answer && answer.decision) {
          built = answer.decision;
          source = "engine";
          ahead = answer;
        } else if (answer && answer.refused !== undefined) {
          page.error = `A queued move is refused by the rules: ${answer.detail}`;
        } else if (answer && answer.unknown !== undefined) {
          page.made = page.made.slice(0, answer.unknown); // a path no longer offered here: kept up to it
          setTimeout(render);
        }
      }
    }
    document.body.dataset.choices = source;
    // online with nothing on its way, the choices read for another version than the game's (another
    // device recorded between the reads): read again rather than wait for nothing
    if (exact) rereads = 0;
    else if (s.status === "live" && source === "waiting" && page.reached && !page.pending.length && !sync.running && rereads < 3) {
      rereads += 1;
      setTimeout(load, 500);
    }
    if (ticket !== rendering) return;
    if (built && built.move) return record(built); // the last decision finished the move
    const status = page.pending.length
      ? `${page.pending.length} move(s) pending — ${page.reached ? "sending…" : "sent when the network is back"}`
      : "Every move is stored.";
    const parts = [
      h("div", { class: "title" },
        h("h2", {}, `${(kindOf(s.kind) || { title: s.kind }).title} · `, s.players.join(" · ")),
        h("span", { class: `badge ${s.status}`, id: "game-status" }, s.status),
        h("a", { href: `/games/${game}/watch` }, "Viewer")),
      apiKey() ? null : keyPanel(() => load()),
      page.error ? h("p", { role: "alert", class: "error" }, page.error) : null,
      h("p", { id: "sync-status", role: "status" }, status),
      // who starts, before the first move (the table agrees on it before anyone plays)
      live && s.moves === 0 && !page.pending.length && s.turn ? h("p", { id: "starts", class: "starts" }, `${s.turn.player} starts.`) : null,
      sync.stopped ? conflictPanel({
        stopped: sync.stopped, timeline: page.timeline, pending: page.pending,
        onDrop: async () => { await sync.dropFromStopped(); await load(); },
        onRetry: async () => {
          let version = s.version;
          try { version = (await api(`/games/${game}`)).version; } catch { /* the last one read */ }
          await sync.retry(version);
        },
      }) : null,
      // a phone shows what to record first, then the board; a wider screen puts them side by side
      h("div", { class: "layout" },
        h("div", { id: "board-wrap" }, boardRoot), // the board inside is the region ("Board")
        h("div", { class: "side" },
        (live || (open && built && built.next)) && !sync.stopped ? choicesPanel({
          built, exact, source, after: page.pending.length, error: page.decisionError, onPick: choose, onBack: back, onCancel: cancel,
        }) : null,
        h("div", { class: "after" },
          timelinePanel({ timeline: page.timeline, pending: page.pending }),
          s.status === "finished" || (live && apiKey()) ? analysisOf(s.status === "finished").root : null,
          live ? controlsPanel({
            pending: page.pending, canUndo: page.reached && s.moves > 0, live: page.reached, onUndo: undo, onAbandon: abandon,
          }) : null,
          apiKey() ? keyPanel(() => load()) : null,
          engineChoice(() => render())))),
    ];
    app.replaceChildren(...parts.filter(Boolean));
    const entries = document.querySelector("#timeline ol");
    entries.scrollTop = entries.scrollHeight; // the latest entries, and what is pending, in view
    drawTable(s, ahead);
  }

  // The board follows the moves sent (the server's step they left) and, when the rules run here, the
  // moves still on their way or queued.
  function drawTable(s, ahead) {
    const step = newest();
    const after = page.pending.length + page.sent.filter((m) => m.left > s.version).length;
    const key = ahead && after ? `ahead:${ahead.state_hash}` : `step:${step}`;
    if (drawn === key) return;
    drawn = key;
    boardRoot.dataset.step = String(step);
    const drawing = ahead && after
      ? drawAhead(boardRoot, { kind: s.kind, view: ahead.view, hash: ahead.state_hash, step, after, players: s.players })
      : drawBoard(boardRoot, { game, step, players: s.players });
    drawing.catch(() => {
      boardRoot.replaceChildren(h("p", { class: "muted" }, "The board could not be drawn."));
    });
  }

  window.addEventListener("online", () => sync.kick());
  // the browser knows it lost the network before any request fails: the page records offline at once
  window.addEventListener("offline", () => {
    if (!page.reached) return;
    page.reached = false;
    render();
  });
  await load();
  sync.kick();
  // loaded in the background while online, so that the service worker keeps it for the offline hours
  startEngine().then((ok) => {
    document.body.dataset.engine = ok ? "ready" : "none";
    // the box says what came of it; offline, the rules build the moves from now on
    render();
  });
}
