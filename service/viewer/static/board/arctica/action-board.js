// The action board: the action wheels in a ring, each turned as the view says (its four faces placed
// around it, the two it shows pointing at their spaces), and between them the action spaces with
// the two actions each offers; the pawn marks the space chosen this turn.
import { el, part, svg, word } from "../dom.js";

const CX = 260, CY = 250, R = 105, WHEEL = 58, SPACE = 200;

function at(angle, radius) {
  const a = (angle * Math.PI) / 180;
  return [CX + radius * Math.cos(a), CY + radius * Math.sin(a)];
}

export function actionBoard(ctx, view) {
  const board = view.board;
  const n = board.wheels.length;
  const wheelAngle = (w) => -90 + (360 * w) / n;
  const spaceAngle = (s) => wheelAngle(s) + 180 / n;
  // where each face of each wheel points: toward the space showing it, else outward then inward
  const pointing = board.wheels.map(() => new Map());
  board.action_spaces.forEach((space, s) => (space.faces || []).forEach((face, k) => {
    const w = space.wheels[k];
    const [wx, wy] = at(wheelAngle(w), R);
    const [sx, sy] = at(spaceAngle(s), SPACE);
    pointing[w].set(face, (Math.atan2(sy - wy, sx - wx) * 180) / Math.PI);
  }));
  const drawing = svg("svg", { viewBox: "0 0 520 500", class: "action-wheels", role: "img", "aria-label": word(ctx, "action_board") });
  board.wheels.forEach((wheel, w) => {
    const [x, y] = at(wheelAngle(w), R);
    const spare = [wheelAngle(w), wheelAngle(w) + 180];
    const g = svg("g", { class: "wheel-drawing", "data-wheel": w, "data-orientation": wheel.orientation });
    g.append(svg("title", { text: word(ctx, "wheel") + " " + (w + 1) + " · " + word(ctx, "orientation") + " " + wheel.orientation }));
    g.append(svg("circle", { cx: x, cy: y, r: WHEEL, class: "wheel-disc" }));
    wheel.faces.forEach((face, f) => {
      const shown = pointing[w].has(f);
      const angle = shown ? pointing[w].get(f) : spare.shift();
      const a = (angle * Math.PI) / 180;
      g.append(svg("line", { x1: x, y1: y, x2: x + WHEEL * Math.cos(a + Math.PI / 4), y2: y + WHEEL * Math.sin(a + Math.PI / 4), class: "wheel-split" }));
      const tx = x + 33 * Math.cos(a), ty = y + 33 * Math.sin(a);
      g.append(svg("text", { x: tx, y: ty + 3, "text-anchor": "middle", class: "face" + (shown ? " shown" : ""), "data-face": face, text: word(ctx, "arctica_" + face) }));
    });
    g.append(svg("circle", { cx: x, cy: y, r: 4, class: "hub" }));
    drawing.append(g);
  });
  board.action_spaces.forEach((space, s) => {
    const [x, y] = at(spaceAngle(s), SPACE);
    const pawn = view.pawn === s;
    const [a, b] = (space.actions || []).map((action) => word(ctx, "arctica_" + action));
    const g = svg("g", { class: "space-drawing" + (pawn ? " pawn-here" : ""), "data-space": s },
      svg("title", { text: word(ctx, "space") + " " + (s + 1) + ": " + (a || "") + " / " + (b || "") + (pawn ? " · " + word(ctx, "pawn") : "") }),
      svg("rect", { x: x - 64, y: y - 24, width: 128, height: 48, rx: 8 }),
      svg("text", { x, y: y - 7, "text-anchor": "middle", class: "space-action", text: a || "—" }),
      svg("text", { x, y: y + 9, "text-anchor": "middle", class: "space-action", text: b || "—" }),
      svg("text", { x: x - 56, y: y - 12, class: "space-number", text: String(s + 1) }));
    if (pawn) g.append(svg("circle", { cx: x + 56, cy: y - 16, r: 7, class: "pawn-dot" }));
    drawing.append(g);
  });
  const list = el("ol", { class: "spaces-list" }, board.action_spaces.map((space, s) =>
    el("li", { "data-space": s, class: view.pawn === s ? "pawn-here" : null },
      (space.actions || []).map((action) => word(ctx, "arctica_" + action)).join(" / ") || "—",
      view.pawn === s ? el("span", { class: "pawn", text: word(ctx, "pawn") }) : null)));
  return part("action-board", word(ctx, "action_board"), 2, drawing, list);
}
