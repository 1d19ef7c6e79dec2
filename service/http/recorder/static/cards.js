// How a card is said on the page: "Fox card 1-3" (deck 1, draw value 3) as the timeline and the board say it.
const ANIMALS = { fox: "Fox", moose: "Moose", walrus: "Walrus", orca: "Orca", puffin: "Puffin", polar_bear: "Polar bear" };

export function cardLabel(card) {
  const m = /^d(\d+)-([a-z_]+)-(\d+)$/.exec(String(card));
  if (m) return `${ANIMALS[m[2]] || m[2]} card ${m[1]}-${m[3]}`;
  return `card ${card}`;
}

// A text from the API with its card ids said as cards ("place d2-walrus-3" -> "place Walrus card 2-3").
export function saidWithCards(text) {
  return String(text).replace(/\bd\d+-[a-z_]+-\d+\b/g, (id) => cardLabel(id));
}
