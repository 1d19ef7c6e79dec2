// /recorder: a new game at the table — kind, players (handles completed from /players), seat order,
// who starts, the kind's own setup fields, tags, the time it started. Created through POST /games like any
// client. Every kind's part of the form comes from GET /kinds (its plug-in's setup form): none is named here.
import { api } from "./api.js";
import { h } from "./dom.js";
import { apiKey, keyPanel } from "./key.js";
import { freshKinds, kindOf, kinds } from "./kinds.js";

function localNow() {
  const d = new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

// A field's id: its setup key, a key of a mapping joined by "-" ("power_sides-fox").
const idOf = (key) => key.replace(/\./g, "-");

// ``setup`` with ``value`` at the dotted ``key`` ("power_sides.fox": the fox key of power_sides).
function put(setup, key, value) {
  const path = key.split(".");
  let at = setup;
  for (const part of path.slice(0, -1)) at = at[part] = at[part] || {};
  at[path[path.length - 1]] = value;
}

// Who may start, as the table says it: "Nanook (seat 1)" once named, "Seat 1" before (not "Seat 1 (seat 1)").
const seatName = (name, i) => (name.trim() ? `${name.trim()} (seat ${i + 1})` : `Seat ${i + 1}`);

export async function startPage(app) {
  const first = kinds()[0] || { kind: "", player_counts: [2], setup_form: {} };
  const form = { kind: first.kind, players: Array(first.player_counts[0]).fill(""), values: {}, tags: "", started: localNow(), starts: null };
  const listed = {}; // options_from path -> the options the API lists
  let error = null;

  const kind = () => kindOf(form.kind) || first;
  const fields = () => kind().setup_form.fields || [];
  const value = (key) => {
    if (key in form.values) return form.values[key];
    const f = fields().find((x) => x.key === key);
    return f && f.default !== undefined && f.default !== null ? f.default : "";
  };
  // a field (or who may be drawn) is asked while the fields it depends on hold one of the values named
  const holds = (when) => Object.entries(when || {}).every(([key, values]) => values.includes(value(key)));
  const options = (f) => listed[f.options_from] || (f.options || []).map((o) => [o.value, o.label]);

  function listOptions() {
    for (const f of fields()) {
      if (!f.options_from || listed[f.options_from]) continue;
      api(f.options_from).then((items) => {
        // the version apart from the label, which may end in words of its own ("… NOT the published game's")
        listed[f.options_from] = items.map((e) => [e.id, e.version ? `${e.label || e.id} (version ${e.version})` : e.label || e.id]);
        render();
      }).catch(() => { /* offline: the plug-in's own options */ });
    }
  }

  const field = (id, label, input) => h("div", { class: "field" }, h("label", { for: id }, label), input);
  const select = (id, value, options, onchange) => h("select", { id, onchange: (e) => { onchange(e.target.value); render(); } },
    options.map(([v, text]) => h("option", { value: v, selected: v === value }, text)));

  function playerRow(i) {
    const list = h("datalist", { id: `handles-${i}` });
    const input = h("input", {
      id: `player-${i}`, value: form.players[i], list: `handles-${i}`, autocomplete: "off", required: true,
      oninput: async (e) => {
        form.players[i] = e.target.value;
        const option = document.querySelector(`#starts option[value="${i}"]`); // named as it is typed
        if (option) option.textContent = seatName(e.target.value, i);
        if (!e.target.value) return;
        try {
          const page = await api(`/players?q=${encodeURIComponent(e.target.value)}&limit=8`);
          list.replaceChildren(...page.items.map((p) => h("option", { value: p.handle })));
        } catch { /* no completion offline */ }
      },
    });
    const swap = (j) => {
      [form.players[i], form.players[j]] = [form.players[j], form.players[i]];
      // who starts is a person: the choice follows them to their new seat
      if (form.starts === String(i)) form.starts = String(j);
      else if (form.starts === String(j)) form.starts = String(i);
      render();
    };
    return h("li", { class: "player" },
      h("label", { for: `player-${i}` }, `Seat ${i + 1}`), input, list,
      h("button", { type: "button", "aria-label": `Move seat ${i + 1} up`, disabled: i === 0, onclick: () => swap(i - 1) }, "↑"),
      h("button", { type: "button", "aria-label": `Move seat ${i + 1} down`, disabled: i === form.players.length - 1, onclick: () => swap(i + 1) }, "↓"));
  }

  // who starts: a seat, or (where the kind lets the seed draw it) drawn by the seed, then its default
  const seat = () => kind().setup_form.start_seat || null;
  const drawn = () => Boolean(seat() && Object.keys(seat().drawn_when || {}).length && holds(seat().drawn_when));
  function starting() {
    const chosen = form.starts ?? (drawn() ? "seed" : "0");
    if (chosen === "seed") return drawn() ? chosen : "0";
    return Number(chosen) < form.players.length ? chosen : "0";
  }
  const starts = () => (starting() === "seed" ? null : Number(starting()));

  function setup() {
    const made = { players: form.players.map((p) => p.trim()) };
    const opener = starts();
    if (seat() && opener !== null) made[seat().key] = opener;
    for (const f of fields()) {
      if (!holds(f.shown_when)) continue;
      const v = value(f.key);
      put(made, f.key, f.input === "number" ? (v === "" ? null : Number(v)) : v);
    }
    return made;
  }

  async function create(e) {
    e.preventDefault();
    const tags = Object.fromEntries(form.tags.split(",").map((t) => t.trim()).filter(Boolean).map((t) => {
      const at = t.indexOf(":");
      return at < 0 ? [t, ""] : [t.slice(0, at).trim(), t.slice(at + 1).trim()];
    }));
    const body = { kind: form.kind, setup: setup(), tags, started_at: new Date(form.started).toISOString() };
    try {
      const made = await api("/games", { method: "POST", body, headers: { "Idempotency-Key": crypto.randomUUID() } });
      location.assign(`/games/${made.id}/recorder`);
    } catch (err) {
      error = err.message;
      render();
    }
  }

  // The key and the form apart: options the API lists (or a fresher /kinds) redraw the form, never a key.
  const keyBox = h("div", {});
  const formBox = h("div", {});
  const keyChanged = () => { keyBox.replaceChildren(keyPanel(keyChanged)); render(); };
  app.replaceChildren(h("h2", {}, "Record a game at the table"), keyBox, formBox);
  keyBox.replaceChildren(keyPanel(keyChanged));

  function input(f) {
    const id = idOf(f.key);
    const set = (v) => { form.values[f.key] = v; };
    return f.input === "number"
      ? h("input", { id, type: "number", min: 0, value: value(f.key), required: true, oninput: (e) => set(e.target.value) })
      : select(id, value(f.key), options(f), set);
  }

  // the kind's fields in order, those of one group together under its legend
  function kindFields() {
    const out = [];
    for (const f of fields().filter((x) => holds(x.shown_when))) {
      const one = field(idOf(f.key), f.label, input(f));
      const last = out[out.length - 1];
      if (f.group && last && last.dataset.group === f.group) last.append(one);
      else if (f.group) out.push(h("fieldset", { class: "group", dataset: { group: f.group } }, h("legend", {}, f.group), one));
      else out.push(one);
    }
    return out;
  }

  function render() {
    const counts = kind().player_counts;
    const [least, most] = [counts[0], counts[counts.length - 1]];
    const firsts = [...(drawn() ? [["seed", "Drawn by the seed"]] : []),
      ...form.players.map((name, i) => [String(i), seatName(name, i)])];
    formBox.replaceChildren(
      h("form", { id: "start", onsubmit: create },
        field("kind", "Game", select("kind", form.kind, kinds().map((k) => [k.kind, k.title]), (v) => {
          form.kind = v;
          form.values = {};
          const [fewest, many] = [kind().player_counts[0], kind().player_counts[kind().player_counts.length - 1]];
          form.players = form.players.slice(0, many);
          while (form.players.length < fewest) form.players.push("");
          listOptions();
        })),
        h("fieldset", {}, h("legend", {}, "Players, in seat order"),
          h("ol", { class: "players" }, form.players.map((_, i) => playerRow(i))),
          h("button", { type: "button", id: "add-player", disabled: form.players.length >= most, onclick: () => { form.players.push(""); render(); } }, "Add a player"),
          h("button", { type: "button", id: "remove-player", disabled: form.players.length <= least, onclick: () => { form.players.pop(); render(); } }, "Remove the last")),
        seat() ? field("starts", "Who starts", select("starts", starting(), firsts, (v) => { form.starts = v; })) : null,
        kindFields(),
        field("tags", "Tags (name:value, comma separated)", h("input", { id: "tags", value: form.tags, oninput: (e) => { form.tags = e.target.value; } })),
        field("started", "Started at", h("input", { id: "started", type: "datetime-local", value: form.started, oninput: (e) => { form.started = e.target.value; } })),
        error ? h("p", { role: "alert", class: "error" }, error) : null,
        h("button", { type: "submit", id: "create", disabled: !apiKey() }, "Start recording")));
  }
  render();
  listOptions();
  // online, the kinds as the server has them now (the shell's may be an older version's, kept offline)
  const before = JSON.stringify(kinds());
  freshKinds().then((now) => {
    if (JSON.stringify(now) === before) return;
    if (!kindOf(form.kind) && now.length) { form.kind = now[0].kind; form.values = {}; }
    render();
    listOptions();
  });
}
