// /recorder: a new game at the table — kind, players (handles completed from /players), seat order,
// who starts, the kind's own setup fields, tags, the time it started. Created through POST /games like any
// client. Every kind's part of the form comes from GET /kinds (its plug-in's setup form, its labels in
// each language): none is named here.
import { api } from "./api.js";
import { h, redraw } from "../dom.js";
import { HandsField } from "./hands.js";
import { apiKey, keyPanel } from "./key.js";
import { freshKinds, kindOf, kinds } from "./kinds.js";
import { frame, lang, languageBox, said, t } from "./lang.js";

function localNow() {
  const d = new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

// A field's id: its setup key, a key of a mapping joined by "-" ("power_sides-fox").
const idOf = (key) => key.replace(/\./g, "-");
// a select whose choices say more than this is asked as radio buttons (a phone's select cuts them)
const LONG = 24;

// ``setup`` with ``value`` at the dotted ``key`` ("power_sides.fox": the fox key of power_sides).
function put(setup, key, value) {
  const path = key.split(".");
  let at = setup;
  for (const part of path.slice(0, -1)) at = at[part] = at[part] || {};
  at[path[path.length - 1]] = value;
}

// Who may start, as the table says it: "Nanook (seat 1)" once named, "Seat 1" before (not "Seat 1 (seat 1)").
const seatName = (name, i) => (name.trim() ? t("named_seat", { name: name.trim(), n: i + 1 }) : t("seat_n", { n: i + 1 }));

export async function startPage(app) {
  new StartPage(app).start();
}

class StartPage {
  constructor(app) {
    this.app = app;
    this.first = kinds()[0] || { kind: "", player_counts: [2], setup_form: {} };
    this.form = { kind: this.first.kind, players: Array(this.first.player_counts[0]).fill(""), values: {}, tags: "", started: localNow(), starts: null };
    this.listed = {}; // options_from path -> the items the API lists
    this.error = null;
    this.hands = new HandsField(() => this.form.players, () => this.render());
    this.keyBox = h("div", {});
    this.formBox = h("div", {});
  }

  kind() { return kindOf(this.form.kind) || this.first; }

  fields() { return this.kind().setup_form.fields || []; }

  value(key) {
    if (key in this.form.values) return this.form.values[key];
    const f = this.fields().find((x) => x.key === key);
    return f && f.default !== undefined && f.default !== null ? f.default : "";
  }

  // a field (or who may be drawn) is asked while the fields it depends on hold one of the values named
  holds(when) { return Object.entries(when || {}).every(([key, values]) => values.includes(this.value(key))); }

  // an options_from path with the form's values in its {key} parts (the edition a hand is dealt from)
  source(f) { return f.options_from.replace(/\{([a-z_.]+)\}/g, (_, key) => encodeURIComponent(this.value(key))); }

  options(f) {
    const items = f.options_from ? this.listed[this.source(f)] : null;
    if (!items) return (f.options || []).map((o) => [o.value, said(o.words, o.label)]);
    const words = this.kind().words || {};
    // the version apart from the label, which may end in words of its own ("… NOT the published game's");
    // a packaged edition's label in the page's language (its kind's words), a club's as the club wrote it
    return items.map((e) => {
      const label = said(words[`edition_${e.id}`], e.label || e.id);
      return [e.id, e.version ? t("version_n", { label, v: e.version }) : label];
    });
  }

  start() {
    document.getElementById("language-box").replaceChildren(languageBox(() => { this.keyChanged(); this.listOptions(); }));
    frame();
    this.app.replaceChildren(h("h2", { id: "start-title" }, t("record_at_table")), this.keyBox, this.formBox);
    this.keyChanged();
    this.listOptions();
    // online, the kinds as the server has them now (the shell's may be an older version's, kept offline)
    const before = JSON.stringify(kinds());
    freshKinds().then((now) => {
      if (JSON.stringify(now) === before) return;
      if (!kindOf(this.form.kind) && now.length) { this.form.kind = now[0].kind; this.form.values = {}; }
      this.render();
      this.listOptions();
    });
  }

  // The key and the form apart: options the API lists (or a fresher /kinds) redraw the form, never a key.
  keyChanged() {
    document.getElementById("start-title").textContent = t("record_at_table");
    this.keyBox.replaceChildren(keyPanel(() => this.keyChanged()));
    this.render();
  }

  listOptions() {
    for (const f of this.fields()) {
      if (!f.options_from || !this.holds(f.shown_when)) continue;
      const path = this.source(f);
      if (f.input === "hands") { this.hands.load(`${path}${path.includes("?") ? "&" : "?"}lang=${lang()}`); continue; }
      if (this.listed[path]) continue;
      api(path).then((items) => { this.listed[path] = items; this.render(); }).catch(() => { /* offline: the plug-in's own options */ });
    }
  }

  // who starts: a seat, or (where the kind lets the seed draw it) drawn by the seed, then its default
  seat() { return this.kind().setup_form.start_seat || null; }

  drawn() {
    const seat = this.seat();
    return Boolean(seat && Object.keys(seat.drawn_when || {}).length && this.holds(seat.drawn_when));
  }

  starting() {
    const chosen = this.form.starts ?? (this.drawn() ? "seed" : "0");
    if (chosen === "seed") return this.drawn() ? chosen : "0";
    return Number(chosen) < this.form.players.length ? chosen : "0";
  }

  setup() {
    const made = { players: this.form.players.map((p) => p.trim()) };
    const opener = this.starting() === "seed" ? null : Number(this.starting());
    if (this.seat() && opener !== null) made[this.seat().key] = opener;
    for (const f of this.fields()) {
      if (!this.holds(f.shown_when)) continue;
      const v = f.input === "hands" ? this.hands.value() : this.value(f.key);
      put(made, f.key, f.input === "number" ? (v === "" ? null : Number(v)) : v);
    }
    return made;
  }

  async create(e) {
    e.preventDefault();
    if (this.fields().some((f) => f.input === "hands" && this.holds(f.shown_when)) && !this.hands.complete()) {
      this.error = t("hands_needed");
      return this.render();
    }
    const tags = Object.fromEntries(this.form.tags.split(",").map((x) => x.trim()).filter(Boolean).map((x) => {
      const at = x.indexOf(":");
      return at < 0 ? [x, ""] : [x.slice(0, at).trim(), x.slice(at + 1).trim()];
    }));
    const body = { kind: this.form.kind, setup: this.setup(), tags, started_at: new Date(this.form.started).toISOString() };
    try {
      const made = await api("/games", { method: "POST", body, headers: { "Idempotency-Key": crypto.randomUUID() } });
      location.assign(`/games/${made.id}/recorder`);
    } catch (err) {
      this.error = err.message;
      this.render();
    }
  }

  // drawn again whenever an answer arrives (the kinds, an edition list, the hands): the field being typed in
  // keeps the focus
  render() {
    redraw(this.formBox,
      h("form", { id: "start", onsubmit: (e) => this.create(e) },
        this.field("kind", t("game"), this.select("kind", this.form.kind, kinds().map((k) => [k.kind, k.title]), (v) => this.chooseKind(v))),
        this.players(),
        this.seat() ? this.field("starts", t("who_starts"), this.select("starts", this.starting(), this.firsts(), (v) => { this.form.starts = v; })) : null,
        this.kindFields(),
        this.field("tags", t("tags"), h("input", { id: "tags", value: this.form.tags, oninput: (e) => { this.form.tags = e.target.value; } })),
        this.field("started", t("started_at"), h("input", { id: "started", type: "datetime-local", value: this.form.started, oninput: (e) => { this.form.started = e.target.value; } })),
        this.error ? h("p", { role: "alert", class: "error" }, this.error) : null,
        h("button", { type: "submit", id: "create", disabled: !apiKey() }, t("start_recording"))));
  }

  chooseKind(v) {
    this.form.kind = v;
    this.form.values = {};
    const counts = this.kind().player_counts;
    this.form.players = this.form.players.slice(0, counts[counts.length - 1]);
    while (this.form.players.length < counts[0]) this.form.players.push("");
    this.listOptions();
  }

  firsts() {
    return [...(this.drawn() ? [["seed", t("drawn_by_seed")]] : []), ...this.form.players.map((name, i) => [String(i), seatName(name, i)])];
  }

  field(id, label, input) { return h("div", { class: "field" }, h("label", { for: id }, label), input); }

  select(id, value, options, onchange) {
    return h("select", { id, onchange: (e) => { onchange(e.target.value); this.render(); } },
      options.map(([v, text]) => h("option", { value: v, selected: v === value }, text)));
  }

  players() {
    const counts = this.kind().player_counts;
    const [least, most] = [counts[0], counts[counts.length - 1]];
    const players = this.form.players;
    return h("fieldset", {}, h("legend", {}, t("players_in_order")),
      h("ol", { class: "players" }, players.map((_, i) => this.playerRow(i))),
      h("button", { type: "button", id: "add-player", disabled: players.length >= most, onclick: () => { players.push(""); this.render(); } }, t("add_player")),
      h("button", { type: "button", id: "remove-player", disabled: players.length <= least, onclick: () => { players.pop(); this.render(); } }, t("remove_player")));
  }

  playerRow(i) {
    const form = this.form;
    const list = h("datalist", { id: `handles-${i}` });
    const input = h("input", {
      id: `player-${i}`, value: form.players[i], list: `handles-${i}`, autocomplete: "off", required: true,
      oninput: (e) => this.named(i, e.target.value, list),
    });
    const label = (key) => t(key, { n: i + 1 });
    return h("li", { class: "player" },
      h("label", { for: `player-${i}` }, label("seat_n")), input, list,
      h("button", { type: "button", "aria-label": label("seat_up"), disabled: i === 0, onclick: () => this.swap(i, i - 1) }, "↑"),
      h("button", { type: "button", "aria-label": label("seat_down"), disabled: i === form.players.length - 1, onclick: () => this.swap(i, i + 1) }, "↓"));
  }

  async named(i, text, list) {
    this.form.players[i] = text;
    const option = document.querySelector(`#starts option[value="${i}"]`); // named as it is typed
    if (option) option.textContent = seatName(text, i);
    this.hands.renamed();
    if (!text) return;
    try {
      const page = await api(`/players?q=${encodeURIComponent(text)}&limit=8`);
      list.replaceChildren(...page.items.map((p) => h("option", { value: p.handle })));
    } catch { /* no completion offline */ }
  }

  swap(i, j) {
    const form = this.form;
    [form.players[i], form.players[j]] = [form.players[j], form.players[i]];
    this.hands.swap(i, j); // a hand is a person's: it follows them to their new seat
    // who starts is a person: the choice follows them to their new seat
    if (form.starts === String(i)) form.starts = String(j);
    else if (form.starts === String(j)) form.starts = String(i);
    this.render();
  }

  input(f) {
    const id = idOf(f.key);
    const set = (v) => { this.form.values[f.key] = v; if (f.key === "mode" || f.key === "edition") this.listOptions(); };
    if (f.input === "number") {
      return h("input", { id, type: "number", min: 0, value: this.value(f.key), required: true, oninput: (e) => set(e.target.value) });
    }
    return this.select(id, this.value(f.key), this.options(f), set);
  }

  // A list the API gives (the editions), or of long labels (the modes): one choice a line, its whole
  // label readable on a phone (a select cut it at 390 px: "…NOT th…").
  radios(f) {
    const id = idOf(f.key);
    const set = (v) => { this.form.values[f.key] = v; this.listOptions(); this.render(); };
    return h("fieldset", { class: "radios", id }, h("legend", {}, said(f.words, f.label)),
      this.options(f).map(([v, text], i) => h("label", { class: "radio" },
        h("input", { type: "radio", name: id, id: `${id}-${i}`, value: v, checked: v === this.value(f.key), onchange: () => set(v) }),
        " ", text)));
  }

  // the kind's fields in order, those of one group together under its legend
  kindFields() {
    const out = [];
    for (const f of this.fields().filter((x) => this.holds(x.shown_when))) {
      if (f.input === "hands") { out.push(this.hands.render(said(f.words, f.label))); continue; }
      if (f.options_from || this.options(f).some(([, text]) => text.length > LONG)) { out.push(this.radios(f)); continue; }
      const one = this.field(idOf(f.key), said(f.words, f.label), this.input(f));
      const last = out[out.length - 1];
      if (f.group && last && last.dataset.group === f.group) last.append(one);
      else if (f.group) out.push(h("fieldset", { class: "group", dataset: { group: f.group } }, h("legend", {}, said(f.group_words, f.group)), one));
      else out.push(one);
    }
    return out;
  }
}
