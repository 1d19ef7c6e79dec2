// /recorder: a new game at the table — kind, players (handles completed from /players), seat order,
// mode, Arctica edition, tags, the time it started. Created through POST /games like any client.
import { api } from "./api.js";
import { h } from "./dom.js";
import { apiKey, keyPanel } from "./key.js";

const ANIMALS = ["fox", "moose", "walrus", "orca", "puffin", "polar_bear"];
const SEATS = { arctic: [2, 4], arctica: [2, 5] };

function localNow() {
  const d = new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

export async function startPage(app) {
  const form = { kind: "arctic", players: ["", ""], mode: "public", seed: "", edition: "demo-1", tags: "", started: localNow(), sides: {}, starts: null };
  let editions = [];
  let error = null;
  api("/editions").then((list) => { editions = list; render(); }).catch(() => {});

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
        if (option) option.textContent = `${e.target.value.trim() || `Seat ${i + 1}`} (seat ${i + 1})`;
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

  // who starts: a seat, or (an Arctica game dealt from a seed) drawn by the seed, its default
  const drawn = () => form.kind === "arctica" && form.mode === "full";
  function starting() {
    const chosen = form.starts ?? (drawn() ? "seed" : "0");
    if (chosen === "seed") return drawn() ? chosen : "0";
    return Number(chosen) < form.players.length ? chosen : "0";
  }
  const starts = () => (starting() === "seed" ? null : Number(starting()));

  function setup() {
    const players = form.players.map((p) => p.trim());
    const seed = form.seed === "" ? null : Number(form.seed);
    const first = starts();
    if (form.kind === "arctic") {
      return form.mode === "public"
        ? { players, start_seat: first, mode: "public", power_sides: Object.fromEntries(ANIMALS.map((a) => [a, form.sides[a] || "A"])) }
        : { players, start_seat: first, mode: "full", seed };
    }
    const start = first === null ? {} : { start_player: first };
    return form.mode === "public"
      ? { players, edition: form.edition, mode: "public", ...start }
      : { players, edition: form.edition, mode: "seeded", seed, ...start };
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

  // The key and the form apart: the editions arriving redraw the form, never a key being typed.
  const keyBox = h("div", {});
  const formBox = h("div", {});
  const keyChanged = () => { keyBox.replaceChildren(keyPanel(keyChanged)); render(); };
  app.replaceChildren(h("h2", {}, "Record a game at the table"), keyBox, formBox);
  keyBox.replaceChildren(keyPanel(keyChanged));

  function render() {
    const [least, most] = SEATS[form.kind];
    const modes = form.kind === "arctic"
      ? [["public", "Public: what the table sees"], ["full", "Full: every card known (a seed)"]]
      : [["public", "Public: what the table sees"], ["full", "Full: every card known (a seed)"]];
    const editionOptions = editions.length ? editions.map((e) => [e.id, `${e.label || e.id} ${e.version || ""}`.trim()]) : [["demo-1", "demo-1"]];
    const firsts = [...(drawn() ? [["seed", "Drawn by the seed"]] : []),
      ...form.players.map((name, i) => [String(i), `${name.trim() || `Seat ${i + 1}`} (seat ${i + 1})`])];
    formBox.replaceChildren(
      h("form", { id: "start", onsubmit: create },
        field("kind", "Game", select("kind", form.kind, [["arctic", "Arctic"], ["arctica", "Arctica"]], (v) => {
          form.kind = v;
          form.players = form.players.slice(0, SEATS[v][1]);
        })),
        h("fieldset", {}, h("legend", {}, "Players, in seat order"),
          h("ol", { class: "players" }, form.players.map((_, i) => playerRow(i))),
          h("button", { type: "button", id: "add-player", disabled: form.players.length >= most, onclick: () => { form.players.push(""); render(); } }, "Add a player"),
          h("button", { type: "button", id: "remove-player", disabled: form.players.length <= least, onclick: () => { form.players.pop(); render(); } }, "Remove the last")),
        field("starts", "Who starts", select("starts", starting(), firsts, (v) => { form.starts = v; })),
        field("mode", "Mode", select("mode", form.mode, modes, (v) => { form.mode = v; })),
        form.mode === "full" ? field("seed", "Seed", h("input", { id: "seed", type: "number", min: 0, value: form.seed, required: true, oninput: (e) => { form.seed = e.target.value; } })) : null,
        form.kind === "arctica" ? field("edition", "Arctica edition", select("edition", form.edition, editionOptions, (v) => { form.edition = v; })) : null,
        form.kind === "arctic" && form.mode === "public" ? h("fieldset", { class: "sides" }, h("legend", {}, "Power cards: the side up"),
          ANIMALS.map((a) => field(`side-${a}`, a.replace("_", " "), select(`side-${a}`, form.sides[a] || "A", [["A", "A"], ["B", "B"]], (v) => { form.sides[a] = v; })))) : null,
        field("tags", "Tags (name:value, comma separated)", h("input", { id: "tags", value: form.tags, oninput: (e) => { form.tags = e.target.value; } })),
        field("started", "Started at", h("input", { id: "started", type: "datetime-local", value: form.started, oninput: (e) => { form.started = e.target.value; } })),
        error ? h("p", { role: "alert", class: "error" }, error) : null,
        h("button", { type: "submit", id: "create", disabled: !apiKey() }, "Start recording")));
  }
  render();
}
