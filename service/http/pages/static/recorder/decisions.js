// What the table can do now on the recorder's game page: the server's next decision (online, nothing on
// its way), else the one the project's rules reach on this device after the moves on their way or queued
// (engine.js), checked against the server's stored position (the timeline's last state hash).
import { api, Problem, Unreachable } from "./api.js";
import { position } from "./engine.js";
import { apiKey } from "./key.js";
import { lang, t } from "./lang.js";

export class Decisions {
  constructor(page) {
    this.page = page; // the RecordPage: its state (page.page), its sync, its reads
  }

  // The next decision: {built, source: "server" | "engine" | "waiting" | "none", ahead, exact}.
  async next(s) {
    const state = this.page.page;
    const exact = !state.pending.length && !state.sent.length && state.reached;
    const found = { built: null, source: exact ? "server" : state.reached ? "waiting" : "none", ahead: null, exact };
    const open = s.status === "live" || s.status === "finished"; // a finished game may still take the cards shown at its end
    if (!open || this.page.sync.stopped || !apiKey()) return found;
    if (exact) {
      try { found.built = await this.asked(); } catch (error) { state.decisionError = error.message; }
      if (!state.reached) found.source = "none";
    }
    if (!exact || !state.reached) await this.offline(found);
    return found;
  }

  // The server's next decision at the version read (the path so far: made), in the page's language.
  async asked() {
    const state = this.page.page;
    try {
      const body = { made: state.made, version: state.summary.version };
      return await api(`/games/${this.page.game}/moves/next?lang=${lang()}`, { method: "POST", body });
    } catch (error) {
      return this.refused(error);
    }
  }

  async refused(error) {
    const state = this.page.page;
    const code = error instanceof Problem ? error.body.code : null;
    if (code === "unknown_decision") {
      state.made = state.made.slice(0, error.body.at ?? 0); // a stale path: kept up to what is still offered
      state.decisionError = error.message;
      this.page.remember();
      return this.asked();
    }
    if (code === "no_decision") return null;
    if (code === "version_conflict") {
      state.made = [];
      this.page.remember();
      this.page.load();
      return null;
    }
    if (error instanceof Unreachable) {
      state.reached = false;
      return null;
    }
    throw error;
  }

  // The decision the rules on this device give (the position after the moves on their way).
  async offline(found) {
    const state = this.page.page;
    const answer = await this.decided(state.made);
    if (answer && answer.decision) {
      found.built = answer.decision;
      found.source = "engine";
      found.ahead = answer;
    } else if (answer && answer.refused !== undefined) {
      state.error = t("queued_refused", { detail: answer.detail });
    } else if (answer && answer.unknown !== undefined) {
      state.made = state.made.slice(0, answer.unknown); // a path no longer offered here: kept up to it
      this.page.remember();
      setTimeout(() => this.page.render());
    }
  }

  // Offline, or moves still queued: the position the project's rules reach here after the queued
  // moves, when the engine runs in this browser and agrees with the server on the stored position.
  async decided(made = [], extra = []) {
    const state = this.page.page;
    const entries = state.timeline ? state.timeline.entries : [];
    const entry = entries.length ? entries.at(-1) : null;
    if (!state.record || !entry || !entry.state_hash || state.summary.status !== "live") return null;
    const answer = await this.positionAfter(entry, made, extra);
    if (!answer || !answer.mismatch) return answer;
    // the record and the timeline are two reads: a move stored between them leaves the record at an
    // earlier step of the timeline; the moves sent after that step are the ones to add
    const at = entries.find((e) => e.state_hash === answer.stored_hash);
    const again = at ? await this.positionAfter(at, made, extra) : null;
    if (again && !again.mismatch) return again;
    this.page.reads.forgetRecord(); // a record this page followed that the server's position disowns
    return null;
  }

  // The position after the record's moves, the moves sent after the timeline's `entry`, and the queued
  // ones; null where the rules here cannot say, or the record does not reach `entry`'s state.
  async positionAfter(entry, made, extra) {
    const { summary: s, sent, pending, record } = this.page.page;
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
}
