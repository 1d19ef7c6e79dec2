// The timeline: one entry per step, as GET /games/{id}/timeline gives them. A step a correction took
// back is struck through with the correction's step; a correction says which moves it took back and
// why. Each entry is a link to its step (keyboard reach), the current one is marked.
import { el, word } from "./board/dom.js";
import { stepsTakenBack } from "./board/taken-back.js";

function entry(ctx, e, next, current, href) {
  const moveEnd = !next || next.move_number !== e.move_number;
  const back = e.taken_back_at !== null && e.taken_back_at !== undefined;
  const classes = ["entry"];
  if (moveEnd) classes.push("move-end");
  if (e.turn_start) classes.push("turn-start");
  if (e.step === current) classes.push("current");
  if (back) classes.push("taken-back");
  if (e.correction) classes.push("correction");
  const said = (e.correction && stepsTakenBack(ctx, e.correction)) || e.description;
  const text = back ? el("del", { text: said }) : el("span", { class: "text", text: said });
  const extra = [];
  if (back) extra.push(el("span", { class: "note", text: word(ctx, "taken_back") + " (" + word(ctx, "step") + " " + e.taken_back_at + ")" }));
  if (e.correction && e.correction.reason) extra.push(el("span", { class: "note reason", text: word(ctx, "reason") + ": " + e.correction.reason }));
  if (e.comment) extra.push(el("span", { class: "note comment", text: e.comment }));
  return el("li", { class: classes.join(" "), "data-step": e.step, "data-move": e.move_number, "data-turn": e.turn,
    "data-move-end": moveEnd ? 1 : 0, "data-turn-start": e.turn_start ? 1 : 0, "data-taken-back-at": back ? e.taken_back_at : null },
    el("a", { href: href(e.step), "aria-current": e.step === current ? "step" : null },
      el("span", { class: "n", text: e.step }), text, extra));
}

export class Timeline {
  constructor(list, ctx, entries, href) {
    this.list = list;
    this.ctx = ctx;
    this.entries = entries;
    this.href = href;
  }

  get last() {
    return this.entries.length ? this.entries[this.entries.length - 1].step : 0;
  }

  /** New entries (step > the last one held); a correction among them marks the steps it took back. */
  add(entries) {
    for (const e of entries) {
      if (e.step <= this.last) continue;
      this.entries.push(e);
      if (!e.correction) continue;
      for (const m of e.correction.moves) {
        for (const held of this.entries) if (held.step >= m.first_step && held.step <= m.last_step) held.taken_back_at = e.step;
      }
    }
  }

  render(current) {
    const items = this.entries.map((e, i) => entry(this.ctx, e, this.entries[i + 1], current, this.href));
    this.list.replaceChildren(...items);
  }

  mark(current) {
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
