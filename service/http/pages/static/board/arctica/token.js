// An animal token: its family's colour, its owner's seat number (1-based, as the players' panels show
// it) and, for a reader, "marine mammal token of Ana".
import { h, svg } from "../../dom.js";
import { playerName, word } from "../../words.js";

export function tokenTitle(ctx, seat, family) {
  return word(ctx, "token_of", { family: word(ctx, "arctica_" + family), player: playerName(ctx, seat) });
}

export function token(ctx, seat, family) {
  const title = tokenTitle(ctx, seat, family);
  return h("span", { class: "token family-" + family + " seat-" + seat, "data-token": family, "data-seat": seat, title, role: "img", "aria-label": title }, String(seat + 1));
}

export function seatBadge(ctx, seat) {
  return h("span", { class: "seat-badge seat-" + seat, "aria-hidden": "true", text: String(seat + 1) });
}

export function svgToken(ctx, seat, family, x, y) {
  const title = tokenTitle(ctx, seat, family);
  return svg("g", { class: "token-dot family-" + family + " seat-" + seat, "data-token": family, "data-seat": seat, role: "img", "aria-label": title },
    svg("title", { text: title }),
    svg("circle", { cx: x, cy: y, r: 8 }),
    svg("text", { x, y: y + 3.5, "text-anchor": "middle", text: String(seat + 1) }));
}
