// The game kinds as GET /kinds describes them (built from the plug-ins: no page names a kind). The shell
// holds the document, so that the start page and the boards work offline; online, the start page asks
// the API for the current one.
import { api } from "./api.js";
import { lang, pageWords } from "./lang.js";

const data = JSON.parse(document.getElementById("recorder-data")?.textContent || "{}");
let known = data.kinds || [];

export function kinds() {
  return known;
}

export function kindOf(name) {
  return known.find((k) => k.kind === name) || null;
}

/** GET /kinds when the network answers, else the shell's; either way the kinds the page offers. */
export async function freshKinds() {
  try {
    const answer = await api("/kinds");
    if (answer && Array.isArray(answer.kinds)) known = answer.kinds;
  } catch { /* offline: the shell's document */ }
  return known;
}

/** The words a board is given: the page's own and its kind's vocabulary, in the language spoken. */
export function boardWords(name, spoken = lang()) {
  const own = (kindOf(name) || {}).words || {};
  return { ...pageWords(), ...Object.fromEntries(Object.entries(own).map(([key, forms]) => [key, forms[spoken] || forms.en])) };
}
