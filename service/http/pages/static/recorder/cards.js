// How a card is said on the page: "Fox card 1-3" (deck 1, draw value 3) as the timeline and the board say
// it, in the language spoken — from the words of the kind that has that animal ("carte renard 1-3").
import { boardWords, kinds } from "./kinds.js";

export function cardLabel(card) {
  const m = /^d(\d+)-([a-z_]+)-(\d+)$/.exec(String(card));
  if (!m) return String(card);
  const key = `animal_${m[2]}`;
  const kind = kinds().find((k) => k.words && k.words[key]);
  const words = kind ? boardWords(kind.kind) : {};
  const text = (words.card_of || "{animal} card {number}").replace("{animal}", words[key] || m[2]).replace("{number}", `${m[1]}-${m[3]}`);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A text from the API with its card ids said as cards ("place d2-walrus-3" -> "place Walrus card 2-3").
export function saidWithCards(text) {
  return String(text).replace(/\bd\d+-[a-z_]+-\d+\b/g, (id) => cardLabel(id));
}
