// Whether this device checks moves offline with the project's rules (engine.js): the box is ticked only
// while the rules are wanted and loading or loaded here; a server without the engine says so, unticked.
import { h } from "../dom.js";
import { engineState, startEngine, wantEngine } from "./engine.js";
import { t } from "./lang.js";

const SAID = { loading: "engine_loading", ready: "engine_ready", missing: "engine_missing", failed: "engine_failed" };

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
    h("label", { for: "engine-wanted" }, t("engine_box"), SAID[state] ? t(SAID[state]) : ""));
}
