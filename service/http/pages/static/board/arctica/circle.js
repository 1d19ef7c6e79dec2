// The Arctic Circle: its spaces in a ring, each with its ice tile (or the water where it melted) and
// the animal tokens migrating on it.
import { svg } from "../../dom.js";
import { part, word } from "../../words.js";
import { svgToken } from "./token.js";

const CX = 200, CY = 200, RING = 150, SPOT = 34;

export function circle(ctx, view) {
  const spaces = view.board.circle;
  const n = spaces.length;
  const drawing = svg("svg", { viewBox: "0 0 400 400", class: "circle-ring", role: "img", "aria-label": word(ctx, "circle") },
    svg("circle", { cx: CX, cy: CY, r: RING, class: "ring" }));
  spaces.forEach((space, i) => {
    const a = ((-90 + (360 * i) / n) * Math.PI) / 180;
    const x = CX + RING * Math.cos(a), y = CY + RING * Math.sin(a);
    const tokens = view.circle[i] || [];
    const ice = space.ice === null ? "" : space.melted ? word(ctx, "melted") : word(ctx, "ice") + " " + space.ice;
    const g = svg("g", { class: "circle-space" + (space.melted ? " melted" : ""), "data-circle": i },
      svg("title", { text: word(ctx, "space") + " " + (i + 1) + (ice ? " · " + ice : "") }),
      svg("circle", { cx: x, cy: y, r: SPOT, class: "spot" + (space.ice !== null && !space.melted ? " iced" : "") }));
    if (space.ice !== null) g.append(svg("text", { x, y: y - 18, "text-anchor": "middle", class: "ice-label", "data-ice": space.ice, text: space.melted ? "≈" : "❄" + space.ice }));
    tokens.forEach(([seat, family], k) => {
      const col = k % 3, row = Math.floor(k / 3);
      g.append(svgToken(ctx, seat, family, x - 16 + col * 16, y - 2 + row * 16));
    });
    drawing.append(g);
  });
  drawing.append(svg("text", { x: CX, y: CY + 5, "text-anchor": "middle", class: "ring-title", text: word(ctx, "circle") }));
  return part("circle", word(ctx, "circle"), 2, drawing);
}
