// Sending the queue in order. Each move carries its own Idempotency-Key (a retry after a lost answer
// stores nothing twice) and the version it expects (If-Match): the first one the version the page
// last read, each next one the version the previous move left. A 409 or 422 stops the queue.
import { api, Problem, Unreachable } from "./api.js";
import { queued, remove, update } from "./store.js";

export class Sync {
  constructor(game, changed, known) {
    this.game = game;
    this.changed = changed; // (what, item) => void: "sent" (that item, with the versions it expected and left), "offline", "stopped", "idle"
    this.known = known; // () => the newest version of the game the page knows (read, or left by a move sent)
    this.version = null; // the version the last move sent left
    this.running = null;
    this.stopped = null; // {item, problem}: what the conflict view shows
  }

  // A kick while the queue is being sent is not lost: the queue is read again once that round ends.
  kick() {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.again = false;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) this.kick();
    });
    return this.running;
  }

  async drain() {
    for (;;) {
      const items = await queued(this.game);
      if (!items.length) {
        this.changed("idle"); // not awaited: what the page reads then is no part of sending
        return;
      }
      const [head, next] = items;
      // a move queued while the one before it was on its way: it follows that one
      const expected = head.expected ?? this.known();
      let accepted;
      try {
        accepted = await api(`/games/${this.game}/moves`, {
          method: "POST",
          body: { move: head.move, ...(head.at ? { at: head.at } : {}) },
          headers: { "If-Match": `"${expected}"`, "Idempotency-Key": head.idem },
        });
      } catch (error) {
        if (error instanceof Problem && (error.status === 409 || error.status === 422)) {
          this.stopped = { item: { ...head, expected }, problem: error.body, status: error.status };
          return this.changed("stopped");
        }
        if (error instanceof Unreachable || (error instanceof Problem && error.status >= 500)) {
          return this.changed("offline");
        }
        this.stopped = { item: { ...head, expected }, problem: error.body, status: error.status };
        return this.changed("stopped");
      }
      this.version = accepted.version;
      if (next) await update({ ...next, expected: accepted.version });
      await remove(head.id);
      this.changed("sent", { ...head, expected, left: accepted.version });
    }
  }

  // "Retry": the stopped move again, against the version the server holds now (a new key: the refused
  // request stored nothing, and its key belongs to that request).
  async retry(version) {
    const item = this.stopped.item;
    await update({ ...item, expected: version, idem: crypto.randomUUID() });
    this.stopped = null;
    this.version = version;
    return this.kick();
  }

  // "Keep the server's, drop mine from here": the stopped move and every one queued after it.
  async dropFromStopped() {
    const from = this.stopped.item.id;
    for (const item of await queued(this.game)) if (item.id >= from) await remove(item.id);
    this.stopped = null;
  }
}
