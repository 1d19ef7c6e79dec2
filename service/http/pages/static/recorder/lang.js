// The language the recorder speaks: the one chosen on the page (kept on this device), else the first of
// the browser's that the pages speak (English, French, Spanish). Every word comes with the shell
// (service/http/recorder/words.py and the viewer's; a game's words from its plug-in), so the page
// speaks it offline too.
import { h } from "../dom.js";

const data = JSON.parse(document.getElementById("recorder-data")?.textContent || "{}");
const KEPT = "banquise.lang";
export const LANGUAGES = [["en", "English"], ["fr", "Français"], ["es", "Español"]];
const known = (value) => LANGUAGES.some(([code]) => code === value);

export function lang() {
  const kept = localStorage.getItem(KEPT);
  if (known(kept)) return kept;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (known(primary)) return primary;
  }
  return "en";
}

/** The pages' words in the language spoken now (the viewer's boards and analysis are given them too). */
export function pageWords() {
  const all = data.words || {};
  return all[lang()] || all.en || {};
}

/** A word of the page, its {fields} filled in. */
export function t(key, fields = {}) {
  let text = pageWords()[key] ?? key;
  for (const [name, value] of Object.entries(fields)) text = text.split(`{${name}}`).join(String(value));
  return text;
}

/** A label a plug-in gives in each language (``words``: {en, fr, es}), else its English one. */
export function said(words, fallback) {
  return (words && words[lang()]) || fallback;
}

/** The page's frame in the language spoken: the document's language, its name under the title. */
export function frame() {
  document.documentElement.lang = lang();
  const name = document.getElementById("page-name");
  if (name) name.textContent = t("recorder");
}

/** The language chooser (top right): a change is kept on this device and the page drawn again. */
export function languageBox(onChange) {
  const select = h("select", {
    id: "language", onchange: (e) => { localStorage.setItem(KEPT, e.target.value); frame(); onChange(); },
  }, LANGUAGES.map(([code, name]) => h("option", { value: code, selected: code === lang(), lang: code }, name)));
  return h("span", { class: "language" }, h("label", { for: "language", class: "visually-hidden" }, t("language")), select);
}
