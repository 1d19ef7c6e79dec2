// Whether this device checks moves offline with the project's rules (engine.js): the box is ticked only
// while the rules are wanted and loading or loaded here; a server without the engine says so, unticked.
import { h } from "./dom.js";
import { engineState, startEngine, wantEngine } from "./engine.js";

const SAID = {
  off: "",
  loading: " — loading…",
  ready: " — ready",
  missing: " — not available: this server has no engine installed (moves are checked by the server as they are sent)",
  failed: " — did not load on this device (moves are checked by the server as they are sent)",
};

export function engineChoice(onChange) {
  const state = engineState();
  const unavailable = state === "missing" || state === "failed";
  return h("div", { class: "key", id: "engine", dataset: { state } },
    h("input", {
      type: "checkbox", id: "engine-wanted", checked: state === "loading" || state === "ready", disabled: unavailable,
      onchange: (e) => {
        wantEngine(e.target.checked);
        if (e.target.checked) startEngine().then(onChange);
        onChange();
      },
    }),
    h("label", { for: "engine-wanted" }, "Check moves offline with the rules on this device (about 14 MB, once)", SAID[state]));
}
