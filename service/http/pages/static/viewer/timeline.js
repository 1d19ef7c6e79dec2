// The timeline: one entry per step, as GET /games/{id}/timeline gives them. The page holds one page of
// entries (around the step it shows); the others come from /timeline a page at a time (`after`, its
// cursor, and `limit`), as the reader scrolls or steps to them: a gap in the list stands for the steps not
// held yet, and loads the page next to what is held when it is scrolled into view or pressed. A step a
// correction took back is struck through with the correction's step; a correction says which moves it
// took back and why. Each entry is a link to its step (keyboard reach), the current one is marked.
import { h } from "../dom.js";
import { word } from "../words.js";
import { stepsTakenBack } from "../board/taken-back.js";
import { judgementNote } from "../analysis.js";

function entry(ctx, e, moveEnd, current, href) {
  const back = e.taken_back_at !== null && e.taken_back_at !== undefined;
  const classes = ["entry"];
  if (moveEnd) classes.push("move-end");
  if (e.turn_start) classes.push("turn-start");
  if (e.step === current) classes.push("current");
  if (back) classes.push("taken-back");
  if (e.correction) classes.push("correction");
  const said = (e.correction && stepsTakenBack(ctx, e.correction)) || e.description;
  const text = back ? h("del", { text: said }) : h("span", { class: "text", text: said });
  const extra = [];
  if (back) extra.push(h("span", { class: "note", text: word(ctx, "taken_back") + " (" + word(ctx, "step") + " " + e.taken_back_at + ")" }));
  if (e.correction && e.correction.reason) extra.push(h("span", { class: "note reason", text: word(ctx, "reason") + ": " + e.correction.reason }));
  if (e.comment) extra.push(h("span", { class: "note comment", text: e.comment }));
  // a decision the analysis judged (ctx.judged: move number -> judgement), on its move's first step
  const judged = e.move_start && ctx.judged ? judgementNote(ctx, ctx.judged.get(e.move_number)) : null;
  if (judged && !back) extra.push(judged);
  return h("li", { class: classes.join(" "), "data-step": e.step, "data-move": e.move_number, "data-turn": e.turn,
    "data-move-end": moveEnd ? 1 : 0, "data-turn-start": e.turn_start ? 1 : 0, "data-taken-back-at": back ? e.taken_back_at : null },
    h("a", { href: href(e.step), "aria-current": e.step === current ? "step" : null },
      h("span", { class: "n", text: e.step }), text, extra));
}

export class Timeline {
  /** `steps`: the game's steps as the page knows them (the viewer raises it as a live game goes on);
   * `page`: the entries asked of /timeline at a time; `entries`: the ones the page came with. */
  constructor(list, ctx, { game, lang, steps, page, entries }, href) {
    this.list = list;
    this.ctx = ctx;
    this.href = href;
    this.game = game;
    this.lang = lang;
    this.steps = steps;
    this.page = page;
    this.held = new Map(); // step -> entry
    this.current = 0;
    this.loading = new Map(); // "after:limit" -> the answer's promise (one request each)
    this.ensuring = null;
    this.target = 0;
    this.direction = 1; // the way the reader last scrolled the list: -1 up, 1 down
    this.lastY = 0;
    this.add(entries);
    list.addEventListener("scroll", () => {
      const y = list.scrollTop;
      if (y !== this.lastY) this.direction = y < this.lastY ? -1 : 1;
      this.lastY = y;
    });
    list.addEventListener("click", (e) => {
      const button = e.target.closest("li.gap button");
      if (button) this.fill(button.parentElement, true);
    });
    this.observer = window.IntersectionObserver
      ? new IntersectionObserver((seen) => {
          for (const s of seen) if (s.isIntersecting) this.fill(s.target, false);
        }, { root: list })
      : null;
  }

  has(step) {
    return this.held.has(step);
  }

  /** Entries from /timeline (held ones replaced); a correction among them marks the steps it took back. */
  add(entries) {
    for (const e of entries) {
      this.held.set(e.step, e);
      if (!e.correction) continue;
      for (const m of e.correction.moves) {
        for (let s = m.first_step; s <= m.last_step; s++) {
          const held = this.held.get(s);
          if (held) held.taken_back_at = e.step;
        }
      }
    }
  }

  /** The entries of the steps after `after` (at most `limit`, at most a page), held and drawn: the last
   * step they reach, 0 when none came. The same page asked twice at once is one request. */
  fetchPage(after, limit) {
    limit = Math.max(1, Math.min(limit, this.page));
    const key = after + ":" + limit;
    if (!this.loading.has(key)) {
      const url = "/games/" + this.game + "/timeline?after=" + after + "&limit=" + limit + "&lang=" + this.lang;
      const answer = fetch(url)
        .then(async (response) => {
          if (!response.ok) return 0;
          const entries = (await response.json()).entries;
          this.add(entries);
          this.render();
          return entries.length ? entries[entries.length - 1].step : 0;
        })
        .catch(() => 0)
        .finally(() => this.loading.delete(key));
      this.loading.set(key, answer);
    }
    return this.loading.get(key);
  }

  /** The steps not held around `step`: [first, last]. */
  gap(step) {
    let first = step;
    let last = step;
    while (first > 1 && !this.held.has(first - 1)) first--;
    while (last < this.steps && !this.held.has(last + 1)) last++;
    return [first, last];
  }

  /** The page around `step` held (the last step asked wins: a slider dragged asks for where it stops). */
  async ensure(step) {
    this.target = step;
    while (this.ensuring) await this.ensuring;
    if (this.target !== step || step < 1 || step > this.steps || this.held.has(step)) return;
    const [first, last] = this.gap(step);
    const after = Math.max(first - 1, Math.min(step - Math.floor(this.page / 2), last - this.page));
    this.ensuring = this.fetchPage(after, last - after).finally(() => {
      this.ensuring = null;
    });
    await this.ensuring;
  }

  /** A gap's page next to what is held: above it when the reader scrolls up to it, else below it. */
  async fill(li, pressed) {
    const first = Number(li.dataset.first);
    const last = Number(li.dataset.last);
    const below = last < this.steps;
    const above = first > 1;
    const fromEnd = below && (!above || this.direction < 0);
    const after = fromEnd ? Math.max(first - 1, last - this.page) : first - 1;
    const focused = pressed && li.contains(document.activeElement);
    await this.fetchPage(after, last - after);
    if (!focused) return;
    const near = this.list.querySelector('li[data-step="' + (fromEnd ? last : first) + '"] a');
    if (near) near.focus();
  }

  /** Whether step `k` ends a move (null: the next entry is not held yet). */
  moveEnd(k) {
    const e = this.held.get(k);
    if (!e) return null;
    if (k >= this.steps) return true;
    const next = this.held.get(k + 1);
    if (!next) return null;
    return next.move_number !== e.move_number;
  }

  boundary(k, by) {
    const e = this.held.get(k);
    if (!e) return null;
    return by === "turn" ? Boolean(e.turn_start) : this.moveEnd(k);
  }

  /** The first step after `step` that ends a move (by "move") or starts a turn (by "turn"), the last step
   * when none does; the pages it walks into are fetched. null: a page could not be fetched. */
  async after(step, by) {
    for (let pages = 0; pages < 100; pages++) {
      let k = step + 1;
      for (; k < this.steps; k++) {
        const hit = this.boundary(k, by);
        if (hit === null) break;
        if (hit) return k;
      }
      if (k >= this.steps) return this.steps;
      const missing = this.held.has(k) ? k + 1 : k;
      if (!(await this.fetchPage(missing - 1, this.page))) return null;
    }
    return null;
  }

  /** The last step before `step` that ends a move or starts a turn, the first step when none does. */
  async before(step, by) {
    for (let pages = 0; pages < 100; pages++) {
      let k = step - 1;
      for (; k > 1; k--) {
        const hit = this.boundary(k, by);
        if (hit === null) break;
        if (hit) return k;
      }
      if (k <= 1) return 1;
      const missing = this.held.has(k) ? k + 1 : k;
      const after = Math.max(0, missing - this.page);
      if (!(await this.fetchPage(after, missing - after))) return null;
    }
    return null;
  }

  gapItem(first, last) {
    return h("li", { class: "gap", "data-first": first, "data-last": last },
      h("button", { type: "button", text: word(this.ctx, "load_steps", { first, last }) }));
  }

  /** The first entry in view and how far below the list's top, to keep it there as entries come above. */
  anchor() {
    const top = this.list.getBoundingClientRect().top;
    for (const li of this.list.children) {
      if (!li.dataset.step) continue;
      const box = li.getBoundingClientRect();
      if (box.bottom > top) return { step: li.dataset.step, offset: box.top - top };
    }
    return null;
  }

  render() {
    const anchor = this.anchor();
    const items = [];
    let previous = 0;
    for (const step of [...this.held.keys()].sort((a, b) => a - b)) {
      if (step > previous + 1) items.push(this.gapItem(previous + 1, step - 1));
      items.push(entry(this.ctx, this.held.get(step), this.moveEnd(step), this.current, this.href));
      previous = step;
    }
    if (previous < this.steps) items.push(this.gapItem(previous + 1, this.steps));
    if (this.observer) this.observer.disconnect();
    this.list.replaceChildren(...items);
    if (anchor) {
      const li = this.list.querySelector('li[data-step="' + anchor.step + '"]');
      if (li) this.list.scrollTop += li.getBoundingClientRect().top - this.list.getBoundingClientRect().top - anchor.offset;
    }
    this.lastY = this.list.scrollTop;
    if (this.observer) for (const gap of this.list.querySelectorAll("li.gap")) this.observer.observe(gap);
  }

  mark(current) {
    this.current = current;
    for (const li of this.list.querySelectorAll("li.current")) {
      li.classList.remove("current");
      li.firstChild.removeAttribute("aria-current");
    }
    const li = this.list.querySelector('li[data-step="' + current + '"]');
    if (li) {
      li.classList.add("current");
      li.firstChild.setAttribute("aria-current", "step");
      this.reveal(li);
    }
  }

  /** The list alone scrolls to show ``li``: scrollIntoView would scroll the page too, and a phone, whose
   * timeline is under the board, would leave the board and its controls after each step. */
  reveal(li) {
    const box = this.list.getBoundingClientRect();
    const at = li.getBoundingClientRect();
    if (at.top < box.top) this.list.scrollTop -= box.top - at.top;
    else if (at.bottom > box.bottom) this.list.scrollTop += at.bottom - box.bottom;
  }
}
