// The recorder's game page as drawn: each part in a place of its own, drawn again only when what it
// shows changed (a move recorded draws the question, the timeline and the sync line again, not the
// title, the key, the analysis, or the board of a step already drawn). A phone shows what to record
// first, then the board; a wider screen puts them side by side.
import { drawAhead, drawBoard } from "./board.js";
import { choicesPanel } from "./choices.js";
import { conflictPanel } from "./conflict.js";
import { controlsPanel } from "./controls.js";
import { api } from "./api.js";
import { engineChoice } from "./engine-choice.js";
import { engineState } from "./engine.js";
import { h } from "../dom.js";
import { apiKey, keyPanel } from "./key.js";
import { kindOf } from "./kinds.js";
import { lang, t } from "./lang.js";
import { timelinePanel } from "./timeline.js";

const ALWAYS = {}; // a key no other equals: the part is drawn at every render

function same(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i] && x !== ALWAYS);
}

export class RecordView {
  constructor(app, game) {
    this.app = app;
    this.game = game;
    this.held = new Map(); // a part's name -> {node, key}
    this.drawn = null; // the board drawn: its language and step (or the position ahead)
    this.boardRoot = h("div", { id: "board-root" });
    this.framed = false; // the parts' places, made at the first render with a game
    this.scrollTimeline = false; // the timeline was drawn again: its end brought into view
  }

  // The part `name` (`draw` gives its element, or null for none), drawn again only when `key` changed;
  // where it is not shown, a comment holds its place.
  part(name, key, draw) {
    const held = this.held.get(name);
    if (held && same(held.key, key)) return held.node;
    const node = draw() || document.createComment(name);
    if (held && held.node.parentNode) held.node.replaceWith(node);
    this.held.set(name, { node, key });
    return node;
  }

  // No game to show (its summary unread, no key): the key's panel and why.
  nothing(page, error) {
    this.framed = false;
    this.held.clear();
    this.drawn = null;
    this.app.replaceChildren(keyPanel(() => page.load()), h("p", { role: "alert" }, error || t("unreadable")));
  }

  badges(state, sync) {
    const network = document.getElementById("network");
    network.textContent = state.reached ? t("online") : t("offline");
    network.className = "badge " + (state.reached ? "online" : "offline");
    document.body.dataset.pending = String(state.pending.length);
    document.body.dataset.sync = sync.stopped ? "stopped" : state.pending.length ? (state.reached ? "sending" : "offline") : "idle";
  }

  draw(page, s, found) {
    const heading = this.heading(page, s);
    const live = s.status === "live";
    const open = live || s.status === "finished";
    const asking = (live || (open && found.built && found.built.next)) && !page.sync.stopped;
    const choices = this.choices(page, asking ? found : null);
    const after = this.after(page, s);
    if (!this.framed) {
      this.framed = true;
      this.app.replaceChildren(...heading, h("div", { class: "layout" },
        h("div", { id: "board-wrap" }, this.boardRoot), // the board inside is the region ("Board")
        h("div", { class: "side" }, choices, h("div", { class: "after" }, after))));
    }
    if (this.scrollTimeline) {
      this.scrollTimeline = false;
      const entries = document.querySelector("#timeline ol");
      entries.scrollTop = entries.scrollHeight; // the latest entries, and what is pending, in view
    }
    this.bringIntoView(page, found);
    this.drawTable(page, s, found.ahead);
  }

  heading(page, s) {
    const state = page.page;
    const live = s.status === "live";
    const status = state.pending.length
      ? t("pending", { n: state.pending.length, how: state.reached ? t("sending") : t("sent_later") })
      : t("all_stored");
    const starts = live && s.moves === 0 && !state.pending.length && s.turn ? s.turn.player : null;
    return [
      this.part("title", [lang(), s.kind, s.status, s.players.join("\n")], () => this.title(s)),
      this.part("key", [lang(), Boolean(apiKey())], () => (apiKey() ? null : keyPanel(() => page.load()))),
      this.part("error", [state.error], () => (state.error ? h("p", { role: "alert", class: "error" }, state.error) : null)),
      this.part("sync", [status], () => h("p", { id: "sync-status", role: "status" }, status)),
      // who starts, before the first move (the table agrees on it before anyone plays)
      this.part("starts", [lang(), starts], () => (starts ? h("p", { id: "starts", class: "starts" }, t("starts", { player: starts })) : null)),
      this.part("conflict", [page.sync.stopped ? ALWAYS : null], () => (page.sync.stopped ? this.conflict(page, s) : null)),
    ];
  }

  title(s) {
    // the kind's title ("Arctica"), as the page's heading says it, not its key ("arctica")
    return h("div", { class: "title" },
      h("h2", {}, `${(kindOf(s.kind) || { title: s.kind }).title} · `, s.players.join(" · ")),
      h("span", { class: `badge ${s.status}`, id: "game-status" }, t(s.status)),
      h("a", { href: `/games/${this.game}/watch` }, t("viewer")));
  }

  conflict(page, s) {
    const state = page.page;
    return conflictPanel({
      stopped: page.sync.stopped, timeline: state.timeline, pending: state.pending,
      onDrop: async () => { await page.sync.dropFromStopped(); await page.load(); },
      onRetry: async () => {
        let version = s.version;
        try { version = (await api(`/games/${this.game}`)).version; } catch { /* the last one read */ }
        await page.sync.retry(version);
      },
    });
  }

  choices(page, found) {
    const state = page.page;
    return this.part("choices", [found ? ALWAYS : null], () => found && choicesPanel({
      built: found.built, exact: found.exact, source: found.source, taps: state.made.length, after: state.pending.length,
      error: state.decisionError, onPick: (o) => page.choose(o), onBack: () => page.back(), onCancel: () => page.cancel(),
    }));
  }

  after(page, s) {
    const state = page.page;
    const live = s.status === "live";
    const analysed = s.status === "finished" || (live && apiKey()) ? page.analysisOf(s, s.status === "finished").root : null;
    const canUndo = state.reached && s.moves > 0;
    const pending = state.pending.map((item) => item.id).join(" ");
    return [
      this.part("timeline", [lang(), state.timeline, pending], () => {
        this.scrollTimeline = true;
        return timelinePanel({ timeline: state.timeline, pending: state.pending });
      }),
      this.part("analysis", [analysed], () => analysed),
      this.part("controls", [lang(), live, state.pending.length, canUndo, state.reached], () => live ? controlsPanel({
        asked: page.correction, pending: state.pending, canUndo, live: state.reached,
        onUndo: () => page.undo(), onAbandon: (reason) => page.abandon(reason),
      }) : null),
      this.part("key-set", [lang(), Boolean(apiKey())], () => (apiKey() ? keyPanel(() => page.load()) : null)),
      this.part("engine", [lang(), engineState()], () => engineChoice(() => page.render())),
    ];
  }

  // After an undo the page stayed scrolled down at the corrections: the next question comes into view.
  bringIntoView(page, found) {
    if (!page.reveal || !(found.built && found.built.next)) return;
    page.reveal = false;
    document.getElementById("choices").scrollIntoView({ block: "start" });
  }

  // The board follows the moves sent (the server's step they left) and, when the rules run here, the
  // moves still on their way or queued; drawn again in another language.
  drawTable(page, s, ahead) {
    const state = page.page;
    const step = page.newest();
    const after = state.pending.length + state.sent.filter((m) => m.left > s.version).length;
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
