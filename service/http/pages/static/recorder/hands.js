// A start page's hands field (a table that names its hands): each seat's cards, named as they are dealt,
// from the cards the API lists (GET /kinds/{kind}/hand-cards: printed names, grouped by family then cost
// in the page's language). A card is found by typing part of its name or number, or narrowed group by
// group; no list holds more than 12; a card in one hand is offered to no other.
import { api } from "./api.js";
import { h } from "../dom.js";
import { t } from "./lang.js";

const SHOWN = 12;

export class HandsField {
  constructor(players, changed) {
    this.players = players; // () => the names by seat
    this.changed = changed; // () => the form drawn again
    this.source = null; // the address the cards came from (another edition or language: read again)
    this.cards = [];
    this.count = 0;
    this.hands = [];
    this.narrowed = []; // the groups chosen so far, outermost first
    this.run = null; // past the last group: the values of the run chosen
    this.query = "";
    this.headings = [];
  }

  async load(path) {
    if (path === this.source) return;
    this.source = path;
    try {
      const answer = await api(path);
      if (path !== this.source) return;
      const known = new Set(answer.cards.map((c) => c.value));
      this.cards = answer.cards;
      this.count = answer.count;
      this.hands = this.hands.map((hand) => hand.filter((v) => known.has(v)));
    } catch { this.cards = []; }
    this.changed();
  }

  seats() {
    const n = this.players().length;
    while (this.hands.length < n) this.hands.push([]);
    this.hands.length = n;
    return this.hands;
  }

  value() { return this.seats().map((hand) => [...hand]); }

  complete() { return this.count > 0 && this.seats().every((hand) => hand.length === this.count); }

  swap(i, j) {
    const hands = this.seats();
    [hands[i], hands[j]] = [hands[j], hands[i]];
  }

  // a player named as they are typed: the headings follow without drawing the form again (the field keeps focus)
  renamed() { this.headings.forEach((heading, seat) => { heading.textContent = this.title(seat); }); }

  title(seat) {
    const name = (this.players()[seat] || "").trim() || t("seat_n", { n: seat + 1 });
    return t("hand_of", { player: name, n: this.seats()[seat].length, count: this.count });
  }

  label(value) { return (this.cards.find((c) => c.value === value) || { label: String(value) }).label; }

  render(legend) {
    const hands = this.seats();
    const open = hands.findIndex((hand) => hand.length < this.count); // the seat being dealt to now
    this.headings = [];
    return h("fieldset", { class: "hands", id: "hands" }, h("legend", {}, legend),
      hands.map((hand, seat) => this.hand(seat, hand, seat === open)));
  }

  hand(seat, hand, open) {
    const heading = h("h3", { id: `hand-${seat}-title` }, this.title(seat));
    this.headings[seat] = heading;
    return h("section", { class: "hand" + (open ? " open" : ""), "aria-labelledby": `hand-${seat}-title`, dataset: { seat: String(seat), cards: String(hand.length) } },
      heading,
      h("div", { class: "chips" }, hand.map((value) => h("button", {
        type: "button", class: "chip", "aria-label": t("remove_card", { card: this.label(value) }),
        onclick: () => { hand.splice(hand.indexOf(value), 1); this.changed(); },
      }, this.label(value), " ✕"))),
      open ? this.finder(seat, hand) : null);
  }

  // The cards still free, found by a few letters or digits, or by their groups (then runs of 12 at most).
  finder(seat, hand) {
    const taken = new Set(this.seats().flat());
    const free = this.cards.filter((c) => !taken.has(c.value));
    const search = h("input", {
      id: `find-${seat}`, type: "search", value: this.query, autocomplete: "off",
      oninput: (e) => { this.query = e.target.value; this.list(list, free, hand); },
    });
    const list = h("div", { class: "options tiles", role: "group", "aria-labelledby": `hand-${seat}-title` });
    this.list(list, free, hand);
    return h("div", { class: "finder" }, h("label", { for: `find-${seat}` }, t("find_card")), search, list);
  }

  list(list, free, hand) {
    const pick = (card) => { hand.push(card.value); this.query = ""; this.widen(); };
    const query = this.query.trim().toLowerCase();
    const matching = query ? free.filter((c) => c.label.toLowerCase().includes(query) || String(c.value) === query) : this.within(free);
    const buttons = matching.length <= SHOWN || query
      ? matching.slice(0, SHOWN).map((c) => h("button", { type: "button", class: "choice tile", dataset: { value: String(c.value) }, onclick: () => pick(c) }, c.label))
      : this.groups(matching);
    if (query && !matching.length) buttons.push(h("p", { class: "muted" }, t("no_card_found")));
    if ((this.narrowed.length || this.run) && !query) {
      buttons.push(h("button", { type: "button", class: "choice", id: "all-cards", onclick: () => this.widen() }, t("all_cards")));
    }
    list.replaceChildren(...buttons);
  }

  widen() {
    this.narrowed = [];
    this.run = null;
    this.changed();
  }

  within(free) {
    const grouped = free.filter((c) => this.narrowed.every((g, level) => (c.groups[level] || {}).value === g));
    return this.run ? grouped.filter((c) => this.run.has(c.value)) : grouped;
  }

  // the next level's groups (a family, then a cost); past the last one, runs of 12 in alphabetical order
  groups(matching) {
    const level = this.narrowed.length;
    const seen = new Map();
    for (const c of matching) if (c.groups[level]) seen.set(c.groups[level].value, c.groups[level].label);
    if (seen.size > 1) {
      return [...seen].map(([value, label]) => h("button", {
        type: "button", class: "choice", dataset: { group: value }, onclick: () => { this.narrowed.push(value); this.changed(); },
      }, label));
    }
    return this.runs(matching);
  }

  runs(matching) {
    const sorted = [...matching].sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
    const size = Math.ceil(sorted.length / Math.ceil(sorted.length / SHOWN));
    const out = [];
    for (let i = 0; i < sorted.length; i += size) {
      const run = sorted.slice(i, i + size);
      out.push(h("button", {
        type: "button", class: "choice", onclick: () => { this.run = new Set(run.map((c) => c.value)); this.changed(); },
      }, `${run[0].label} – ${run[run.length - 1].label}`));
    }
    return out;
  }
}
