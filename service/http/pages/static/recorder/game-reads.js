// What the recorder's game page reads of its game, kept on this device for the offline hours (store.js),
// and read again only as far as it changed. The summary at each read. The timeline's last entries (the
// panel shows the last few, the engine checks the last one's hash), never the game's first page however
// long its history: followed by the entries after the last one held, the whole tail read again after a
// correction (it strikes earlier entries through) or a gap. The record (where the rules on this device
// start; its seal says the version it is at): followed by the moves this page sent, read again only when
// the game moved otherwise (another device, an undo) — a record is the whole game, sealed by the server.
import { api, Unreachable } from "./api.js";
import { lang } from "./lang.js";
import { keep, kept } from "./store.js";

const TAIL = 100;

export class GameReads {
  constructor(game, onUnreachable) {
    this.game = game;
    this.onUnreachable = onUnreachable; // () => void: a read did not reach the server (answered from the device)
    this.held = null; // the record held, and the game's version it is at (null: unknown, read it again)
    this.heldAt = null;
  }

  async read(what, path) {
    try {
      const value = await api(path);
      await keep(this.game, what, value);
      return value;
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      this.onUnreachable();
      return kept(this.game, what);
    }
  }

  summary() {
    return this.read("summary", `/games/${this.game}`);
  }

  // the entries after `from` (at most a page), and at least the last TAIL of the game's `version` steps
  tail(version, from = version) {
    const after = Math.max(0, Math.min(from, version - TAIL));
    return this.read("timeline", `/games/${this.game}/timeline?after=${after}&lang=${lang()}`);
  }

  // The timeline at `version`: the one held (`held`, the same object while nothing changed) followed by
  // the entries after its last, or the tail read again.
  async timeline(held, version) {
    const last = held && held.entries.length ? held.entries.at(-1).step : null;
    if (last === null || held.language !== lang() || last > version || version - last > TAIL) return this.tail(version);
    if (last === version) return held;
    let more;
    try {
      more = await api(`/games/${this.game}/timeline?after=${last}&lang=${lang()}`);
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      this.onUnreachable();
      return held;
    }
    if (more.next || more.entries.some((e) => e.correction)) return this.tail(version);
    if (!more.entries.length) return held;
    const followed = { ...more, entries: [...held.entries, ...more.entries].slice(-TAIL) };
    await keep(this.game, "timeline", followed);
    return followed;
  }

  // The record at `version` (null without the owner's key): the one held when it is at that version.
  async record(version) {
    if (this.held && this.heldAt === version) return this.held;
    const record = await this.read("record", `/games/${this.game}/record`);
    this.held = record;
    this.heldAt = record && record.seal && Number.isInteger(record.seal.version) ? record.seal.version : null;
    return record;
  }

  // A move this page sent, stored from version `expected` to `left`: the record held follows it when it
  // was at `expected` (its seal no longer vouches for it: left out).
  followed(move, expected, left) {
    if (!this.held || this.heldAt === null || this.heldAt !== expected) return;
    const { seal: _, ...record } = this.held;
    this.held = { ...record, moves: [...record.moves, { move }] };
    this.heldAt = left;
    keep(this.game, "record", this.held).catch(() => { /* kept at the next read */ });
  }

  // The rules here did not reach the timeline's position from the record held: read it again next time.
  forgetRecord() {
    this.heldAt = null;
  }
}
