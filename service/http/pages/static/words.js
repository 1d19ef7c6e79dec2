// The pages' words for a game: a word in the reader's language (ctx.words), a player by name, whom the
// table waits for; and a board's part with its heading. Shared by the boards, the viewer and the recorder.
import { h } from "./dom.js";

/** A word of the viewer in the reader's language (ctx.words), the key itself when unknown. */
export function word(ctx, key, fields) {
  let text = (ctx.words && ctx.words[key]) || key.replace(/^[a-z]+_/, "").replace(/_/g, " ");
  for (const [name, value] of Object.entries(fields || {})) text = text.split("{" + name + "}").join(String(value));
  return text;
}

/** A player by name (ctx.players, by seat); "Player 2" (1-based) when the name is unknown. */
export function playerName(ctx, seat) {
  const names = ctx.players || [];
  return seat >= 0 && seat < names.length ? names[seat] : word(ctx, "player") + " " + (seat + 1);
}

/** Whom the table waits for, said: "Siku, Aputsiaq to play", "the table decides", or nothing. */
export function waitingFor(ctx, seats, table) {
  if (table) return word(ctx, "table_to_play");
  if (!seats.length) return null;
  const verb = seats.length > 1 && ctx.words && ctx.words.active_many ? "active_many" : "active";
  return seats.map((s) => playerName(ctx, s)).join(", ") + " " + word(ctx, verb);
}

/** A section of the board with its heading (the page's h1 is the game, h2 its parts). */
export function part(className, title, level, ...children) {
  return h("section", { class: className, "aria-label": title }, h("h" + level, { text: title }), ...children);
}

export function capitalise(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
