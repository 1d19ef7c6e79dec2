// The API key: entered once per device, kept in this browser's storage, sent only in the
// Authorization header (api.js), and forgotten from the page.
import { h } from "../dom.js";
import { t } from "./lang.js";

const STORED = "banquise.apiKey";

export function apiKey() {
  return localStorage.getItem(STORED);
}

/** The request headers that carry the key (none without one). */
export function authorization() {
  const key = apiKey();
  return key ? { Authorization: `Bearer ${key}` } : {};
}

export function keyPanel(onChange) {
  if (apiKey()) {
    return h("section", { class: "key", "aria-label": t("api_key") },
      h("span", {}, t("key_kept") + " "),
      h("button", { type: "button", id: "forget-key", onclick: () => { localStorage.removeItem(STORED); onChange(); } },
        t("forget_key")));
  }
  const input = h("input", { id: "api-key", type: "password", autocomplete: "off", required: true });
  return h("form", {
    class: "key", id: "key-form",
    onsubmit: (e) => {
      e.preventDefault();
      const value = input.value.trim();
      if (value) { localStorage.setItem(STORED, value); onChange(); }
    },
  },
    h("label", { for: "api-key" }, t("key_label")),
    input,
    h("button", { type: "submit" }, t("keep_key")));
}
