// /games/{id}/recorder: the board, what the table can do now, the timeline, corrections. Every tap
// goes to the queue first (shown at once as pending), then to the server in order (sync.js).
import { api, Problem, Unreachable } from "./api.js";
import { drawAhead, drawBoard } from "./board.js";
import { engineState, position, startEngine, wantEngine } from "./engine.js";
import { cardLabel, saidWithCards } from "./cards.js";
import { choicesPanel } from "./choices.js";
import { conflictPanel } from "./conflict.js";
import { engineChoice } from "./engine-choice.js";
import { controlsPanel } from "./controls.js";
import { h } from "./dom.js";
import { apiKey, keyPanel } from "./key.js";
import { enqueue, keep, kept, queued, remember, remove, templates } from "./store.js";
import { Sync } from "./sync.js";
import { timelinePanel } from "./timeline.js";

export async function recordPage(app, game) {
  const page = { summary: null, listed: null, timeline: null, pending: [], sent: [], reached: false, error: null, busy: false };
  // the newest version this page knows of: the one it read, or the one the last move it sent left
  // (a game's version only grows: a move, an undo, an abandon each add to it)
  const newest = () => Math.max(page.summary ? page.summary.version : 0, sync.version ?? 0, ...page.sent.map((m) => m.left));
  const sync = new Sync(game, (what, item) => synced(what, item), newest);
  let retryTimer = null;
  let rendering = 0; // the newest render wins (each awaits the kept choices)
  let drawn = null; // the step the board shows
  const boardRoot = h("div", { id: "board-root" });

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

  async function load() {
    page.reached = true;
    page.error = null;
    try {
      [page.summary, page.timeline, page.listed, page.record] = await Promise.all([
        read("summary", `/games/${game}`),
        read("timeline", `/games/${game}/timeline`),
        apiKey() ? read("listed", `/games/${game}/legal-moves`) : null,
        // where the engine starts offline (no engine is no reason to stop recording)
        apiKey() ? read("record", `/games/${game}/record`).catch((e) => { page.engineError = e.message; return null; }) : null,
      ]);
      if (page.listed && page.reached) await remember(game, page.listed);
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
      // drawn again only as the network goes: a retry every 2 s must not close a card picker
      return was ? render() : undefined;
    }
    // stopped: what the server holds now, beside what is queued
    try { page.timeline = await read("timeline", `/games/${game}/timeline`); } catch { /* shown as last read */ }
    render();
  }

  // Offline, or moves still queued: the position the project's rules reach here after the queued
  // moves, when the engine runs in this browser and agrees with the server on the stored position.
  async function decided(extra = []) {
    const s = page.summary;
    const entry = page.timeline && page.timeline.entries.length ? page.timeline.entries.at(-1) : null;
    const last = entry ? entry.state_hash : null;
    if (!page.record || !last || s.status !== "live") return null;
    // the moves sent after the step the record and the timeline reach (read together, checked by the hash)
    const sent = page.sent.filter((m) => m.left > entry.step).map((m) => m.move);
    let answer;
    try {
      answer = await position(s.kind, page.record, [...sent, ...page.pending.map((item) => item.move), ...extra], s.players);
    } catch {
      return null;
    }
    if (!answer || answer.stored_hash !== last) return null;
    return answer;
  }

  // Else the choices seen earlier in this game, by player and kind of move,
  // each also offered to the other players (a move names its seat). Unchecked here: the server's
  // rules check them as the queue is sent (there is no second copy of the rules in the page).
  async function remembered() {
    const rows = (await templates(game)).sort((a, b) => b.order - a.order);
    const players = page.summary.players;
    const seen = new Set(rows.map((row) => JSON.stringify(row.move)));
    const offered = [...rows];
    for (const row of rows) {
      if (!Number.isInteger(row.seat) || !row.player) continue;
      players.forEach((name, seat) => {
        const move = { ...row.move, seat };
        const k = JSON.stringify(move);
        if (seat === row.seat || seen.has(k)) return;
        seen.add(k);
        offered.push({ ...row, seat, player: name, move, title: row.title.replace(row.player, name) });
      });
    }
    const groups = new Map();
    for (const row of offered) {
      const k = `${row.seat}:${row.type}`;
      if (!groups.has(k)) groups.set(k, { seat: row.seat, player: row.player, type: row.type, title: row.title, choices: [] });
      groups.get(k).choices.push({ text: row.text, move: row.move, fill: row.fill, cards: row.cards });
    }
    return { version: null, groups: [...groups.values()].sort((a, b) => (a.seat ?? -1) - (b.seat ?? -1)) };
  }

  async function pick(group, choice, move) {
    if (page.pending.length || !page.reached) {
      const checked = await decided([move]);
      if (checked && checked.refused !== undefined) {
        page.error = `Not recorded: the rules refuse it (${checked.code}): ${checked.detail}`;
        return render();
      }
    }
    page.error = null;
    const said = saidWithCards(choice.text);
    const filled = choice.fill ? said.replace("a card not seen yet", cardLabel(move[choice.fill])) : said;
    // the first move queued expects the version read; each next one, the version the one before leaves
    // (moves sent since the page last read the game: the version the last of them left)
    const version = (await queued(game)).length || sync.running ? null : newest();
    await enqueue({
      game, idem: crypto.randomUUID(), move, expected: version, at: new Date().toISOString(),
      text: filled, player: group.player, title: group.title,
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

  function usedCards() {
    const used = new Set();
    for (const item of page.pending) for (const value of Object.values(item.move)) if (typeof value === "string") used.add(value);
    return used;
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
    document.title = `${s.kind}: ${s.players.join(" · ")} — recorder`;
    const exact = !page.pending.length && !page.sent.length && page.listed && page.listed.version === s.version;
    let listed = exact ? page.listed : null;
    let source = exact ? "server" : "waiting";
    let ahead = null; // the position after the moves on their way and those queued, when the rules here reach it
    if (!exact && s.status === "live") {
      const answer = await decided();
      if (answer && answer.listed) {
        listed = answer.listed;
        source = "engine";
        ahead = answer;
      } else {
        if (answer && answer.refused !== undefined) page.error = `A queued move is refused by the rules: ${answer.detail}`;
        // online, the next choices are the server's, a moment after its answer; offline without the
        // rules here, the choices seen earlier in this game (the server's rules check them on sync)
        if (!page.reached) {
          listed = await remembered();
          source = "seen";
        }
      }
    }
    document.body.dataset.choices = source;
    if (ticket !== rendering) return;
    const status = page.pending.length
      ? `${page.pending.length} move(s) pending — ${page.reached ? "sending…" : "sent when the network is back"}`
      : "Every move is stored.";
    const live = s.status === "live";
    const parts = [
      h("div", { class: "title" },
        h("h2", {}, `${s.kind[0].toUpperCase()}${s.kind.slice(1)} · `, s.players.join(" · ")),
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
        live && !sync.stopped ? choicesPanel({ listed, exact, source, after: page.pending.length, used: source === "seen" ? usedCards() : new Set(), onPick: pick }) : null,
        h("div", { class: "after" },
          timelinePanel({ timeline: page.timeline, pending: page.pending }),
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
    if (!document.querySelector("#picker:not([hidden])")) render();
  });
  await load();
  sync.kick();
  // loaded in the background while online, so that the service worker keeps it for the offline hours
  startEngine().then((ok) => {
    document.body.dataset.engine = ok ? "ready" : "none";
    // the box says what came of it; offline, the rules' choices replace those seen so far (never
    // under an open card picker)
    if (document.querySelector("#picker:not([hidden])")) return;
    render();
  });
}
